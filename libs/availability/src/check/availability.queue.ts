import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Queue, QueueEvents } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { CheckAvailabilityJobData, CheckAvailabilityJobResult, JobName, QueueName } from '@registrar/contracts';
import { bullConnection, JobRouter, WORKER_RESILIENCE } from '@registrar/infra';
import { AvailabilityConfig } from '../availability.config';
import { CheckAvailabilityJob, MAX_NAMES_PER_JOB } from './check-availability.job';

/** The job names that run on QueueName.Availability; each must have exactly one handler. */
export const AVAILABILITY_JOB_NAMES: readonly JobName[] = [JobName.CheckAvailability];

/**
 * QueueName.Availability, the producer side: add a check job and wait for its answer (QueueEvents).
 */
@Injectable()
export class AvailabilityQueue implements OnModuleInit, OnModuleDestroy {
  private events!: QueueEvents;

  constructor(private readonly config: AvailabilityConfig, @InjectQueue(QueueName.Availability) private readonly queue: Queue) {}

  async onModuleInit(): Promise<void> {
    this.events = new QueueEvents(QueueName.Availability, { connection: bullConnection(this.config.REDIS_URL), blockingTimeout: 5000 });
    this.events.setMaxListeners(0);
    await Promise.all([this.queue.waitUntilReady(), this.events.waitUntilReady()]);
  }

  async onModuleDestroy(): Promise<void> {
    await this.events?.close();
  }

  /** Adds one check job (at most 25 names) and waits for its answer, never longer than the configured timeout. */
  async runCheck(names: string[]): Promise<{ jobId: string; result: CheckAvailabilityJobResult }> {
    if (names.length === 0 || names.length > MAX_NAMES_PER_JOB) throw new RangeError(`a check job takes 1 to ${MAX_NAMES_PER_JOB} names`);
    const data: CheckAvailabilityJobData = { names };
    // checks are read-only: each request gets its own job id, so a retried job never answers another request's names
    const job = await this.queue.add(JobName.CheckAvailability, data, {
      jobId: `check-${randomUUID()}`,
      attempts: this.config.AVAILABILITY_ATTEMPTS,
      backoff: { type: 'fixed', delay: this.config.AVAILABILITY_RETRY_DELAY_MS },
      removeOnComplete: { age: 120, count: 5000 },
      removeOnFail: { age: 24 * 3600, count: 5000 },
    });
    const result = (await job.waitUntilFinished(this.events, this.config.AVAILABILITY_JOB_TIMEOUT_MS)) as CheckAvailabilityJobResult;
    return { jobId: job.id!, result };
  }

  /** For tests and the admin dashboard: the queue itself. */
  get bullQueue(): Queue {
    return this.queue;
  }
}

/** The worker of QueueName.Availability, with a concurrency that lets a whole keyword search (18 jobs for 430 TLDs) run at once. */
@Processor(QueueName.Availability, WORKER_RESILIENCE)
export class AvailabilityProcessor extends JobRouter {
  constructor(private readonly config: AvailabilityConfig, check: CheckAvailabilityJob) {
    super(QueueName.Availability, AVAILABILITY_JOB_NAMES, [{ jobName: CheckAvailabilityJob.jobName, handler: check }]);
  }

  protected override concurrency(): number {
    return this.config.AVAILABILITY_CONCURRENCY;
  }
}
