import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import { JobName, QueueName } from '@registrar/contracts';
import { redisOptions } from '@registrar/infra';
import { BUSINESS_TZ } from '@registrar/rules';
import { CatalogConfig } from '../catalog.config';
import { CampaignService } from './campaign.service';

/** The scheduler id of the monthly reset (visible as a repeatable job of QueueName.Catalog). */
export const CAMPAIGN_RESET_SCHEDULER = 'campaign-counter-reset';
/** 0:00 on the 1st of every month, Asia/Tokyo. */
export const CAMPAIGN_RESET_PATTERN = '0 0 1 * *';

/**
 * QueueName.Catalog: a BullMQ job scheduler runs ResetCampaignCounters on the 1st at 0:00 Asia/Tokyo. The count
 * itself is keyed by the Tokyo month, so a late or missed run never lets last month's count apply; the job drops
 * the old rows.
 */
@Injectable()
export class CampaignResetScheduler implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(CampaignResetScheduler.name);
  private queue?: Queue;
  private worker?: Worker;

  constructor(private readonly config: CatalogConfig, private readonly campaign: CampaignService) {}

  async onModuleInit(): Promise<void> {
    const o = redisOptions(this.config.REDIS_URL);
    const connection = { host: o.host, port: o.port, password: o.password, db: o.db, maxRetriesPerRequest: null };
    this.queue = new Queue(QueueName.Catalog, { connection });
    this.worker = new Worker(QueueName.Catalog, (job: Job) => this.process(job), { connection, concurrency: 1 });
    this.worker.on('error', (err) => this.logger.error(`catalog worker: ${err.message}`));
    await this.queue.upsertJobScheduler(
      CAMPAIGN_RESET_SCHEDULER,
      { pattern: CAMPAIGN_RESET_PATTERN, tz: BUSINESS_TZ },
      { name: JobName.ResetCampaignCounters, data: {}, opts: { attempts: 3, backoff: { type: 'exponential', delay: 10_000 }, removeOnComplete: 12, removeOnFail: 50 } },
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }

  private async process(job: Job): Promise<unknown> {
    if (job.name !== JobName.ResetCampaignCounters) throw new UnrecoverableError(`no handler for job ${job.name} on ${QueueName.Catalog}`);
    const purged = await this.campaign.purgeOldMonths();
    this.logger.log(`campaign counters of past months purged: ${purged}`);
    return { purged };
  }
}
