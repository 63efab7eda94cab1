import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import IORedis from 'ioredis';
import { CatalogEvents } from '@registrar/contracts';

export const CATALOG_CACHE_SUB = Symbol('CATALOG_CACHE_SUB');

/** How long a serialized catalogue answer is served from memory; an import drops it at once (Redis notice). */
export const CATALOG_RESPONSE_CACHE_MS = Number(process.env.GATEWAY_CATALOG_CACHE_MS ?? 30_000);

export interface CachedBody {
  /** the JSON answer, encoded once (UTF-8) */
  body: Buffer;
  /** the same, gzip-compressed once on first demand (browsers send Accept-Encoding: gzip) */
  gzip?: Buffer;
  etag: string;
  at: number;
}

/**
 * The gateway's short-lived cache of catalogue answers, kept serialized so that a hit costs no RPC and no
 * JSON encoding. Prices change monthly and by import; the catalogue publishes CatalogEvents.Changed after an
 * import, and every gateway replica empties its cache on that notice. The TTL bounds the month change.
 */
@Injectable()
export class CatalogResponseCache implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(CatalogResponseCache.name);
  private readonly entries = new Map<string, CachedBody>();
  private readonly inflight = new Map<string, Promise<CachedBody>>();
  private generation = 0;

  constructor(@Inject(CATALOG_CACHE_SUB) private readonly sub: IORedis) {}

  async onModuleInit(): Promise<void> {
    this.sub.on('message', (channel: string) => {
      if (channel === CatalogEvents.Changed) this.clear();
    });
    try {
      await this.sub.subscribe(CatalogEvents.Changed);
    } catch (e) {
      this.logger.warn(`catalogue change notices unavailable: ${(e as Error).message}`);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.sub.quit().catch(() => undefined);
  }

  /** Changes whenever the cache is emptied (an import): pages rendered from older answers are stale. */
  currentGeneration(): number {
    return this.generation;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.inflight.clear();
  }

  /** The cached answer for `key`, or `load()`'s, serialized once; concurrent misses share one load. */
  async get(key: string, load: () => Promise<unknown>, ttlMs = CATALOG_RESPONSE_CACHE_MS): Promise<CachedBody> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < ttlMs) return hit;
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const gen = this.generation;
    const p = (async () => {
      const body = Buffer.from(JSON.stringify(await load()), 'utf8');
      const entry = { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`, at: Date.now() };
      if (gen === this.generation && ttlMs > 0) this.entries.set(key, entry);
      return entry;
    })();
    this.inflight.set(key, p);
    try {
      return await p;
    } finally {
      if (this.inflight.get(key) === p) this.inflight.delete(key);
    }
  }
}
