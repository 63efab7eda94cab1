import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectFlowProducer, InjectQueue, Processor } from '@nestjs/bullmq';
import { FlowProducer, Queue } from 'bullmq';
import { CompleteOrderJobData, CompleteRenewalJobData, JobName, QueueName, RegisterDomainJobData, RenewDomainJobData } from '@registrar/contracts';
import { JobRouter } from '@registrar/infra';
import { DomainOpsConfig } from '../domain-ops.config';
import type { OrderItem } from '../orders/registration-order.repository';
import { CompleteOrderJob } from './complete-order.job';
import { RegisterDomainJob } from './register-domain.job';
import { WhoisChangeJob, WhoisChangeJobData, WhoisPendingSweep } from '../whois/whois-change.job';
import { CompleteOperationJob } from '../operations/complete-operation.job';
import { DomainOperationJob } from '../operations/domain-operation.job';
import { ExpireMoveRequestsJob } from '../operations/move.service';
import { CompleteRenewalJob } from '../renewal/complete-renewal.job';
import { RenewDomainJob } from '../renewal/renew-domain.job';
import type { RenewalItem } from '../renewal/renewal.repository';

export type { JobAttempt } from '@registrar/infra';

/** The job names that run on QueueName.DomainOps; each must have exactly one handler, or the service refuses to start. */
export const DOMAIN_OPS_JOB_NAMES: readonly JobName[] = [JobName.RegisterDomain, JobName.CompleteOrder, JobName.WhoisChange, JobName.WhoisPendingSweep, JobName.RenewDomain, JobName.CompleteRenewal,
  JobName.DomainOperation, JobName.CompleteOperation, JobName.ExpireMoveRequests];

const MOVE_SWEEP_SCHEDULER = 'expire-move-requests';

const WHOIS_SWEEP_SCHEDULER = 'whois-pending-sweep';

/** The flow producer of QueueName.DomainOps (registered with BullModule.registerFlowProducer). */
export const DOMAIN_OPS_FLOWS = 'domain-ops-flows';

/** BullMQ job ids may not contain ':'; the id keeps one job per order and per order item. */
export const orderJobId = (orderId: string) => `order-${orderId}`;
export const registerJobId = (orderId: string, punycode: string) => `register-${orderId}-${punycode}`;

/**
 * The producer side of QueueName.DomainOps: an order is a BullMQ flow, the CompleteOrder parent with one
 * RegisterDomain child per domain. The children run in parallel on any replica; the parent runs once they all have ended.
 */
@Injectable()
export class DomainOpsQueue {
  constructor(
    private readonly config: DomainOpsConfig,
    @InjectQueue(QueueName.DomainOps) readonly queue: Queue,
    @InjectFlowProducer(DOMAIN_OPS_FLOWS) readonly flows: FlowProducer,
  ) {}

  /** Starts the order's flow; adding it again (a retried call) adds nothing, the job ids being the same. */
  async enqueueOrder(orderId: string, items: OrderItem[]): Promise<void> {
    await this.flows.add({
      name: JobName.CompleteOrder,
      queueName: QueueName.DomainOps,
      data: { orderId } satisfies CompleteOrderJobData,
      opts: { jobId: orderJobId(orderId), attempts: 3, backoff: { type: 'exponential', delay: 1_000 }, removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 } },
      children: items.map((i) => ({
        name: JobName.RegisterDomain,
        queueName: QueueName.DomainOps,
        data: { orderId, itemId: i.id } satisfies RegisterDomainJobData,
        opts: {
          jobId: registerJobId(orderId, i.punycode),
          attempts: this.config.REGISTER_ATTEMPTS,
          backoff: { type: 'exponential', delay: this.config.REGISTER_BACKOFF_MS },
          ignoreDependencyOnFailure: true,
          removeOnComplete: { age: 24 * 3600 },
          removeOnFail: { age: 7 * 24 * 3600 },
        },
      })),
    });
  }

  /** Starts a renewal's flow: CompleteRenewal parent, one RenewDomain child per domain (job ids per renewal and domain). */
  async enqueueRenewal(renewalId: string, items: RenewalItem[]): Promise<void> {
    await this.flows.add({
      name: JobName.CompleteRenewal,
      queueName: QueueName.DomainOps,
      data: { renewalId } satisfies CompleteRenewalJobData,
      opts: { jobId: `renewal-${renewalId}`, attempts: 3, backoff: { type: 'exponential', delay: 1_000 }, removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 } },
      children: items.map((i) => ({
        name: JobName.RenewDomain,
        queueName: QueueName.DomainOps,
        data: { renewalId, itemId: i.id } satisfies RenewDomainJobData,
        opts: {
          jobId: `renew-${renewalId}-${i.punycode}`,
          attempts: this.config.REGISTER_ATTEMPTS,
          backoff: { type: 'exponential', delay: this.config.REGISTER_BACKOFF_MS },
          ignoreDependencyOnFailure: true,
          removeOnComplete: { age: 24 * 3600 },
          removeOnFail: { age: 7 * 24 * 3600 },
        },
      })),
    });
  }

  /** One domain's WHOIS change (a job id per request: a retried dispatch adds nothing). */
  async enqueueChange(domainId: number, token: string): Promise<void> {
    await this.queue.add(JobName.WhoisChange, { domainId, token } satisfies WhoisChangeJobData, {
      jobId: `whois-${domainId}-${token}`, attempts: 5, backoff: { type: 'exponential', delay: 2_000 }, removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 },
    });
  }
}

/** QueueName.DomainOps's schedules (job schedulers, upserted by id on every replica). */
@Injectable()
export class DomainOpsSchedules implements OnApplicationBootstrap {
  constructor(private readonly config: DomainOpsConfig, @InjectQueue(QueueName.DomainOps) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
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
  }
}

/** The worker of QueueName.DomainOps: one handler per job name (checked at boot). */
@Processor(QueueName.DomainOps)
export class DomainOpsProcessor extends JobRouter {
  constructor(private readonly config: DomainOpsConfig, register: RegisterDomainJob, complete: CompleteOrderJob, whoisChange: WhoisChangeJob, whoisSweep: WhoisPendingSweep, renewDomain: RenewDomainJob, completeRenewal: CompleteRenewalJob,
    operation: DomainOperationJob, completeOperation: CompleteOperationJob, expireMoves: ExpireMoveRequestsJob) {
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
    ]);
  }

  protected override concurrency(): number {
    return this.config.REGISTER_CONCURRENCY;
  }
}
