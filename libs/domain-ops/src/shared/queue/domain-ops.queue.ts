import { Injectable } from '@nestjs/common';
import { InjectFlowProducer, InjectQueue } from '@nestjs/bullmq';
import { FlowProducer, Queue } from 'bullmq';
import { CompleteOrderJobData, CompleteRenewalJobData, JobName, QueueName, RegisterDomainJobData, RenewDomainJobData, WhoisChangeJobData } from '@registrar/contracts';
import { DomainOpsConfig } from '../domain-ops.config';
import type { OrderItem } from '../../lifecycle/orders/registration-order.repository';
import type { RenewalItem } from '../../lifecycle/renewal/renewal.repository';

export type { JobAttempt } from '@registrar/infra';

/** The job names that run on QueueName.DomainOps; each must have exactly one handler, or the service refuses to start. */
export const DOMAIN_OPS_JOB_NAMES: readonly JobName[] = [JobName.RegisterDomain, JobName.CompleteOrder, JobName.WhoisChange, JobName.WhoisPendingSweep, JobName.RenewDomain, JobName.CompleteRenewal,
  JobName.DomainOperation, JobName.CompleteOperation, JobName.ExpireMoveRequests, JobName.AutoRenewSweep, JobName.ExpiryNoticeSweep,
  JobName.ProvisionalDeadlineSweep, JobName.DrainPollMessages, JobName.ExpireTransfers, JobName.ReconcileMoney, JobName.RegistryResync];



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

  /**
   * Starts the order's flow; adding it again (a retried call) adds nothing, the job ids being the same. The money
   * reconciler resumes an order whose jobs were lost with `suffix` ('-resume'): new job ids, the same items (a
   * RegisterDomain job leaves an ended item alone and checks the registry before creating).
   */
  async enqueueOrder(orderId: string, items: OrderItem[], suffix = ''): Promise<void> {
    await this.flows.add({
      name: JobName.CompleteOrder,
      queueName: QueueName.DomainOps,
      data: { orderId } satisfies CompleteOrderJobData,
      opts: { jobId: orderJobId(orderId) + suffix, attempts: 3, backoff: { type: 'exponential', delay: 1_000 }, removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 } },
      children: items.map((i) => ({
        name: JobName.RegisterDomain,
        queueName: QueueName.DomainOps,
        data: { orderId, itemId: i.id } satisfies RegisterDomainJobData,
        opts: {
          jobId: registerJobId(orderId, i.punycode) + suffix,
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
  async enqueueRenewal(renewalId: string, items: RenewalItem[], suffix = ''): Promise<void> {
    await this.flows.add({
      name: JobName.CompleteRenewal,
      queueName: QueueName.DomainOps,
      data: { renewalId } satisfies CompleteRenewalJobData,
      opts: { jobId: `renewal-${renewalId}${suffix}`, attempts: 3, backoff: { type: 'exponential', delay: 1_000 }, removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 } },
      children: items.map((i) => ({
        name: JobName.RenewDomain,
        queueName: QueueName.DomainOps,
        data: { renewalId, itemId: i.id } satisfies RenewDomainJobData,
        opts: {
          jobId: `renew-${renewalId}-${i.punycode}${suffix}`,
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

