import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import IORedis from 'ioredis';
import { Client, Notification } from 'pg';
import { PROXY_ADDRESS_ALL, PROXY_ADDRESS_BEAT, PROXY_ADDRESS_CHANNEL } from '@registrar/contracts';
import { dbConnectTimeoutMs } from '@registrar/db';
import { createRedis } from '@registrar/infra';
import { DomainOpsConfig } from '../shared/domain-ops.config';

/** The PostgreSQL channel the triggers of migration ProxyAddressNotify notify on (at the commit). */
export const PG_PROXY_ADDRESS_CHANNEL = 'domain_ops_proxy_address';

/** The triggers of migration ProxyAddressNotify: a relay beats only while all of them are there and enabled. */
export const PROXY_ADDRESS_TRIGGERS = ['proxy_identities_changed', 'proxy_identities_truncated', 'domains_proxy_changed', 'domains_proxy_deleted', 'domains_proxy_truncated'] as const;

/**
 * A relay's own beat as it goes through PostgreSQL: `.beat <ms> <relay id> <sent at, ms of the relay's clock>`. Other
 * relays ignore it (each publishes its own beats only); the relay that sent it publishes `.beat <ms> <age> <sent at>`.
 */
export function ownBeatSentAt(payload: string, relayId: string): number | null {
  const [tag, , id, sentAt] = payload.split(' ');
  const at = Number(sentAt);
  return tag === PROXY_ADDRESS_BEAT && id === relayId && Number.isFinite(at) ? at : null;
}

/**
 * The beat a relay publishes on Redis: its interval, its age (from its NOTIFY to this publish, on the relay's clock)
 * and the time of its NOTIFY (ms since the epoch, the relay's clock: with clocks in step, a replica also counts the
 * time the publish took to reach it).
 */
export function publishedBeat(everyMs: number, sentAt: number, now: number): string {
  return `${PROXY_ADDRESS_BEAT} ${everyMs} ${Math.max(0, now - sentAt)} ${sentAt}`;
}

/**
 * Relays the proxy address changes PostgreSQL announces at each commit (triggers on `proxy_identities` and `domains`,
 * migration ProxyAddressNotify) to whois-mail's replicas over Redis (PROXY_ADDRESS_CHANNEL, ADR 0056), so that a
 * replica that keeps the answers of FindDomainByProxyAddress drops one as soon as it may have changed.
 *
 * Every domain-ops process relays every change (PostgreSQL delivers each notification to every listener; a change
 * named twice is dropped twice, harmlessly). Every PROXY_ADDRESS_BEAT_MS the relay sends a beat through the same path
 * (a NOTIFY on its own listening connection, relayed like a change): PostgreSQL delivers notifications in commit
 * order and the relay publishes them in that order on one connection, so a replica that receives a beat has received
 * every change committed before the beat was sent. A replica keeps its answers only while beats arrive; when they
 * stop (no relay, PostgreSQL or Redis away) it drops them all and asks domain-ops for every address again. After its
 * listener (re)connects, a relay first says `*` (forget every address: changes made while it did not listen are
 * unknown), then beats again.
 *
 * Each relay publishes only its own beats, with their age when published and the time they were sent (`.beat <ms>
 * <age> <sent at>`): a replica trusts a beat for 3 intervals from when it was **sent**, not from when it arrived, so a
 * relay that lags (frozen, starved, a backlog, a slow connection to Redis) cannot stretch the trust with beats sent
 * before a change it has not relayed yet. A relay does not beat
 * while a trigger of PROXY_ADDRESS_TRIGGERS is missing or disabled (the migration rolled back, ALTER TABLE … DISABLE
 * TRIGGER): changes would go unannounced, so the replicas must stop trusting.
 */
