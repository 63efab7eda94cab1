import { JobName } from '@registrar/contracts';
import type { FeatureJobs } from '../shared/queue/domain-ops.queue';
import { WhoisChangeJob, WhoisPendingSweep } from './whois-change.job';

const WHOIS_SWEEP_SCHEDULER = 'whois-pending-sweep';

/** WHOIS's jobs on QueueName.DomainOps: one domain's change at the registry, and the sweep of changes awaiting approval. */
export const WHOIS_JOBS: FeatureJobs = {
  feature: 'whois',
  names: [JobName.WhoisChange, JobName.WhoisPendingSweep],
  handlers: [WhoisChangeJob, WhoisPendingSweep],
  schedules: (config) => [
    { id: WHOIS_SWEEP_SCHEDULER, name: JobName.WhoisPendingSweep, every: config.WHOIS_SWEEP_EVERY_S * 1000, opts: { removeOnComplete: 10, removeOnFail: 50 } },
  ],
};
