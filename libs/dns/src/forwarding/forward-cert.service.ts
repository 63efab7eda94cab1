import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import * as acme from 'acme-client';
import { Queue, UnrecoverableError } from 'bullmq';
import fs from 'node:fs';
import https from 'node:https';
import type IORedis from 'ioredis';
import { DataSource } from 'typeorm';
import { FORWARD_CERT_CHANNEL, ForwardCertificateDto, JobName, QueueName } from '@registrar/contracts';
import { createRedis } from '@registrar/infra';
import { fmt, M } from '@registrar/messages';
import { CertSecret } from './cert-secret';
import { ForwardingConfig } from './forwarding.config';

type Row = Record<string, any>;

/** How an issuance's error reads to the member: the CA's own words kept short, inside a Japanese sentence. */
export function certFailureReason(fqdn: string, e: unknown): string {
  const raw = String((e as Error)?.message ?? e).replace(/\s+/g, ' ').trim();
  const detail = raw.length > 300 ? `${raw.slice(0, 297)}…` : raw;
  // the CA could not fetch (or did not get) the challenge answer: the name does not reach our forwarder
  const validation = /acme:error:(connection|unauthorized|incorrectResponse|dns|tls|caa)|authorization|challenge/i.test(raw);
  return fmt(validation ? M.fwdCertValidationFailed : M.fwdCertCaFailed, { host: fqdn, detail });
}

/**
 * HTTPS certificates of forwarded hosts over ACME (RFC 8555, the `acme-client` library; ADR 0030):
 * - a saved URL forward asks for one (`request`): its row becomes 発行中 and an IssueForwardCert job is queued with the
 *   host as jobId, so replicas asking at once queue one job, and a retried attempt keeps the same job;
 * - the job (`issue`) answers the CA's HTTP-01 challenge through dns.acme_challenges, which every forwarder replica
 *   reads, stores the certificate with its key sealed (FORWARD_CERT_SECRET) and announces the name on Redis so every
 *   forwarder drops its cached certificate; the last failed attempt leaves 発行失敗 with the reason;
 * - RenewForwardCerts (a job scheduler) queues certificates within FORWARD_CERT_RENEW_DAYS of their end.
 */
@Injectable()
export class ForwardCertService implements OnModuleDestroy {
  private readonly logger = new Logger(ForwardCertService.name);
  private readonly secret: CertSecret;
  private redis: IORedis | null = null;
  private agent?: https.Agent;

  constructor(
    @InjectDataSource('dns') private readonly ds: DataSource,
    @InjectQueue(QueueName.Dns) private readonly queue: Queue,
    private readonly config: ForwardingConfig,
  ) {
    this.secret = new CertSecret(config.FORWARD_CERT_SECRET);
  }

  get enabled(): boolean {
    return !!this.config.ACME_DIRECTORY_URL;
  }

  onModuleDestroy(): void {
    this.redis?.disconnect();
    this.agent?.destroy();
  }

  /** The certificates of these names as the screen shows them (null for each when automatic certificates are off). */
  async states(fqdns: string[]): Promise<Map<string, ForwardCertificateDto>> {
    const out = new Map<string, ForwardCertificateDto>();
    if (!this.enabled || !fqdns.length) return out;
    const rows: Row[] = await this.ds.query('SELECT fqdn, state, reason, not_after FROM dns.forward_certs WHERE fqdn = ANY($1)', [fqdns]);
    for (const r of rows) out.set(r.fqdn, { state: r.state, reason: r.reason ?? null, not_after: r.not_after ? new Date(r.not_after).toISOString() : null });
    return out;
  }

  /** A forwarded name wants a certificate: 発行中 unless one is valid, and one job queued. */
  async request(fqdn: string): Promise<void> {
    if (!this.enabled) return;
    // a new name, or one whose last issuance failed (the member saved again after mending it); a valid one is kept
    const rows: Row[] = await this.ds.query(
      `INSERT INTO dns.forward_certs (fqdn, state) VALUES ($1, 'pending')
         ON CONFLICT (fqdn) DO UPDATE SET state = 'pending', reason = NULL, updated_at = now() WHERE dns.forward_certs.state = 'failed'
       RETURNING state`,
      [fqdn],
    );
    if (rows.length) await this.enqueue(fqdn);
  }

