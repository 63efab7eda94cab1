import { Inject } from '@nestjs/common';
import { Processor } from '@nestjs/bullmq';
import { JobName, QueueName } from '@registrar/contracts';
import { JobRoute, WORKER_RESILIENCE } from '@registrar/infra';
import { DomainOpsConfig } from '../shared/domain-ops.config';
import { FeatureProcessor } from '../shared/queue/domain-ops.processor';
import { featureRoutesToken, type FeatureJobs } from '../shared/queue/domain-ops.queue';
import { ProxyReserveRefillJob } from './proxy-reserve.job';
import { WhoisChangeJob, WhoisPendingSweep } from './whois-change.job';

const WHOIS_SWEEP_SCHEDULER = 'whois-pending-sweep';
const PROXY_RESERVE_SCHEDULER = 'proxy-reserve-refill';

/** The worker of QueueName.DomainOpsWhois: the feature's handlers, at the concurrency of every domain-ops worker. */
@Processor(QueueName.DomainOpsWhois, WORKER_RESILIENCE)
export class WhoisProcessor extends FeatureProcessor {
  constructor(config: DomainOpsConfig, @Inject(featureRoutesToken(QueueName.DomainOpsWhois)) routes: JobRoute[]) {
    super(config, WHOIS_JOBS, routes);
  }
}

/**
 * WHOIS's jobs, on its own queue QueueName.DomainOpsWhois: one domain's change at the registry, and the sweep of
 * changes awaiting approval, and the top-up of the reserve of proxy contacts made ahead (docs/purchase.md). The
 * reserve's run is scheduled even with the reserve off (PROXY_RESERVE_SIZE=0): it then only deletes the reserve
 * contacts of another proxy mail domain, and asks only the database when there are none.
 */
export const WHOIS_JOBS: FeatureJobs = {
  queue: QueueName.DomainOpsWhois,
  processor: WhoisProcessor,
  feature: 'whois',
  names: [JobName.WhoisChange, JobName.WhoisPendingSweep, JobName.ProxyReserveRefill],
  handlers: [WhoisChangeJob, WhoisPendingSweep, ProxyReserveRefillJob],
  schedules: (config) => [
    { id: WHOIS_SWEEP_SCHEDULER, name: JobName.WhoisPendingSweep, every: config.WHOIS_SWEEP_EVERY_S * 1000, opts: { removeOnComplete: 10, removeOnFail: 50 } },
    { id: PROXY_RESERVE_SCHEDULER, name: JobName.ProxyReserveRefill, every: config.PROXY_RESERVE_EVERY_S * 1000, opts: { removeOnComplete: 10, removeOnFail: 50 } },
  ],
};
