import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Queue, UnrecoverableError } from 'bullmq';
import { JobName, QueueName, SyncZoneJobData } from '@registrar/contracts';
import { JobRouter, WORKER_RESILIENCE, upsertAgainAfterReconnect } from '@registrar/infra';
import { DnsConfig } from '../dns.config';
import { DnssecService } from '../dnssec/dnssec.service';
import { ZoneService } from '../zones/zone.service';

/** The job names that run on QueueName.Dns; each has exactly one handler (checked at boot). */
export const DNS_JOB_NAMES: readonly JobName[] = [JobName.SyncZone, JobName.ReconcileZones, JobName.DnssecDue];

/** SyncZone: one name brought in line with its domain (added by whoever changes a domain, e.g. DnsZoneEvents in domain-ops). */
@Injectable()
export class SyncZoneJob {
  static readonly jobName = JobName.SyncZone;
  constructor(private readonly zones: ZoneService) {}
  handle(data: SyncZoneJobData) {
    if (typeof data?.punycode !== 'string' || !data.punycode) throw new UnrecoverableError('punycode is required');
    return this.zones.sync(data.punycode);
  }
}

/** ReconcileZones: every zone and every held domain compared (expiry, lost events). */
@Injectable()
export class ReconcileZonesJob {
  static readonly jobName = JobName.ReconcileZones;
  constructor(private readonly zones: ZoneService) {}
  handle() {
    return this.zones.reconcile();
  }
}

/** DnssecDue: a DNSSEC rollover's or disabling's second step, once the old DS has expired from caches (docs/dns.md "DNSSEC"). */
@Injectable()
export class DnssecDueJob {
  static readonly jobName = JobName.DnssecDue;
  constructor(private readonly dnssec: DnssecService) {}
  handle(data: { domainPkId?: number }) {
    return this.dnssec.finishDue(Number(data?.domainPkId) || undefined);
  }
}

/** QueueName.Dns's one worker. */
@Processor(QueueName.Dns, WORKER_RESILIENCE)
export class DnsProcessor extends JobRouter {
  constructor(private readonly config: DnsConfig, sync: SyncZoneJob, reconcile: ReconcileZonesJob, dnssecDue: DnssecDueJob) {
    super(QueueName.Dns, DNS_JOB_NAMES, [{ jobName: SyncZoneJob.jobName, handler: sync }, { jobName: ReconcileZonesJob.jobName, handler: reconcile }, { jobName: DnssecDueJob.jobName, handler: dnssecDue }]);
  }
  protected override concurrency() {
    return this.config.DNS_SYNC_CONCURRENCY;
  }
}

/** Keeps the reconciliation scheduled every DNS_RECONCILE_EVERY_MS (one job scheduler for all replicas), or removes it at 0. */
@Injectable()
export class DnsSchedules implements OnApplicationBootstrap {
  constructor(@InjectQueue(QueueName.Dns) private readonly queue: Queue, private readonly config: DnsConfig) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.upsertSchedules();
    await upsertAgainAfterReconnect(this.queue, () => this.upsertSchedules());
  }

  private async upsertSchedules(): Promise<void> {
    const every = this.config.DNS_RECONCILE_EVERY_MS;
    if (every > 0) {
      await this.queue.upsertJobScheduler(JobName.ReconcileZones, { every }, { name: JobName.ReconcileZones, opts: { removeOnComplete: 50, removeOnFail: 50 } });
      // and once at start (domains that came while no dns service ran); replicas starting in the same minute add one
      await this.queue.add(JobName.ReconcileZones, {}, { jobId: `reconcile-at-start-${Math.floor(Date.now() / 60_000)}`, removeOnComplete: 50, removeOnFail: 50 });
    } else await this.queue.removeJobScheduler(JobName.ReconcileZones);
  }
}