  /** The name no longer forwards: its certificate goes, and every forwarder stops presenting it. */
  async forget(fqdn: string): Promise<void> {
    await this.ds.query('DELETE FROM dns.forward_certs WHERE fqdn = $1', [fqdn]);
    await this.ds.query('DELETE FROM dns.acme_challenges WHERE fqdn = $1', [fqdn]);
    await this.announce(fqdn);
  }

  private async enqueue(fqdn: string): Promise<void> {
    const c = this.config;
    await this.queue.add(JobName.IssueForwardCert, { fqdn }, {
      jobId: `forward-cert-${fqdn}`,
      attempts: c.FORWARD_CERT_ATTEMPTS,
      backoff: { type: 'exponential', delay: c.FORWARD_CERT_RETRY_MS },
      // gone when done, so that the next renewal can queue the same jobId again (the outcome is in dns.forward_certs)
      removeOnComplete: true,
      removeOnFail: true,
    });
  }

  /**
   * One issuance attempt (the IssueForwardCert job). Nothing happens when the name no longer forwards or its
   * certificate is valid beyond the renewal window (a second job for the same name finds the work done).
   */
  async issue(fqdn: string, attempt: { attemptsMade: number; attempts: number }): Promise<'issued' | 'skipped'> {
    if (!this.enabled) return 'skipped';
    const c = this.config;
    const [forward]: Row[] = await this.ds.query(
      `SELECT f.fqdn FROM dns.url_forwards f JOIN dns.zones z ON z.domain_pk_id = f.domain_pk_id AND z.punycode = f.punycode AND z.served WHERE f.fqdn = $1`,
      [fqdn],
    );
    const [cert]: Row[] = await this.ds.query('SELECT state, not_after FROM dns.forward_certs WHERE fqdn = $1', [fqdn]);
    if (!forward || !cert) return 'skipped';
    if (cert.state === 'valid' && new Date(cert.not_after).getTime() - Date.now() > c.FORWARD_CERT_RENEW_DAYS * 86_400_000) return 'skipped';
    try {
      const { certPem, keyPem } = await this.obtain(fqdn);
      const info = acme.crypto.readCertificateInfo(certPem);
      await this.ds.query(
        `UPDATE dns.forward_certs SET state = 'valid', reason = NULL, not_after = $2, cert_pem = $3, key_enc = $4, issued_at = now(), updated_at = now() WHERE fqdn = $1`,
        [fqdn, info.notAfter, certPem, this.secret.seal(keyPem)],
      );
      this.logger.log(`certificate of ${fqdn} issued, valid until ${info.notAfter.toISOString()}`);
      await this.announce(fqdn);
      return 'issued';
    } catch (e) {
      const reason = certFailureReason(fqdn, e);
      const last = attempt.attemptsMade + 1 >= attempt.attempts;
      this.logger.warn(`certificate of ${fqdn}: attempt ${attempt.attemptsMade + 1}/${attempt.attempts} failed: ${(e as Error).message}`);
      // a renewal that fails leaves the current certificate served (and valid) with the reason; a first issuance fails
      if (last) {
        await this.ds.query(
          `UPDATE dns.forward_certs SET state = CASE WHEN state = 'valid' AND not_after > now() THEN 'valid' ELSE 'failed' END, reason = $2, updated_at = now() WHERE fqdn = $1`,
          [fqdn, reason],
        );
        throw new UnrecoverableError(reason);
      }
      throw e;
    }
  }

  /** Certificates to renew, issuances lost (pending with no job) and failures a day old queued again; stale rows dropped. */
  async renewDue(): Promise<number> {
    if (!this.enabled) return 0;
    const gone: Row[] = await this.ds.query(
      'DELETE FROM dns.forward_certs c WHERE NOT EXISTS (SELECT 1 FROM dns.url_forwards f WHERE f.fqdn = c.fqdn) RETURNING fqdn',
    );
    for (const g of gone) await this.announce(g.fqdn);
    await this.ds.query(`DELETE FROM dns.acme_challenges WHERE created_at < now() - interval '1 day'`);
    const due: Row[] = await this.ds.query(
      `SELECT fqdn FROM dns.forward_certs
        WHERE (state = 'valid' AND not_after < now() + make_interval(days => $1))
           OR (state = 'pending' AND updated_at < now() - interval '1 hour')
           OR (state = 'failed' AND updated_at < now() - interval '1 day')
        ORDER BY not_after NULLS FIRST`,
      [this.config.FORWARD_CERT_RENEW_DAYS],
    );
    for (const d of due) {
      await this.ds.query(`UPDATE dns.forward_certs SET state = CASE WHEN state = 'failed' THEN 'pending' ELSE state END, updated_at = now() WHERE fqdn = $1`, [d.fqdn]);
      await this.enqueue(d.fqdn);
    }
    // forwarded names with no certificate row (forwards saved while ACME was off)
    const missing: Row[] = await this.ds.query(
      `INSERT INTO dns.forward_certs (fqdn, state) SELECT f.fqdn, 'pending' FROM dns.url_forwards f
         JOIN dns.zones z ON z.domain_pk_id = f.domain_pk_id AND z.punycode = f.punycode AND z.served
       ON CONFLICT (fqdn) DO NOTHING RETURNING fqdn`,
    );
    for (const m of missing) await this.enqueue(m.fqdn);
    return due.length + missing.length;
  }

