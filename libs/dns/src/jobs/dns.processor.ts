import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Queue, UnrecoverableError } from 'bullmq';
import { JobName, QueueName, SyncZoneJobData } from '@registrar/contracts';
import { JobRouter, WORKER_RESILIENCE, upsertAgainAfterReconnect } from '@registrar/infra';
import { DnsConfig } from '../dns.config';
import { DnssecService } from '../dnssec/dnssec.service';
import { ForwardingConfig } from '../forwarding/forwarding.config';
import { ForwardCertService } from '../forwarding/forward-cert.service';
import { ZoneService } from '../zones/zone.service';

/** The job names that run on QueueName.Dns; each has exactly one handler (checked at boot). */
export const DNS_JOB_NAMES: readonly JobName[] = [JobName.SyncZone, JobName.ReconcileZones, JobName.DnssecDue, JobName.IssueForwardCert, JobName.RenewForwardCerts];

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

/** IssueForwardCert: one attempt at the HTTPS certificate of a forwarded host over ACME (docs/forwarding.md "HTTPS"). */
@Injectable()
export class IssueForwardCertJob {
  static readonly jobName = JobName.IssueForwardCert;
  constructor(private readonly certs: ForwardCertService) {}
  handle(data: { fqdn?: string }, attempt: { attemptsMade: number; attempts: number }) {
    if (typeof data?.fqdn !== 'string' || !data.fqdn) throw new UnrecoverableError('fqdn is required');
    return this.certs.issue(data.fqdn, attempt);
  }
}

/** RenewForwardCerts: certificates near their end (and lost or day-old failed issuances) queued again. */
@Injectable()
export class RenewForwardCertsJob {
  static readonly jobName = JobName.RenewForwardCerts;
  constructor(private readonly certs: ForwardCertService) {}
  handle() {
    return this.certs.renewDue();
  }
}

/** QueueName.Dns's one worker. */
@Processor(QueueName.Dns, WORKER_RESILIENCE)
export class DnsProcessor extends JobRouter {
  constructor(private readonly config: DnsConfig, sync: SyncZoneJob, reconcile: ReconcileZonesJob, dnssecDue: DnssecDueJob, issueCert: IssueForwardCertJob, renewCerts: RenewForwardCertsJob) {
    super(QueueName.Dns, DNS_JOB_NAMES, [
      { jobName: SyncZoneJob.jobName, handler: sync }, { jobName: ReconcileZonesJob.jobName, handler: reconcile }, { jobName: DnssecDueJob.jobName, handler: dnssecDue },
      { jobName: IssueForwardCertJob.jobName, handler: issueCert }, { jobName: RenewForwardCertsJob.jobName, handler: renewCerts },
    ]);
  }
  protected override concurrency() {
    return this.config.DNS_SYNC_CONCURRENCY;
  }
}

/**
 * Keeps the reconciliation scheduled every DNS_RECONCILE_EVERY_MS and the certificate renewal every
 * FORWARD_CERT_CHECK_EVERY_MS (one job scheduler each for all replicas), or removes them at 0 (or with ACME off).
 */
@Injectable()
export class DnsSchedules implements OnApplicationBootstrap {
  constructor(@InjectQueue(QueueName.Dns) private readonly queue: Queue, private readonly config: DnsConfig, private readonly forwarding: ForwardingConfig) {}

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
    const certs = this.forwarding.ACME_DIRECTORY_URL ? this.forwarding.FORWARD_CERT_CHECK_EVERY_MS : 0;
    if (certs > 0) {
      await this.queue.upsertJobScheduler(JobName.RenewForwardCerts, { every: certs }, { name: JobName.RenewForwardCerts, opts: { removeOnComplete: 20, removeOnFail: 50 } });
    } else await this.queue.removeJobScheduler(JobName.RenewForwardCerts);
  }
}
