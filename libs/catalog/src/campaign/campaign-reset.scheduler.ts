import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { JobName, QueueName } from '@registrar/contracts';
import { JobRouter, WORKER_RESILIENCE, upsertAgainAfterReconnect } from '@registrar/infra';
import { BUSINESS_TZ } from '@registrar/rules';
import { CampaignService } from './campaign.service';

/** The scheduler id of the monthly reset (visible as a repeatable job of QueueName.Catalog). */
export const CAMPAIGN_RESET_SCHEDULER = 'campaign-counter-reset';
/** 0:00 on the 1st of every month, Asia/Tokyo. */
export const CAMPAIGN_RESET_PATTERN = '0 0 1 * *';

/** The job names that run on QueueName.Catalog; each must have exactly one handler, or the service refuses to start. */
export const CATALOG_JOB_NAMES: readonly JobName[] = [JobName.ResetCampaignCounters];

/**
 * JobName.ResetCampaignCounters: the count itself is keyed by the Tokyo month, so a late or missed run never lets last
 * month's count apply; the job drops the old rows.
 */
@Injectable()
export class ResetCampaignCountersJob {
  static readonly jobName = JobName.ResetCampaignCounters;
  private readonly logger = new Logger(ResetCampaignCountersJob.name);
  constructor(private readonly campaign: CampaignService) {}

  async handle(): Promise<{ purged: number }> {
    const purged = await this.campaign.purgeOldMonths();
    this.logger.log(`campaign counters of past months purged: ${purged}`);
    return { purged };
  }
}

/** QueueName.Catalog: a BullMQ job scheduler runs ResetCampaignCounters on the 1st at 0:00 Asia/Tokyo. */
@Injectable()
export class CampaignResetScheduler implements OnApplicationBootstrap {
  constructor(@InjectQueue(QueueName.Catalog) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.upsertSchedules();
    await upsertAgainAfterReconnect(this.queue, () => this.upsertSchedules());
  }

  private async upsertSchedules(): Promise<void> {
    await this.queue.upsertJobScheduler(
      CAMPAIGN_RESET_SCHEDULER,
      { pattern: CAMPAIGN_RESET_PATTERN, tz: BUSINESS_TZ },
      { name: JobName.ResetCampaignCounters, data: {}, opts: { attempts: 3, backoff: { type: 'exponential', delay: 10_000 }, removeOnComplete: 12, removeOnFail: 50 } },
    );
  }
}

/** The worker of QueueName.Catalog: one handler per job name (checked at boot). */
@Processor(QueueName.Catalog, { ...WORKER_RESILIENCE, concurrency: 1 })
export class CatalogProcessor extends JobRouter {
  constructor(reset: ResetCampaignCountersJob) {
    super(QueueName.Catalog, CATALOG_JOB_NAMES, [{ jobName: ResetCampaignCountersJob.jobName, handler: reset }]);
  }
}
