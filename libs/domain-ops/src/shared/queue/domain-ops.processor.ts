import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { JobName, QueueName } from '@registrar/contracts';
import { JobRouter, WORKER_RESILIENCE, upsertAgainAfterReconnect } from '@registrar/infra';
import { DomainOpsConfig } from '../domain-ops.config';
import { AutoRenewSweepJob } from '../../lifecycle/expiry/auto-renew.job';
import { ExpiryNoticeSweepJob } from '../../lifecycle/expiry/expiry-notice.job';
import { CompleteOperationJob } from '../../portfolio/operations/complete-operation.job';
import { DomainOperationJob } from '../../portfolio/operations/domain-operation.job';
import { ExpireMoveRequestsJob } from '../../portfolio/operations/move.service';
import { CompleteRenewalJob } from '../../lifecycle/renewal/complete-renewal.job';
import { RenewDomainJob } from '../../lifecycle/renewal/renew-domain.job';
import { WhoisChangeJob, WhoisPendingSweep } from '../../whois/whois-change.job';
import { CompleteOrderJob } from '../../lifecycle/orders/complete-order.job';
import { DOMAIN_OPS_JOB_NAMES } from './domain-ops.queue';
import { RegisterDomainJob } from '../../lifecycle/orders/register-domain.job';
import { DrainPollMessagesJob, ExpireTransfersJob } from '../../lifecycle/transfer/poll-messages.job';
import { ProvisionalDeadlineJob } from '../../lifecycle/activation/jp-activation.service';
import { MoneyReconcilerJob } from '../../registry-sync/reconcile/money-reconciler.job';
import { RegistryResyncJob } from '../../registry-sync/registry-sync.job';

const MOVE_SWEEP_SCHEDULER = 'expire-move-requests';
const WHOIS_SWEEP_SCHEDULER = 'whois-pending-sweep';
export const POLL_SCHEDULER = 'poll-messages';
export const TRANSFER_SWEEP_SCHEDULER = 'expire-transfers';
export const AUTO_RENEW_SCHEDULER = 'auto-renew';
export const EXPIRY_NOTICE_SCHEDULER = 'expiry-notices';
export const PROVISIONAL_DEADLINE_SCHEDULER = 'provisional-deadline';
export const MONEY_RECONCILE_SCHEDULER = 'money-reconciler';

/** QueueName.DomainOps's schedules (job schedulers, upserted by id on every replica). */
@Injectable()
export class DomainOpsSchedules implements OnApplicationBootstrap {
  constructor(private readonly config: DomainOpsConfig, @InjectQueue(QueueName.DomainOps) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.upsertSchedules();
    await upsertAgainAfterReconnect(this.queue, () => this.upsertSchedules());
  }

