import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { QueueName } from '@registrar/contracts';
import { JobRoute, JobRouter, WORKER_RESILIENCE, upsertAgainAfterReconnect } from '@registrar/infra';
import { DomainOpsConfig } from '../domain-ops.config';
import { DOMAIN_OPS_JOB_NAME_LIST, DOMAIN_OPS_JOB_ROUTES, DOMAIN_OPS_SCHEDULE_LIST, DomainOpsSchedule } from './domain-ops.queue';

/**
 * QueueName.DomainOps's schedules (job schedulers, upserted by id on every replica): each feature's own
 * (`FeatureJobs.schedules`), upserted again after a Redis reconnect.
 */
@Injectable()
export class DomainOpsSchedules implements OnApplicationBootstrap {
  constructor(@Inject(DOMAIN_OPS_SCHEDULE_LIST) private readonly schedules: () => DomainOpsSchedule[], @InjectQueue(QueueName.DomainOps) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.upsertSchedules();
    await upsertAgainAfterReconnect(this.queue, () => this.upsertSchedules());
  }

  private async upsertSchedules(): Promise<void> {
    for (const s of this.schedules()) {
      if ('pattern' in s) {
        if (s.pattern) await this.queue.upsertJobScheduler(s.id, { pattern: s.pattern, tz: s.tz }, { name: s.name, data: {}, opts: s.opts });
        else await this.queue.removeJobScheduler(s.id);
      } else if (s.every > 0) {
        await this.queue.upsertJobScheduler(s.id, { every: s.every, ...(s.startDate !== undefined ? { startDate: s.startDate } : {}) }, { name: s.name, data: {}, opts: s.opts });
      } else {
        await this.queue.removeJobScheduler(s.id);
      }
    }
  }
}

/** The worker of QueueName.DomainOps: one handler per job name of every feature (checked at boot). */
@Processor(QueueName.DomainOps, WORKER_RESILIENCE)
export class DomainOpsProcessor extends JobRouter {
  constructor(private readonly config: DomainOpsConfig, @Inject(DOMAIN_OPS_JOB_NAME_LIST) names: readonly string[], @Inject(DOMAIN_OPS_JOB_ROUTES) routes: JobRoute[]) {
    super(QueueName.DomainOps, names, routes);
  }

  protected override concurrency(): number {
    return Math.max(this.config.REGISTER_CONCURRENCY, this.config.OPERATION_CONCURRENCY);
  }
}
