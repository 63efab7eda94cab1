import { Inject, Injectable } from '@nestjs/common';
import type IORedis from 'ioredis';
import { AvailabilityConfig } from '../availability.config';
import { AVAILABILITY_REDIS } from '../tokens';

const KEY = 'availability:unavailable:';

/**
 * Short-lived memory of names a registry said are taken. Only "unavailable" is ever stored: a name registered a moment
 * ago can therefore never come out of the cache as available, and nothing has to be invalidated on registration.
 * A name that is deleted becomes visible as available again at most AVAILABILITY_UNAVAILABLE_TTL_S later (or at once
 * when its owner publishes it through AvailabilityPatterns.Invalidate).
 */
@Injectable()
export class CheckCacheRepository {
  constructor(@Inject(AVAILABILITY_REDIS) private readonly redis: IORedis, private readonly config: AvailabilityConfig) {}

  private get ttl(): number {
    return this.config.AVAILABILITY_UNAVAILABLE_TTL_S;
  }

  /** The names among `names` known to be taken, with the registry's reason. */
  async findUnavailable(names: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (!this.ttl || names.length === 0) return out;
    const values = await this.redis.mget(...names.map((n) => KEY + n));
    values.forEach((v, i) => { if (v !== null) out.set(names[i], v); });
    return out;
  }

  async rememberUnavailable(entries: { name: string; reason?: string }[]): Promise<void> {
    if (!this.ttl || entries.length === 0) return;
    const pipe = this.redis.pipeline();
    for (const e of entries) pipe.set(KEY + e.name, e.reason ?? '', 'EX', this.ttl);
    await pipe.exec();
  }

  async forget(names: string[]): Promise<number> {
    if (names.length === 0) return 0;
    return this.redis.del(...names.map((n) => KEY + n));
  }
}
