import { DynamicModule, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { BullModule, OnWorkerEvent, WorkerHost } from '@nestjs/bullmq';
import { Job, Queue, UnrecoverableError } from 'bullmq';
import { BaseConfig, loadConfig } from './config';
import { redisOptions, redisRetryStrategy } from './redis';

/**
 * BullMQ through `@nestjs/bullmq` (docs/jobs.md). A service module imports `bullRootModule()` once and
 * `BullModule.registerQueue({ name: QueueName.X })` (producers inject it with `@InjectQueue(QueueName.X)`); the queue's
 * worker is one `@Processor(QueueName.X)` class extending `JobRouter`, which routes each job by name to exactly one
 * handler and refuses to boot when a job name of the queue has none or several.
 */

/** How many times a job has run, for handlers whose last attempt behaves differently (refunds, error rows). */
export interface JobAttempt {
  attemptsMade: number;
  attempts: number;
}

/** One job name's handler: a plain injectable with `handle(data, attempt, job)`. */
export interface JobHandler {
  handle(data: any, attempt: JobAttempt, job: Job): Promise<unknown>;
}

export interface JobRoute {
  jobName: string;
  handler: JobHandler;
}

/** The boot check: every job name of the queue has exactly one handler, and no handler is for a job of another queue. */
export function assertJobHandlers(queue: string, names: readonly string[], handlers: readonly { jobName: string }[]): void {
  for (const name of names) {
    const n = handlers.filter((h) => h.jobName === name).length;
    if (n !== 1) throw new Error(`job ${name} of queue ${queue} has ${n} handlers; exactly one is required`);
  }
  const stray = handlers.filter((h) => !names.includes(h.jobName));
  if (stray.length) throw new Error(`handlers for unknown jobs on ${queue}: ${stray.map((h) => h.jobName).join(', ')}`);
}

/** BullMQ connection options from a redis:// URL (maxRetriesPerRequest null, as BullMQ workers require). */
export function bullConnection(url: string) {
  const o = redisOptions(url);
  return { host: o.host, port: o.port, password: o.password, db: o.db, maxRetriesPerRequest: null, retryStrategy: redisRetryStrategy };
}

/**
 * Lock and stall settings of every worker (docs/jobs.md): a worker renews its jobs' locks every 2.5 s; when its
 * process dies the lock lapses after 5 s and another replica's stall check (every 2 s) puts the job back, so it
 * resumes within about 7 s (BullMQ's defaults: 30 s + 30 s; measured in the topology stage). The lock is not shorter
 * because a busy event loop that misses renewals for longer than the lock would have its running jobs taken over and
 * run twice. A job found stalled twice fails instead of looping. Every JobRouter refuses to start without these.
 */
export const WORKER_RESILIENCE = { lockDuration: 5_000, stalledInterval: 2_000, maxStalledCount: 2 } as const;

/** `BullModule.forRoot` on the process's REDIS_URL, read when the module is created (tests set it before). */
export function bullRootModule(): DynamicModule {
  return BullModule.forRootAsync({ useFactory: () => ({ connection: bullConnection(loadConfig(BaseConfig).REDIS_URL) }) });
}

/**
 * The worker of one queue: `@Processor(QueueName.X)` on a subclass that passes the queue's job names and its routes.
 * Concurrency that comes from configuration is set through `concurrency()` (the decorator's options are static).
 */
export abstract class JobRouter extends WorkerHost implements OnApplicationBootstrap {
  protected readonly logger: Logger;
  private readonly routes = new Map<string, JobHandler>();

  protected constructor(readonly queueName: string, names: readonly string[], routes: readonly JobRoute[]) {
    super();
    this.logger = new Logger(`${queueName} worker`);
    assertJobHandlers(queueName, names, routes);
    for (const r of routes) this.routes.set(r.jobName, r.handler);
  }

  /** Parallel jobs of this worker (per process); undefined keeps the decorator's or BullMQ's default. */
  protected concurrency(): number | undefined {
    return undefined;
  }

  /** The worker exists from the module-init phase on (@nestjs/bullmq's registrar creates it). */
  async onApplicationBootstrap(): Promise<void> {
    // a worker without the short lock and stall settings would leave a killed replica's jobs for a minute (issue 22)
    const o = this.worker.opts;
    if ((o.lockDuration ?? 30_000) > WORKER_RESILIENCE.lockDuration || (o.stalledInterval ?? 30_000) > WORKER_RESILIENCE.stalledInterval) {
      throw new Error(`${this.queueName}: its @Processor must use WORKER_RESILIENCE (lock ${o.lockDuration ?? 'default'} ms, stall check ${o.stalledInterval ?? 'default'} ms)`);
    }
    const n = this.concurrency();
    if (n) this.worker.concurrency = n;
    await this.worker.waitUntilReady();
  }

  async process(job: Job): Promise<unknown> {
    const handler = this.routes.get(job.name);
    if (!handler) throw new UnrecoverableError(`no handler for job ${job.name} on ${this.queueName}`);
    return handler.handle(job.data, { attemptsMade: job.attemptsMade, attempts: job.opts.attempts ?? 1 }, job);
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job | undefined, err: Error): void {
    this.logger.warn(`${job?.name} ${job?.id} attempt ${job?.attemptsMade} failed: ${err.message}`);
  }

  @OnWorkerEvent('error')
  onError(err: Error): void {
    this.logger.error(`${this.queueName} worker: ${err.message}`);
  }
}

/**
 * Runs `upsert` (a queue's job schedulers, upserted by id) again every time the queue's connection is ready after a
 * reconnect: a Redis that came back without its data (no persistence, a failover) gets its schedules back at once.
 */
export async function upsertAgainAfterReconnect(queue: Queue, upsert: () => Promise<void>): Promise<void> {
  // the Redis backend's connection (BullMQ 6: queue.backend.connection.client)
  const connection = (queue as unknown as { backend?: { connection?: { client?: Promise<{ on(event: 'ready', f: () => void): unknown }> } } }).backend?.connection;
  const client = await connection?.client;
  if (typeof client?.on !== 'function') return;
  const logger = new Logger(`${queue.name} schedules`);
  client.on('ready', () => {
    upsert().catch((e: Error) => logger.warn(`schedules not restored after a reconnect: ${e.message}`));
  });
}

