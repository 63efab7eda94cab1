import { JobName } from '@registrar/contracts';
import type { FeatureJobs } from '../shared/queue/domain-ops.queue';
import { CompleteOperationJob } from './operations/complete-operation.job';
import { DomainOperationJob } from './operations/domain-operation.job';
import { ExpireMoveRequestsJob } from './operations/move.service';

const MOVE_SWEEP_SCHEDULER = 'expire-move-requests';

/** The portfolio's jobs on QueueName.DomainOps: bulk operations (one job per domain, a parent per run) and expired move requests. */
export const PORTFOLIO_JOBS: FeatureJobs = {
  feature: 'portfolio',
  names: [JobName.DomainOperation, JobName.CompleteOperation, JobName.ExpireMoveRequests],
  handlers: [DomainOperationJob, CompleteOperationJob, ExpireMoveRequestsJob],
  schedules: (config) => [
    { id: MOVE_SWEEP_SCHEDULER, name: JobName.ExpireMoveRequests, every: config.MOVE_SWEEP_EVERY_S * 1000, opts: { removeOnComplete: 10, removeOnFail: 50 } },
  ],
};
