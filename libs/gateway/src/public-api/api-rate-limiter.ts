import { Inject, Injectable } from '@nestjs/common';
import type IORedis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { API_MESSAGES } from '@registrar/messages';
import { ApiConfig } from './api.config';
import { ApiErrorCode, ApiException } from './api-error';

export const API_REDIS = Symbol('API_REDIS');

/** The headers of a counted call: the limit, what is left, and when the window starts again (seconds). */
export type RateHeaders = Record<string, string>;

const headersOf = (limit: number, r: RateLimiterRes): RateHeaders => ({
  'X-RateLimit-Limit': String(limit),
  'X-RateLimit-Remaining': String(Math.max(0, r.remainingPoints)),
  'X-RateLimit-Reset': String(Math.ceil(r.msBeforeNext / 1000)),
});

/**
 * Per-key call limits and per-address limits of failed authentications, in Redis (rate-limiter-flexible's
 * RateLimiterRedis: one Lua script increments and reads the counter, so parallel calls and gateway replicas share
 * one exact count; the window starts with the first call).
 */
@Injectable()
export class ApiRateLimiter {
  private readonly perKey: RateLimiterRedis;
  private readonly failures: RateLimiterRedis;

  constructor(private readonly config: ApiConfig, @Inject(API_REDIS) redis: IORedis) {
    this.perKey = new RateLimiterRedis({ storeClient: redis, keyPrefix: 'api:v1:rate', points: config.API_RATE_LIMIT, duration: config.API_RATE_WINDOW_S });
    this.failures = new RateLimiterRedis({ storeClient: redis, keyPrefix: 'api:v1:authfail', points: config.API_AUTH_FAILURE_LIMIT, duration: config.API_RATE_WINDOW_S });
  }

  /** Counts one call of this member's key: the rate headers, or 429 RATE_LIMITED with Retry-After. */
  async take(userId: number): Promise<RateHeaders> {
    try {
      return headersOf(this.config.API_RATE_LIMIT, await this.perKey.consume(`u${userId}`));
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      throw new ApiException(ApiErrorCode.RateLimited, API_MESSAGES.apiRateLimited, undefined, {
        ...headersOf(this.config.API_RATE_LIMIT, e), 'Retry-After': String(Math.max(1, Math.ceil(e.msBeforeNext / 1000))),
      });
    }
  }

  /** 429 when this address has failed authentication too often in the window. */
  async refuseIfBlocked(ip: string): Promise<void> {
    const r = await this.failures.get(ip);
    if (r && r.consumedPoints >= this.config.API_AUTH_FAILURE_LIMIT) {
      throw new ApiException(ApiErrorCode.RateLimited, API_MESSAGES.apiAuthAttemptsExceeded, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(r.msBeforeNext / 1000))) });
    }
  }

  /** Counts a failed authentication of this address (never throws: the caller answers the failure itself). */
  async failed(ip: string): Promise<void> {
    await this.failures.consume(ip).catch(() => undefined);
  }
}
