import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Job, Queue, UnrecoverableError } from 'bullmq';
import { JobName, QueueName, SyncZoneJobData } from '@registrar/contracts';
import { DnsConfig } from '../dns.config';
import { ZoneService } from '../zones/zone.service';

/** The job names that run on QueueName.Dns; each has exactly one handler here. */
export const DNS_JOB_NAMES: readonly JobName[] = [JobName.SyncZone, JobName.ReconcileZones];

/**
 * QueueName.Dns: SyncZone (one name, added by whoever changes a domain: registration, name servers, moves, expiry) and
 * the repeating ReconcileZones (every DNS_RECONCILE_EVERY_MS, one scheduler for all replicas).
 */
@Processor(QueueName.Dns, { concurrency: Number(process.env.DNS_SYNC_CONCURRENCY ?? 4) })
export class DnsProcessor extends WorkerHost {
  private readonly logger = new Logger(DnsProcessor.name);

  constructor(private readonly zones: ZoneService) {
    super();
  }

  async process(job: Job): Promise<unknown> {
    switch (job.name as JobName) {
      case JobName.SyncZone: {
        const { punycode } = job.data as SyncZoneJobData;
        if (typeof punycode !== 'string' || !punycode) throw new UnrecoverableError('punycode is required');
        return this.zones.sync(punycode);
      }
      case JobName.ReconcileZones:
        return this.zones.reconcile();
      default:
        this.logger.error(`no handler for job ${job.name}`);
        throw new UnrecoverableError(`no handler for job ${job.name}`);
    }
  }
}

/** Keeps the reconciliation scheduled (or removes it when DNS_RECONCILE_EVERY_MS is 0). */
@Injectable()
export class DnsScheduler implements OnApplicationBootstrap {
  constructor(@InjectQueue(QueueName.Dns) private readonly queue: Queue, private readonly config: DnsConfig) {}

  async onApplicationBootstrap(): Promise<void> {
    const every = this.config.DNS_RECONCILE_EVERY_MS;
    if (every > 0) await this.queue.upsertJobScheduler(JobName.ReconcileZones, { every }, { name: JobName.ReconcileZones, opts: { removeOnComplete: 50, removeOnFail: 50 } });
    else await this.queue.removeJobScheduler(JobName.ReconcileZones);
  }
}