@Injectable()
export class ProxyAddressRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ProxyAddressRelay.name);
  private pub: IORedis | null = null;
  private client: Client | null = null;
  private beatTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** this process's relay, in its beats' payload (each relay publishes its own beats only) */
  readonly id = `r${randomBytes(8).toString('hex')}`;
  /** messages waiting for the next pipeline (a beat: the time it was sent), the pipeline in flight, and whether a change may have been lost */
  private readonly queue: Array<string | { beatSentAt: number }> = [];
  private draining: Promise<void> | null = null;
  /**
   * Times a change may have been lost (a listener (re)connecting, a pipeline failed), and how many of them a `*`
   * published since has covered: a pipeline says `*` first while they differ, and only its success covers the losses
   * counted when it was built (a loss during its flight is said by the next one).
   */
  private losses = 0;
  private lossesSaid = 0;
  /** notifications relayed (tests, the benchmark) */
  relayed = 0;
  /** whether the last beat found the triggers in place (a warning is logged when that changes) */
  private triggersThere = true;

  constructor(private readonly config: DomainOpsConfig) {}

  onApplicationBootstrap(): void {
    if (this.config.PROXY_ADDRESS_BEAT_MS <= 0) return;
    // (a relay stopped by onModuleDestroy can start again: tests stop and restart one)
    this.stopped = false;
    this.pub = createRedis(this.config.REDIS_URL, { maxRetriesPerRequest: 2 });
    void this.listen();
    this.beatTimer = setInterval(() => void this.beat(), this.config.PROXY_ADDRESS_BEAT_MS);
    this.beatTimer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.beatTimer) clearInterval(this.beatTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => undefined);
    this.pub?.disconnect();
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.config.DATABASE_URL, application_name: 'registrar-domain_ops-proxy-relay',
      // an attempt the server never answers is given up, as on every pool (ADR 0057): the relay then connects again
      connectionTimeoutMillis: dbConnectTimeoutMs() });
    const lost = (why: string) => {
      if (this.client !== client) return;
      this.client = null;
      this.logger.warn(`proxy address listener lost (${why}); reconnecting`);
      void client.end().catch(() => undefined);
      if (!this.stopped) this.retryTimer = setTimeout(() => void this.listen(), 1_000);
    };
    client.on('error', (e: Error) => lost(e.message));
    client.on('end', () => lost('connection ended'));
    client.on('notification', (n: Notification) => {
      if (n.channel !== PG_PROXY_ADDRESS_CHANNEL) return;
      const payload = n.payload ?? PROXY_ADDRESS_ALL;
      if (!payload.startsWith(PROXY_ADDRESS_BEAT)) return void this.publish(payload);
      // a beat: only this relay's own, stamped with the time it was sent (another relay's beat says nothing of this path)
      const sentAt = ownBeatSentAt(payload, this.id);
      if (sentAt !== null) void this.publish({ beatSentAt: sentAt });
    });
    // what changes while no listener of this process is there is unknown: the next pipeline starts with `*`
    this.losses++;
    try {
      await client.connect();
      await client.query(`LISTEN ${PG_PROXY_ADDRESS_CHANNEL}`);
    } catch (e) {
      this.logger.warn(`proxy address listener: ${(e as Error).message}; retrying`);
      await client.end().catch(() => undefined);
      if (!this.stopped) this.retryTimer = setTimeout(() => void this.listen(), 1_000);
      return;
    }
    if (this.stopped) { await client.end().catch(() => undefined); return; }
    this.client = client;
    // what changed while no listener of this process was there is unknown: forget every address (above), then beat
    await this.beat();
  }

  /**
   * A beat through PostgreSQL: relayed after every change committed before it. None while a trigger that announces
   * changes is missing or disabled (read in the same statement): the replicas then stop trusting what they keep.
   */
  private async beat(): Promise<void> {
    const c = this.client;
    if (!c) return;
    try {
      const r = await c.query(
        `SELECT pg_notify($1, $2) WHERE (SELECT count(*) FROM pg_trigger t
           WHERE t.tgname = ANY($3::text[]) AND t.tgenabled IN ('O', 'A')
             AND t.tgrelid IN (to_regclass('domain_ops.domains'), to_regclass('domain_ops.proxy_identities'))) = $4`,
        [PG_PROXY_ADDRESS_CHANNEL, `${PROXY_ADDRESS_BEAT} ${this.config.PROXY_ADDRESS_BEAT_MS} ${this.id} ${Date.now()}`, PROXY_ADDRESS_TRIGGERS, PROXY_ADDRESS_TRIGGERS.length],
      );
      const there = r.rowCount === 1;
      if (there !== this.triggersThere) {
        this.triggersThere = there;
        if (there) this.logger.log('proxy address triggers in place again: beating');
        else this.logger.warn(`proxy address triggers missing or disabled (${PROXY_ADDRESS_TRIGGERS.join(', ')}): no beats, whois-mail asks domain-ops for every address`);
      }
    } catch (e) {
      this.logger.warn(`proxy address beat: ${(e as Error).message}`);
    }
  }

  /**
   * Relays in order: one pipeline at a time, with the messages that arrived meanwhile. A pipeline that fails (Redis
   * away) leaves its changes unsaid: the next pipeline starts with `*`, so no beat is ever relayed after a change that
   * was lost (whois-mail's replicas forget everything first).
   */
  private publish(message: string | { beatSentAt: number }): Promise<void> {
    this.queue.push(message);
    if (!this.draining) this.draining = this.drain().finally(() => { this.draining = null; });
    return this.draining;
  }

  private async drain(): Promise<void> {
    while (this.queue.length && this.pub) {
      const now = Date.now();
      const batch = this.queue.splice(0, 500).map((m) => (typeof m === 'string' ? m : publishedBeat(this.config.PROXY_ADDRESS_BEAT_MS, m.beatSentAt, now)));
      const losses = this.losses;
      const messages = losses !== this.lossesSaid ? [PROXY_ADDRESS_ALL, ...batch] : batch;
      const p = this.pub.pipeline();
      for (const m of messages) p.publish(PROXY_ADDRESS_CHANNEL, m);
      try {
        const out = (await p.exec()) ?? [];
        const err = out.find(([e]) => e)?.[0];
        if (err || out.length !== messages.length) throw err ?? new Error('no answer');
        this.lossesSaid = losses;
        this.relayed += batch.length;
      } catch (e) {
        this.losses++;
        this.logger.warn(`proxy address changes not relayed (${batch.length}): ${(e as Error).message}`);
      }
    }
  }
}
