import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { JobName, QueueName, StatsResult } from '@registrar/contracts';
import { CLOCK, type Clock, JobRouter, WORKER_RESILIENCE } from '@registrar/infra';
import { AdminConfig } from './admin.config';
import { AdminRepository } from './admin.repository';
import { DomainOpsPort } from './domain-ops.port';

export const STATS_SNAPSHOT_SCHEDULER = 'stats-snapshot';
const ADMIN_JOB_NAMES: readonly JobName[] = [JobName.AdminStatsSnapshot];

/** The day's statistics snapshot: the Tokyo year's monthly contract stats as domain-ops computes them, kept per day. */
@Injectable()
export class StatsSnapshotJob {
  static readonly jobName = JobName.AdminStatsSnapshot;

  constructor(private readonly domainOps: DomainOpsPort, private readonly repo: AdminRepository, @Inject(CLOCK) private readonly clock: Clock) {}

  async handle(): Promise<{ takenOn: string; rows: number }> {
    const today = new Date(this.clock.now().getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
    const year = Number(today.slice(0, 4));
    const r = await this.domainOps.stats<StatsResult>({ year, quarter: 0 });
    await this.repo.saveSnapshot(today, year, r.stats);
    return { takenOn: today, rows: r.stats.length };
  }
}

/** QueueName.Admin's schedule (a job scheduler, upserted on every replica; on the queue board with the others). */
@Injectable()
export class AdminSchedules implements OnApplicationBootstrap {
  constructor(private readonly config: AdminConfig, @InjectQueue(QueueName.Admin) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    const pattern = this.config.ADMIN_STATS_SNAPSHOT_CRON;
    if (pattern) {
      await this.queue.upsertJobScheduler(STATS_SNAPSHOT_SCHEDULER, { pattern, tz: 'Asia/Tokyo' },
        { name: JobName.AdminStatsSnapshot, data: {}, opts: { attempts: 3, backoff: { type: 'exponential', delay: 60_000 }, removeOnComplete: 30, removeOnFail: 30 } });
    } else {
      await this.queue.removeJobScheduler(STATS_SNAPSHOT_SCHEDULER);
    }
  }
}

/** The worker of QueueName.Admin. */
@Processor(QueueName.Admin, WORKER_RESILIENCE)
export class AdminProcessor extends JobRouter {
  constructor(snapshot: StatsSnapshotJob) {
    super(QueueName.Admin, ADMIN_JOB_NAMES, [{ jobName: StatsSnapshotJob.jobName, handler: snapshot }]);
  }
}
