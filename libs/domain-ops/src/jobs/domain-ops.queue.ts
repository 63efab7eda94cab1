import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { FlowProducer, Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import { CompleteOrderJobData, JobName, QueueName, RegisterDomainJobData } from '@registrar/contracts';
import { redisOptions } from '@registrar/infra';
import { DomainOpsConfig } from '../domain-ops.config';
import type { OrderItem } from '../orders/registration-order.repository';
import { CompleteOrderJob } from './complete-order.job';
import { RegisterDomainJob } from './register-domain.job';
import { WhoisChangeJob, WhoisChangeJobData, WhoisPendingSweep } from '../whois/whois-change.job';

/** The job names that run on QueueName.DomainOps; each must have exactly one handler, or the service refuses to start. */
export const DOMAIN_OPS_JOB_NAMES: readonly JobName[] = [JobName.RegisterDomain, JobName.CompleteOrder, JobName.WhoisChange, JobName.WhoisPendingSweep];

const WHOIS_SWEEP_SCHEDULER = 'whois-pending-sweep';

export interface JobAttempt {
  attemptsMade: number;
  attempts: number;
}
interface JobHandler {
  handle(data: unknown, attempt: JobAttempt): Promise<unknown>;
}

export function assertDomainOpsHandlers(names: readonly string[], handlers: { jobName: string }[]): void {
  for (const name of names) {
    const n = handlers.filter((h) => h.jobName === name).length;
    if (n !== 1) throw new Error(`job ${name} of queue ${QueueName.DomainOps} has ${n} handlers; exactly one is required`);
  }
  const stray = handlers.filter((h) => !names.includes(h.jobName));
  if (stray.length) throw new Error(`handlers for unknown jobs on ${QueueName.DomainOps}: ${stray.map((h) => h.jobName).join(', ')}`);
}

/** BullMQ job ids may not contain ':'; the id keeps one job per order and per order item. */
export const orderJobId = (orderId: string) => `order-${orderId}`;
export const registerJobId = (orderId: string, punycode: string) => `register-${orderId}-${punycode}`;

/**
 * QueueName.DomainOps: an order is a BullMQ flow, the CompleteOrder parent with one RegisterDomain child per domain.
 * The children run in parallel on any replica; the parent runs once they all have ended.
 */
@Injectable()
export class DomainOpsQueue implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(DomainOpsQueue.name);
  private flows!: FlowProducer;
  private queue!: Queue;
  private worker!: Worker;
  private readonly handlers = new Map<string, JobHandler>();

  constructor(private readonly config: DomainOpsConfig, register: RegisterDomainJob, complete: CompleteOrderJob, whoisChange: WhoisChangeJob, whoisSweep: WhoisPendingSweep) {
    const list = [
      { jobName: RegisterDomainJob.jobName, handler: register as JobHandler },
      { jobName: CompleteOrderJob.jobName, handler: complete as JobHandler },
      { jobName: WhoisChangeJob.jobName, handler: whoisChange as JobHandler },
      { jobName: WhoisPendingSweep.jobName, handler: whoisSweep as JobHandler },
    ];
    assertDomainOpsHandlers(DOMAIN_OPS_JOB_NAMES, list);
    for (const h of list) this.handlers.set(h.jobName, h.handler);
  }

  async onModuleInit(): Promise<void> {
    const o = redisOptions(this.config.REDIS_URL);
    const connection = { host: o.host, port: o.port, password: o.password, db: o.db, maxRetriesPerRequest: null };
    this.flows = new FlowProducer({ connection });
    this.queue = new Queue(QueueName.DomainOps, { connection });
    this.worker = new Worker(QueueName.DomainOps, (job: Job) => this.process(job), { connection, concurrency: this.config.REGISTER_CONCURRENCY });
    this.worker.on('failed', (job, err) => this.logger.warn(`${job?.name} ${job?.id} attempt ${job?.attemptsMade} failed: ${err.message}`));
    this.worker.on('error', (err) => this.logger.error(`domain-ops worker: ${err.message}`));
    await Promise.all([this.queue.waitUntilReady(), this.worker.waitUntilReady()]);
    if (this.config.WHOIS_SWEEP_EVERY_S > 0) {
      await this.queue.upsertJobScheduler(WHOIS_SWEEP_SCHEDULER, { every: this.config.WHOIS_SWEEP_EVERY_S * 1000 }, { name: JobName.WhoisPendingSweep, data: {}, opts: { removeOnComplete: 10, removeOnFail: 50 } });
    } else {
      await this.queue.removeJobScheduler(WHOIS_SWEEP_SCHEDULER);
    }
  }

  /** One domain's WHOIS change (a job id per request: a retried dispatch adds nothing). */
  async enqueueChange(domainId: number, token: string): Promise<void> {
    await this.queue.add(JobName.WhoisChange, { domainId, token } satisfies WhoisChangeJobData, {
      jobId: `whois-${domainId}-${token}`, attempts: 5, backoff: { type: 'exponential', delay: 2_000 }, removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 },
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
    await this.flows?.close();
    await this.queue?.close();
  }

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

  private async process(job: Job): Promise<unknown> {
    const handler = this.handlers.get(job.name);
    if (!handler) throw new UnrecoverableError(`no handler for job ${job.name}`);
    return handler.handle(job.data, { attemptsMade: job.attemptsMade, attempts: job.opts.attempts ?? 1 });
  }
}
