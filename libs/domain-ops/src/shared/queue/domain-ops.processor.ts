import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getQueueToken, InjectQueue, OnWorkerEvent, Processor } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { QueueName } from '@registrar/contracts';
import { JobRoute, JobRouter, WORKER_RESILIENCE, upsertAgainAfterReconnect } from '@registrar/infra';
import { DomainOpsConfig } from '../domain-ops.config';
import { DOMAIN_OPS_FEATURES, DOMAIN_OPS_JOB_ROUTES, DomainOpsSchedule, FeatureJobs, jobNamesOf } from './domain-ops.queue';

/** Parallel jobs of each domain-ops worker per replica: what the one worker of `domain-ops` ran before the split. */
function workerConcurrency(config: DomainOpsConfig): number {
  return Math.max(config.REGISTER_CONCURRENCY, config.OPERATION_CONCURRENCY);
}

/**
 * The worker of one feature's queue: one handler per job name the feature owns (checked at boot). A feature declares
 * its own subclass with `@Processor(<its queue>, WORKER_RESILIENCE)` in its `*.jobs.ts` (the decorator is static).
 */
export abstract class FeatureProcessor extends JobRouter {
  protected constructor(private readonly config: DomainOpsConfig, feature: FeatureJobs, routes: readonly JobRoute[]) {
    super(feature.queue, feature.names, routes);
  }

  /** Refuses to start when the class's `@Processor` queue is not the feature's (its producers add to the feature's). */
  override async onApplicationBootstrap(): Promise<void> {
    if (this.worker.name !== this.queueName) throw new Error(`${this.constructor.name} works ${this.worker.name}, but its feature's jobs are on ${this.queueName}`);
    await super.onApplicationBootstrap();
  }

  protected override concurrency(): number {
    return workerConcurrency(this.config);
  }
}

/**
 * Every feature's schedules (job schedulers, upserted by id on every replica) on the feature's own queue
 * (`FeatureJobs.schedules`), upserted again after a Redis reconnect.
 */
@Injectable()
export class DomainOpsSchedules implements OnApplicationBootstrap {
  constructor(
    @Inject(DOMAIN_OPS_FEATURES) private readonly features: readonly FeatureJobs[],
    private readonly config: DomainOpsConfig,
    private readonly moduleRef: ModuleRef,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const f of this.features) {
      const queue = this.moduleRef.get<Queue>(getQueueToken(f.queue), { strict: false });
      const upsert = () => upsertSchedules(queue, f.schedules?.(this.config) ?? []);
      await upsert();
      await upsertAgainAfterReconnect(queue, upsert);
    }
  }
}

async function upsertSchedules(queue: Queue, schedules: readonly DomainOpsSchedule[]): Promise<void> {
  for (const s of schedules) {
    if ('pattern' in s) {
      if (s.pattern) await queue.upsertJobScheduler(s.id, { pattern: s.pattern, tz: s.tz }, { name: s.name, data: {}, opts: s.opts });
      else await queue.removeJobScheduler(s.id);
    } else if (s.every > 0) {
      await queue.upsertJobScheduler(s.id, { every: s.every, ...(s.startDate !== undefined ? { startDate: s.startDate } : {}) }, { name: s.name, data: {}, opts: s.opts });
    } else {
      await queue.removeJobScheduler(s.id);
    }
  }
}

/** The job states that still have work to do on the old queue (a flow's parent waits in 'waiting-children'). */
const LEFT = ['active', 'waiting', 'delayed', 'prioritized', 'waiting-children'] as const;

/**
 * The drain of the old queue QueueName.DomainOps (ADR 0036). Before each feature had its own queue, every domain-ops
 * job ran on `domain-ops`; at an upgrade some are still there (waiting, delayed for a retry, a flow's parent waiting for
 * its children), and during a rolling upgrade a replica of the old release may still add some. This worker runs any of
 * them by name with the feature's handler, in place (a flow's parent and children stay together), while the old queue
 * holds work: checked at boot, when the worker has drained the queue, and every LEGACY_DRAIN_CHECK_S. An empty queue
 * pauses it (no fetching, no stall checks). It also removes the old queue's job schedulers, which the features have
 * re-created on their own queues (an old replica still running may add them back; they are removed again).
 */
@Processor(QueueName.DomainOps, { ...WORKER_RESILIENCE, autorun: false })
export class LegacyQueueDrain extends JobRouter implements OnModuleDestroy {
  private readonly log = new Logger('domain-ops (old queue) drain');
  private timer?: NodeJS.Timeout;
  private checking?: Promise<void>;
  private closed = false;

  constructor(
    private readonly config: DomainOpsConfig,
    @Inject(DOMAIN_OPS_FEATURES) features: readonly FeatureJobs[],
    @Inject(DOMAIN_OPS_JOB_ROUTES) routes: JobRoute[],
    @InjectQueue(QueueName.DomainOps) private readonly queue: Queue,
  ) {
    super(QueueName.DomainOps, jobNamesOf(features), routes);
  }

  protected override concurrency(): number {
    return workerConcurrency(this.config);
  }

  override async onApplicationBootstrap(): Promise<void> {
    await super.onApplicationBootstrap();
    await this.check();
    const every = this.config.LEGACY_DRAIN_CHECK_S * 1000;
    if (every > 0) {
      this.timer = setInterval(() => void this.checkLogged(), every);
      this.timer.unref();
    }
  }

  onModuleDestroy(): void {
    this.closed = true;
    clearInterval(this.timer);
  }

  @OnWorkerEvent('drained')
  onDrained(): void {
    void this.checkLogged();
  }

  private async checkLogged(): Promise<void> {
    // a check that meets the shutdown loses its connection: nothing to report
    await this.check().catch((e: Error) => { if (!this.closed) this.log.warn(`check: ${e.message}`); });
  }

  /** Removes the old schedulers, then runs the worker while the old queue holds work and pauses it once it holds none. */
  check(): Promise<void> {
    // one check at a time (the timer and the 'drained' event may meet)
    this.checking ??= this.checkOnce().finally(() => { this.checking = undefined; });
    return this.checking;
  }

  private async checkOnce(): Promise<void> {
    if (this.closed) return;
    for (const s of await this.queue.getJobSchedulers()) {
      if (s.key) await this.queue.removeJobScheduler(s.key);
    }
    const counts = await this.queue.getJobCounts(...LEFT);
    const left = LEFT.reduce((n, state) => n + (counts[state] ?? 0), 0);
    const running = this.worker.isRunning() && !this.worker.isPaused();
    if (left > 0 && !running) {
      this.log.log(`${left} job(s) left on ${QueueName.DomainOps} by an older release: running them`);
      await this.worker.resume();
    } else if (left === 0 && running) {
      this.log.log(`${QueueName.DomainOps} is empty`);
      await this.worker.pause();
    }
  }
}