  /** The ACME exchange: account, order, HTTP-01 through dns.acme_challenges, finalize with a fresh P-256 key. */
  private async obtain(fqdn: string): Promise<{ certPem: string; keyPem: string }> {
    const client = await this.client();
    const key = await acme.crypto.createPrivateEcdsaKey('P-256');
    const [, csr] = await acme.crypto.createCsr({ commonName: fqdn, altNames: [fqdn] }, key);
    const certPem = await client.auto({
      csr,
      email: this.config.ACME_EMAIL || undefined,
      termsOfServiceAgreed: true,
      challengePriority: ['http-01'],
      // the CA's own fetch is the check; ours would go through the cluster's own network and prove nothing more
      skipChallengeVerification: true,
      challengeCreateFn: async (_authz, challenge, keyAuthorization) => {
        await this.ds.query(
          'INSERT INTO dns.acme_challenges (token, fqdn, key_authorization) VALUES ($1, $2, $3) ON CONFLICT (token) DO UPDATE SET key_authorization = $3',
          [challenge.token, fqdn, keyAuthorization],
        );
      },
      challengeRemoveFn: async (_authz, challenge) => {
        await this.ds.query('DELETE FROM dns.acme_challenges WHERE token = $1', [challenge.token]);
      },
    });
    await this.saveAccountUrl(client);
    return { certPem, keyPem: key.toString() };
  }

  /** The client of this directory with our account key (made once and kept sealed in dns.acme_accounts). */
  private async client(): Promise<acme.Client> {
    const c = this.config;
    if (c.ACME_CA_FILE && !this.agent) {
      this.agent = new https.Agent({ ca: fs.readFileSync(c.ACME_CA_FILE), keepAlive: true });
      acme.axios.defaults.httpsAgent = this.agent;
    }
    const directoryUrl = c.ACME_DIRECTORY_URL;
    let [account]: Row[] = await this.ds.query('SELECT key_enc, account_url FROM dns.acme_accounts WHERE directory_url = $1', [directoryUrl]);
    if (!account) {
      const fresh = this.secret.seal((await acme.crypto.createPrivateEcdsaKey('P-256')).toString());
      // two replicas making one at once: the first stored wins, both use it
      await this.ds.query('INSERT INTO dns.acme_accounts (directory_url, key_enc) VALUES ($1, $2) ON CONFLICT (directory_url) DO NOTHING', [directoryUrl, fresh]);
      [account] = await this.ds.query('SELECT key_enc, account_url FROM dns.acme_accounts WHERE directory_url = $1', [directoryUrl]);
    }
    return new acme.Client({ directoryUrl, accountKey: this.secret.open(account.key_enc), accountUrl: account.account_url ?? undefined });
  }

  private async saveAccountUrl(client: acme.Client): Promise<void> {
    try {
      await this.ds.query('UPDATE dns.acme_accounts SET account_url = $2 WHERE directory_url = $1 AND account_url IS NULL', [this.config.ACME_DIRECTORY_URL, client.getAccountUrl()]);
    } catch {
      // no account URL yet: found again by key next time
    }
  }

  private async announce(fqdn: string): Promise<void> {
    try {
      this.redis ??= createRedis(this.config.REDIS_URL, { maxRetriesPerRequest: 2 });
      await this.redis.publish(FORWARD_CERT_CHANNEL, fqdn);
    } catch (e) {
      this.logger.warn(`announcing the changed certificate of ${fqdn} failed: ${(e as Error).message}`);
    }
  }
}
