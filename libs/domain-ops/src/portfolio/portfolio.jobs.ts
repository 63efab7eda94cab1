import { Inject } from '@nestjs/common';
import { Processor } from '@nestjs/bullmq';
import { JobName, QueueName } from '@registrar/contracts';
import { JobRoute, WORKER_RESILIENCE } from '@registrar/infra';
import { DomainOpsConfig } from '../shared/domain-ops.config';
import { FeatureProcessor } from '../shared/queue/domain-ops.processor';
import { featureRoutesToken, type FeatureJobs } from '../shared/queue/domain-ops.queue';
import { CompleteOperationJob } from './operations/complete-operation.job';
import { DomainOperationJob } from './operations/domain-operation.job';
import { ExpireMoveRequestsJob } from './operations/move.service';

const MOVE_SWEEP_SCHEDULER = 'expire-move-requests';

/** The worker of QueueName.DomainOpsPortfolio: the feature's handlers, at the concurrency of every domain-ops worker. */
@Processor(QueueName.DomainOpsPortfolio, WORKER_RESILIENCE)
export class PortfolioProcessor extends FeatureProcessor {
  constructor(config: DomainOpsConfig, @Inject(featureRoutesToken(QueueName.DomainOpsPortfolio)) routes: JobRoute[]) {
    super(config, PORTFOLIO_JOBS, routes);
  }
}

/**
 * The portfolio's jobs, on its own queue QueueName.DomainOpsPortfolio: bulk operations (one job per domain, a parent
 * per run) and expired move requests.
 */
export const PORTFOLIO_JOBS: FeatureJobs = {
  queue: QueueName.DomainOpsPortfolio,
  processor: PortfolioProcessor,
  feature: 'portfolio',
  names: [JobName.DomainOperation, JobName.CompleteOperation, JobName.ExpireMoveRequests],
  handlers: [DomainOperationJob, CompleteOperationJob, ExpireMoveRequestsJob],
  schedules: (config) => [
    { id: MOVE_SWEEP_SCHEDULER, name: JobName.ExpireMoveRequests, every: config.MOVE_SWEEP_EVERY_S * 1000, opts: { removeOnComplete: 10, removeOnFail: 50 } },
  ],
};