  private async upsertSchedules(): Promise<void> {
    if (this.config.WHOIS_SWEEP_EVERY_S > 0) {
      await this.queue.upsertJobScheduler(WHOIS_SWEEP_SCHEDULER, { every: this.config.WHOIS_SWEEP_EVERY_S * 1000 }, { name: JobName.WhoisPendingSweep, data: {}, opts: { removeOnComplete: 10, removeOnFail: 50 } });
    } else {
      await this.queue.removeJobScheduler(WHOIS_SWEEP_SCHEDULER);
    }
    if (this.config.MOVE_SWEEP_EVERY_S > 0) {
      await this.queue.upsertJobScheduler(MOVE_SWEEP_SCHEDULER, { every: this.config.MOVE_SWEEP_EVERY_S * 1000 }, { name: JobName.ExpireMoveRequests, data: {}, opts: { removeOnComplete: 10, removeOnFail: 50 } });
    } else {
      await this.queue.removeJobScheduler(MOVE_SWEEP_SCHEDULER);
    }
    // the registry's poll messages (transfers, accepted registrations) and the 7-day transfer-in auto-cancel (docs/transfers.md)
    for (const [id, every, name] of [
      [POLL_SCHEDULER, this.config.POLL_EVERY_S, JobName.DrainPollMessages],
      [TRANSFER_SWEEP_SCHEDULER, this.config.TRANSFER_SWEEP_EVERY_S, JobName.ExpireTransfers],
    ] as const) {
      if (every > 0) await this.queue.upsertJobScheduler(id, { every: every * 1000 }, { name, data: {}, opts: { removeOnComplete: 20, removeOnFail: 50 } });
      else await this.queue.removeJobScheduler(id);
    }
    // stuck orders and renewals, spends with neither a delivery nor a refund (docs/payments.md); the first pass one
    // interval after boot, once the services it asks (orders) have had time to start
    const every = this.config.MONEY_RECONCILE_EVERY_S * 1000;
    if (every > 0) {
      await this.queue.upsertJobScheduler(MONEY_RECONCILE_SCHEDULER, { every, startDate: Date.now() + every }, { name: JobName.ReconcileMoney, data: {}, opts: { removeOnComplete: 20, removeOnFail: 50 } });
    } else {
      await this.queue.removeJobScheduler(MONEY_RECONCILE_SCHEDULER);
    }
    // the daily lifecycle (docs/renewal-lifecycle.md): Tokyo time, whatever the server's zone
    for (const [id, pattern, name] of [
      [AUTO_RENEW_SCHEDULER, this.config.AUTO_RENEW_CRON, JobName.AutoRenewSweep],
      [EXPIRY_NOTICE_SCHEDULER, this.config.EXPIRY_NOTICE_CRON, JobName.ExpiryNoticeSweep],
      [PROVISIONAL_DEADLINE_SCHEDULER, this.config.PROVISIONAL_DEADLINE_CRON, JobName.ProvisionalDeadlineSweep],
    ] as const) {
      if (pattern) await this.queue.upsertJobScheduler(id, { pattern, tz: 'Asia/Tokyo' }, { name, data: {}, opts: { attempts: 3, backoff: { type: 'exponential', delay: 60_000 }, removeOnComplete: 100, removeOnFail: 100 } });
      else await this.queue.removeJobScheduler(id);
    }
  }
}

/** The worker of QueueName.DomainOps: one handler per job name (checked at boot). */
@Processor(QueueName.DomainOps, WORKER_RESILIENCE)
export class DomainOpsProcessor extends JobRouter {
  constructor(private readonly config: DomainOpsConfig, register: RegisterDomainJob, complete: CompleteOrderJob, whoisChange: WhoisChangeJob, whoisSweep: WhoisPendingSweep, renewDomain: RenewDomainJob, completeRenewal: CompleteRenewalJob,
    operation: DomainOperationJob, completeOperation: CompleteOperationJob, expireMoves: ExpireMoveRequestsJob, autoRenew: AutoRenewSweepJob, expiryNotice: ExpiryNoticeSweepJob,
    provisionalDeadline: ProvisionalDeadlineJob, drainPoll: DrainPollMessagesJob, expireTransfers: ExpireTransfersJob, reconcileMoney: MoneyReconcilerJob, registryResync: RegistryResyncJob) {
    super(QueueName.DomainOps, DOMAIN_OPS_JOB_NAMES, [
      { jobName: RegisterDomainJob.jobName, handler: register },
      { jobName: CompleteOrderJob.jobName, handler: complete },
      { jobName: WhoisChangeJob.jobName, handler: whoisChange },
      { jobName: WhoisPendingSweep.jobName, handler: whoisSweep },
      { jobName: RenewDomainJob.jobName, handler: renewDomain },
      { jobName: CompleteRenewalJob.jobName, handler: completeRenewal },
      { jobName: DomainOperationJob.jobName, handler: operation },
      { jobName: CompleteOperationJob.jobName, handler: completeOperation },
      { jobName: ExpireMoveRequestsJob.jobName, handler: expireMoves },
      { jobName: AutoRenewSweepJob.jobName, handler: autoRenew },
      { jobName: ExpiryNoticeSweepJob.jobName, handler: expiryNotice },
      { jobName: DrainPollMessagesJob.jobName, handler: drainPoll },
      { jobName: ExpireTransfersJob.jobName, handler: expireTransfers },
      { jobName: ProvisionalDeadlineJob.jobName, handler: provisionalDeadline },
      { jobName: MoneyReconcilerJob.jobName, handler: reconcileMoney },
      { jobName: RegistryResyncJob.jobName, handler: registryResync },
    ]);
  }

  protected override concurrency(): number {
    return Math.max(this.config.REGISTER_CONCURRENCY, this.config.OPERATION_CONCURRENCY);
  }
}
