import { Injectable } from '@nestjs/common';
import { InjectFlowProducer, InjectQueue, Processor } from '@nestjs/bullmq';
import { FlowProducer, Queue } from 'bullmq';
import { CompleteOrderJobData, JobName, QueueName, RegisterDomainJobData } from '@registrar/contracts';
import { JobRouter } from '@registrar/infra';
import { DomainOpsConfig } from '../domain-ops.config';
import type { OrderItem } from '../orders/registration-order.repository';
import { CompleteOrderJob } from './complete-order.job';
import { RegisterDomainJob } from './register-domain.job';

export type { JobAttempt } from '@registrar/infra';

/** The job names that run on QueueName.DomainOps; each must have exactly one handler, or the service refuses to start. */
export const DOMAIN_OPS_JOB_NAMES: readonly JobName[] = [JobName.RegisterDomain, JobName.CompleteOrder];

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
}

/** The worker of QueueName.DomainOps: one handler per job name (checked at boot). */
@Processor(QueueName.DomainOps)
export class DomainOpsProcessor extends JobRouter {
  constructor(private readonly config: DomainOpsConfig, register: RegisterDomainJob, complete: CompleteOrderJob) {
    super(QueueName.DomainOps, DOMAIN_OPS_JOB_NAMES, [
      { jobName: RegisterDomainJob.jobName, handler: register },
      { jobName: CompleteOrderJob.jobName, handler: complete },
    ]);
  }

  protected override concurrency(): number {
    return this.config.REGISTER_CONCURRENCY;
  }
}
