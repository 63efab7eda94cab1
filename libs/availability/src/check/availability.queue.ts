import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Job, Queue, QueueEvents, UnrecoverableError, Worker } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { CheckAvailabilityJobData, CheckAvailabilityJobResult, JobName, QueueName } from '@registrar/contracts';
import { redisOptions } from '@registrar/infra';
import { AvailabilityConfig } from '../availability.config';
import { CheckAvailabilityJob, MAX_NAMES_PER_JOB } from './check-availability.job';

/** The job names that run on QueueName.Availability; each must have exactly one handler. */
export const AVAILABILITY_JOB_NAMES: readonly JobName[] = [JobName.CheckAvailability];

interface JobHandler {
  handle(data: unknown): Promise<unknown>;
}

/** Checks at boot that every job name of the queue has exactly one handler (and no handler is for another queue). */
export function assertHandlers(names: readonly string[], handlers: { jobName: string }[]): void {
  for (const name of names) {
    const n = handlers.filter((h) => h.jobName === name).length;
    if (n !== 1) throw new Error(`job ${name} of queue ${QueueName.Availability} has ${n} handlers; exactly one is required`);
  }
  const stray = handlers.filter((h) => !names.includes(h.jobName));
  if (stray.length) throw new Error(`handlers for unknown jobs on ${QueueName.Availability}: ${stray.map((h) => h.jobName).join(', ')}`);
}

/**
 * QueueName.Availability: the producer side (add a check job and wait for it) and the worker that runs them, with a
 * concurrency that lets a whole keyword search (18 jobs for 430 TLDs) run at once.
 */
@Injectable()
export class AvailabilityQueue implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(AvailabilityQueue.name);
  private queue!: Queue;
  private events!: QueueEvents;
  private worker!: Worker;
  private readonly handlers = new Map<string, JobHandler>();

  constructor(private readonly config: AvailabilityConfig, checkJob: CheckAvailabilityJob) {
    const list = [{ jobName: CheckAvailabilityJob.jobName, handler: checkJob as JobHandler }];
    assertHandlers(AVAILABILITY_JOB_NAMES, list);
    for (const h of list) this.handlers.set(h.jobName, h.handler);
  }

  async onModuleInit(): Promise<void> {
    const o = redisOptions(this.config.REDIS_URL);
    const connection = { host: o.host, port: o.port, password: o.password, db: o.db };
    this.queue = new Queue(QueueName.Availability, {
      connection: { ...connection, maxRetriesPerRequest: null },
      defaultJobOptions: {
        attempts: this.config.AVAILABILITY_ATTEMPTS,
        backoff: { type: 'fixed', delay: this.config.AVAILABILITY_RETRY_DELAY_MS },
        removeOnComplete: { age: 120, count: 5000 },
        removeOnFail: { age: 24 * 3600, count: 5000 },
      },
    });
    this.events = new QueueEvents(QueueName.Availability, { connection: { ...connection, maxRetriesPerRequest: null }, blockingTimeout: 5000 });
    this.events.setMaxListeners(0);
    this.worker = new Worker(QueueName.Availability, (job: Job) => this.process(job), {
      connection: { ...connection, maxRetriesPerRequest: null },
      concurrency: this.config.AVAILABILITY_CONCURRENCY,
    });
    this.worker.on('failed', (job, err) => this.logger.warn(`check job ${job?.id} attempt ${job?.attemptsMade} failed: ${err.message}`));
    this.worker.on('error', (err) => this.logger.error(`availability worker: ${err.message}`));
    await Promise.all([this.queue.waitUntilReady(), this.events.waitUntilReady(), this.worker.waitUntilReady()]);
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
    await this.events?.close();
    await this.queue?.close();
  }

  private async process(job: Job): Promise<unknown> {
    const handler = this.handlers.get(job.name);
    if (!handler) throw new UnrecoverableError(`no handler for job ${job.name}`);
    return handler.handle(job.data);
  }

  /** Adds one check job (at most 25 names) and waits for its answer, never longer than the configured timeout. */
  async runCheck(names: string[]): Promise<{ jobId: string; result: CheckAvailabilityJobResult }> {
    if (names.length === 0 || names.length > MAX_NAMES_PER_JOB) throw new RangeError(`a check job takes 1 to ${MAX_NAMES_PER_JOB} names`);
    const data: CheckAvailabilityJobData = { names };
    // checks are read-only: each request gets its own job id, so a retried job never answers another request's names
    const job = await this.queue.add(JobName.CheckAvailability, data, { jobId: `check-${randomUUID()}` });
    const result = (await job.waitUntilFinished(this.events, this.config.AVAILABILITY_JOB_TIMEOUT_MS)) as CheckAvailabilityJobResult;
    return { jobId: job.id!, result };
  }

  /** For tests and the admin dashboard: the queue itself. */
  get bullQueue(): Queue {
    return this.queue;
  }
}
