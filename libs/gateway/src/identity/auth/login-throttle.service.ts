import { Inject, Injectable } from '@nestjs/common';
import IORedis from 'ioredis';
import crypto from 'node:crypto';
import { IdentityConfig } from '../identity.config';
import { IDENTITY_REDIS } from '../identity.constants';

/**
 * Login throttling in Redis: failed attempts are counted per account (e-mail) and per client address within a window.
 * Once either count reaches its limit, further attempts are refused until the window ends, even with the right password.
 */
@Injectable()
export class LoginThrottleService {
  constructor(@Inject(IDENTITY_REDIS) private readonly redis: IORedis, private readonly config: IdentityConfig) {}

  private keys(email: string, ip: string) {
    const acct = crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
    return { acct: `login:fail:acct:${acct}`, ip: `login:fail:ip:${ip}` };
  }

  /** Seconds until the caller may try again, or 0 when allowed. */
  async blockedFor(email: string, ip: string): Promise<number> {
    const k = this.keys(email, ip);
    const [a, i] = await this.redis.mget(k.acct, k.ip);
    if (Number(a ?? 0) >= this.config.LOGIN_MAX_PER_ACCOUNT) return Math.max(1, await this.redis.ttl(k.acct));
    if (Number(i ?? 0) >= this.config.LOGIN_MAX_PER_IP) return Math.max(1, await this.redis.ttl(k.ip));
    return 0;
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const k = this.keys(email, ip);
    const w = this.config.LOGIN_WINDOW_S;
    await this.redis.multi().incr(k.acct).expire(k.acct, w, 'NX').incr(k.ip).expire(k.ip, w, 'NX').exec();
  }

  async reset(email: string): Promise<void> {
    await this.redis.del(this.keys(email, '').acct);
  }
}
