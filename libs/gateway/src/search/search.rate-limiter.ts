import { HttpException, HttpStatus, Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type IORedis from 'ioredis';
import { M } from '@registrar/messages';

export const SEARCH_REDIS = Symbol('SEARCH_REDIS');

/** Checks per client per minute: a keyword search is 18 calls and a 500-line bulk search 20, so this leaves room for many searches. */
export const CHECK_CALLS_PER_MINUTE = Number(process.env.SEARCH_CHECK_CALLS_PER_MINUTE ?? 600);

/** A fixed-window counter in Redis: every replica of the gateway shares it. */
@Injectable()
export class SearchRateLimiter implements OnApplicationShutdown {
  constructor(@Inject(SEARCH_REDIS) private readonly redis: IORedis) {}

  async take(client: string, limit = CHECK_CALLS_PER_MINUTE): Promise<void> {
    const key = `search:rate:${client}:${Math.floor(Date.now() / 60_000)}`;
    const [[, count]] = (await this.redis.multi().incr(key).expire(key, 120).exec()) as [[unknown, number], unknown];
    if (count > limit) throw new HttpException({ success: false, error_msg: [M.retryLater] }, HttpStatus.TOO_MANY_REQUESTS);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
