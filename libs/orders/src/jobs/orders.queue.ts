import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { DefaultJobOptions, Queue } from 'bullmq';
import { JobName, QueueName } from '@registrar/contracts';
import { JobRouter, WORKER_RESILIENCE, upsertAgainAfterReconnect } from '@registrar/infra';
import { OrdersConfig } from '../orders.config';
import { ReconcilePaymentsJob } from '../payments/session/reconcile-payments.job';

/** The job names that run on QueueName.Orders; each must have exactly one handler, or the service refuses to start. */
export const ORDERS_JOB_NAMES: readonly JobName[] = [JobName.ReconcilePayments];

/** Default options of QueueName.Orders's jobs (BullModule.registerQueue). */
export const ORDERS_JOB_DEFAULTS: DefaultJobOptions = { attempts: 3, backoff: { type: 'exponential', delay: 5_000 }, removeOnComplete: { age: 3600, count: 1000 }, removeOnFail: { age: 7 * 24 * 3600 } };

/**
 * QueueName.Orders's schedules. Schedules are BullMQ job schedulers (upserted by id, so every replica may declare them
 * and each run is taken by one worker).
 */
@Injectable()
export class OrdersSchedules implements OnApplicationBootstrap {
  constructor(private readonly config: OrdersConfig, @InjectQueue(QueueName.Orders) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.upsertSchedules();
    await upsertAgainAfterReconnect(this.queue, () => this.upsertSchedules());
  }

  private async upsertSchedules(): Promise<void> {
    if (this.config.ORDERS_RECONCILE_EVERY_S > 0) {
      await this.queue.upsertJobScheduler('reconcile-payments', { every: this.config.ORDERS_RECONCILE_EVERY_S * 1000 }, { name: JobName.ReconcilePayments, data: {}, opts: { attempts: 1 } });
    }
  }
}

/** The worker of QueueName.Orders: one handler per job name (checked at boot). */
@Processor(QueueName.Orders, { ...WORKER_RESILIENCE, concurrency: 4 })
export class OrdersProcessor extends JobRouter {
  constructor(reconcile: ReconcilePaymentsJob) {
    super(QueueName.Orders, ORDERS_JOB_NAMES, [{ jobName: ReconcilePaymentsJob.jobName, handler: reconcile }]);
  }
}
