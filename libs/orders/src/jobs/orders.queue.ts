import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import { JobName, QueueName } from '@registrar/contracts';
import { redisOptions } from '@registrar/infra';
import { OrdersConfig } from '../orders.config';
import { ReconcilePaymentsJob } from '../payments/session/reconcile-payments.job';

/** The job names that run on QueueName.Orders; each must have exactly one handler, or the service refuses to start. */
export const ORDERS_JOB_NAMES: readonly JobName[] = [JobName.ReconcilePayments];

interface JobHandler {
  handle(data: unknown): Promise<unknown>;
}

export function assertOrdersHandlers(names: readonly string[], handlers: { jobName: string }[]): void {
  for (const name of names) {
    const n = handlers.filter((h) => h.jobName === name).length;
    if (n !== 1) throw new Error(`job ${name} of queue ${QueueName.Orders} has ${n} handlers; exactly one is required`);
  }
  const stray = handlers.filter((h) => !names.includes(h.jobName));
  if (stray.length) throw new Error(`handlers for unknown jobs on ${QueueName.Orders}: ${stray.map((h) => h.jobName).join(', ')}`);
}

/**
 * QueueName.Orders: the worker of the orders service's jobs and their schedules. Schedules are BullMQ job schedulers
 * (upserted by id, so every replica may declare them and each run is taken by one worker).
 */
@Injectable()
export class OrdersQueue implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(OrdersQueue.name);
  private queue!: Queue;
  private worker!: Worker;
  private readonly handlers = new Map<string, JobHandler>();

  constructor(private readonly config: OrdersConfig, reconcile: ReconcilePaymentsJob) {
    const list = [{ jobName: ReconcilePaymentsJob.jobName, handler: reconcile as JobHandler }];
    assertOrdersHandlers(ORDERS_JOB_NAMES, list);
    for (const h of list) this.handlers.set(h.jobName, h.handler);
  }

  async onModuleInit(): Promise<void> {
    const o = redisOptions(this.config.REDIS_URL);
    const connection = { host: o.host, port: o.port, password: o.password, db: o.db, maxRetriesPerRequest: null };
    this.queue = new Queue(QueueName.Orders, {
      connection,
      defaultJobOptions: { attempts: 3, backoff: { type: 'exponential', delay: 5_000 }, removeOnComplete: { age: 3600, count: 1000 }, removeOnFail: { age: 7 * 24 * 3600 } },
    });
    this.worker = new Worker(QueueName.Orders, (job: Job) => this.process(job), { connection, concurrency: 4 });
    this.worker.on('failed', (job, err) => this.logger.warn(`${job?.name} ${job?.id} attempt ${job?.attemptsMade} failed: ${err.message}`));
    this.worker.on('error', (err) => this.logger.error(`orders worker: ${err.message}`));
    await Promise.all([this.queue.waitUntilReady(), this.worker.waitUntilReady()]);
    if (this.config.ORDERS_RECONCILE_EVERY_S > 0) {
      await this.queue.upsertJobScheduler('reconcile-payments', { every: this.config.ORDERS_RECONCILE_EVERY_S * 1000 }, { name: JobName.ReconcilePayments, data: {}, opts: { attempts: 1 } });
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }

  private async process(job: Job): Promise<unknown> {
    const handler = this.handlers.get(job.name);
    if (!handler) throw new UnrecoverableError(`no handler for job ${job.name}`);
    return handler.handle(job.data);
  }
}
