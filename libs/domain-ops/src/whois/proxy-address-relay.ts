import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import IORedis from 'ioredis';
import { Client, Notification } from 'pg';
import { PROXY_ADDRESS_ALL, PROXY_ADDRESS_BEAT, PROXY_ADDRESS_CHANNEL } from '@registrar/contracts';
import { createRedis } from '@registrar/infra';
import { DomainOpsConfig } from '../shared/domain-ops.config';

/** The PostgreSQL channel the triggers of migration ProxyAddressNotify notify on (at the commit). */
export const PG_PROXY_ADDRESS_CHANNEL = 'domain_ops_proxy_address';

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
 */
@Injectable()
export class ProxyAddressRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ProxyAddressRelay.name);
  private pub: IORedis | null = null;
  private client: Client | null = null;
  private beatTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** messages waiting for the next pipeline, the pipeline in flight, and whether a change may have been lost */
  private readonly queue: string[] = [];
  private draining: Promise<void> | null = null;
  private lostSome = false;
  /** notifications relayed (tests, the benchmark) */
  relayed = 0;

  constructor(private readonly config: DomainOpsConfig) {}

  onApplicationBootstrap(): void {
    if (this.config.PROXY_ADDRESS_BEAT_MS <= 0) return;
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
    const client = new Client({ connectionString: this.config.DATABASE_URL, application_name: 'registrar-domain_ops-proxy-relay' });
    const lost = (why: string) => {
      if (this.client !== client) return;
      this.client = null;
      this.logger.warn(`proxy address listener lost (${why}); reconnecting`);
      void client.end().catch(() => undefined);
      if (!this.stopped) this.retryTimer = setTimeout(() => void this.listen(), 1_000);
    };
    client.on('error', (e: Error) => lost(e.message));
    client.on('end', () => lost('connection ended'));
    client.on('notification', (n: Notification) => { if (n.channel === PG_PROXY_ADDRESS_CHANNEL) void this.publish(n.payload ?? PROXY_ADDRESS_ALL); });
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
    // what changed while no listener of this process was there is unknown: forget every address, then beat
    this.lostSome = true;
    await this.beat();
  }

  /** A beat through PostgreSQL: relayed after every change committed before it. */
  private async beat(): Promise<void> {
    const c = this.client;
    if (!c) return;
    await c.query('SELECT pg_notify($1, $2)', [PG_PROXY_ADDRESS_CHANNEL, `${PROXY_ADDRESS_BEAT} ${this.config.PROXY_ADDRESS_BEAT_MS}`])
      .catch((e: Error) => this.logger.warn(`proxy address beat: ${e.message}`));
  }

  /**
   * Relays in order: one pipeline at a time, with the messages that arrived meanwhile. A pipeline that fails (Redis
   * away) leaves its changes unsaid: the next pipeline starts with `*`, so no beat is ever relayed after a change that
   * was lost (whois-mail's replicas forget everything first).
   */
  private publish(message: string): Promise<void> {
    this.queue.push(message);
    if (!this.draining) this.draining = this.drain().finally(() => { this.draining = null; });
    return this.draining;
  }

  private async drain(): Promise<void> {
    while (this.queue.length && this.pub) {
      const batch = this.queue.splice(0, 500);
      const messages = this.lostSome ? [PROXY_ADDRESS_ALL, ...batch] : batch;
      const p = this.pub.pipeline();
      for (const m of messages) p.publish(PROXY_ADDRESS_CHANNEL, m);
      try {
        const out = (await p.exec()) ?? [];
        const err = out.find(([e]) => e)?.[0];
        if (err || out.length !== messages.length) throw err ?? new Error('no answer');
        this.lostSome = false;
        this.relayed += batch.length;
      } catch (e) {
        this.lostSome = true;
        this.logger.warn(`proxy address changes not relayed (${batch.length}): ${(e as Error).message}`);
      }
    }
  }
}
