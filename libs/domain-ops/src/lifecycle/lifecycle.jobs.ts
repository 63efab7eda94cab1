import { Inject } from '@nestjs/common';
import { Processor } from '@nestjs/bullmq';
import { JobName, QueueName } from '@registrar/contracts';
import { JobRoute, WORKER_RESILIENCE } from '@registrar/infra';
import { DomainOpsConfig } from '../shared/domain-ops.config';
import { FeatureProcessor } from '../shared/queue/domain-ops.processor';
import { featureRoutesToken, type FeatureJobs } from '../shared/queue/domain-ops.queue';
import { ProvisionalDeadlineJob } from './activation/jp-activation.service';
import { AutoRenewSweepJob } from './expiry/auto-renew.job';
import { ExpiryNoticeSweepJob } from './expiry/expiry-notice.job';
import { CompleteOrderJob } from './orders/complete-order.job';
import { RegisterDomainJob } from './orders/register-domain.job';
import { RegistrationFollowUpJob } from './orders/registration-follow-up.job';
import { CompleteRenewalJob } from './renewal/complete-renewal.job';
import { RenewDomainJob } from './renewal/renew-domain.job';
import { DrainPollMessagesJob, ExpireTransfersJob } from './transfer/poll-messages.job';

const POLL_SCHEDULER = 'poll-messages';
const TRANSFER_SWEEP_SCHEDULER = 'expire-transfers';
const AUTO_RENEW_SCHEDULER = 'auto-renew';
const EXPIRY_NOTICE_SCHEDULER = 'expiry-notices';
const PROVISIONAL_DEADLINE_SCHEDULER = 'provisional-deadline';
const FOLLOW_UP_SCHEDULER = 'registration-follow-ups';

/** The worker of QueueName.DomainOpsLifecycle: the feature's handlers, at the concurrency of every domain-ops worker. */
@Processor(QueueName.DomainOpsLifecycle, WORKER_RESILIENCE)
export class LifecycleProcessor extends FeatureProcessor {
  constructor(config: DomainOpsConfig, @Inject(featureRoutesToken(QueueName.DomainOpsLifecycle)) routes: JobRoute[]) {
    super(config, LIFECYCLE_JOBS, routes);
  }
}

/**
 * The lifecycle's jobs, on its own queue QueueName.DomainOpsLifecycle: registration and renewal flows (a parent per
 * order or renewal, a child per domain), the registry's poll messages and the transfer-in auto-cancel, and the daily
 * sweeps (auto-renew, expiry notices, the provisional .co.jp deadline).
 */
export const LIFECYCLE_JOBS: FeatureJobs = {
  queue: QueueName.DomainOpsLifecycle,
  processor: LifecycleProcessor,
  feature: 'lifecycle',
  names: [JobName.RegisterDomain, JobName.RegistrationFollowUp, JobName.CompleteOrder, JobName.RenewDomain, JobName.CompleteRenewal, JobName.AutoRenewSweep, JobName.ExpiryNoticeSweep,
    JobName.ProvisionalDeadlineSweep, JobName.DrainPollMessages, JobName.ExpireTransfers],
  handlers: [RegisterDomainJob, RegistrationFollowUpJob, CompleteOrderJob, RenewDomainJob, CompleteRenewalJob, AutoRenewSweepJob, ExpiryNoticeSweepJob, ProvisionalDeadlineJob, DrainPollMessagesJob, ExpireTransfersJob],
  schedules: (config) => [
    // the registry's poll messages (transfers, accepted registrations) and the 7-day transfer-in auto-cancel (docs/transfers.md)
    { id: POLL_SCHEDULER, name: JobName.DrainPollMessages, every: config.POLL_EVERY_S * 1000, opts: { removeOnComplete: 20, removeOnFail: 50 } },
    { id: TRANSFER_SWEEP_SCHEDULER, name: JobName.ExpireTransfers, every: config.TRANSFER_SWEEP_EVERY_S * 1000, opts: { removeOnComplete: 20, removeOnFail: 50 } },
    // the registrations' follow-ups a run asked for at the record may have lost (a death, Redis lost): every 10 s
    { id: FOLLOW_UP_SCHEDULER, name: JobName.RegistrationFollowUp, every: 10_000, opts: { priority: 10, removeOnComplete: 20, removeOnFail: 50 } },
    // the daily lifecycle (docs/renewal-lifecycle.md): Tokyo time, whatever the server's zone
    ...([
      [AUTO_RENEW_SCHEDULER, config.AUTO_RENEW_CRON, JobName.AutoRenewSweep],
      [EXPIRY_NOTICE_SCHEDULER, config.EXPIRY_NOTICE_CRON, JobName.ExpiryNoticeSweep],
      [PROVISIONAL_DEADLINE_SCHEDULER, config.PROVISIONAL_DEADLINE_CRON, JobName.ProvisionalDeadlineSweep],
    ] as const).map(([id, pattern, name]) => ({
      id, name, pattern, tz: 'Asia/Tokyo', opts: { attempts: 3, backoff: { type: 'exponential', delay: 60_000 }, removeOnComplete: 100, removeOnFail: 100 },
    })),
  ],
};
