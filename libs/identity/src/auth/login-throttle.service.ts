import { Inject, Injectable } from '@nestjs/common';
import IORedis from 'ioredis';
import crypto from 'node:crypto';
import { IdentityConfig } from '../identity.config';
import { IDENTITY_REDIS } from '../identity.constants';

/**
 * Takes one attempt from a counter atomically: INCR with the window set on first use. Returns 0 when the attempt is
 * allowed, else the seconds until the window ends. Parallel requests each get their own count, so no more than `max`
 * attempts are ever checked in a window.
 */
const TAKE = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
if n > tonumber(ARGV[1]) then
  local ttl = redis.call('TTL', KEYS[1])
  if ttl < 0 then redis.call('EXPIRE', KEYS[1], ARGV[2]); ttl = tonumber(ARGV[2]) end
  return ttl
end
return 0`;

/** Gives back an attempt that turned out to be good (never below zero). */
const GIVE_BACK = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

export type AttemptKind = 'login' | 'two-factor';

/**
 * Attempt limits in Redis, for passwords and second factors alike: each attempt is counted BEFORE it is checked, per
 * account and per client address (or per pending login) within a window. Once a count passes its limit, attempts
 * are refused until the window ends, even with the right password or code. A good attempt gives its count back and
 * clears the account's failures.
 */
@Injectable()
export class LoginThrottleService {
  constructor(@Inject(IDENTITY_REDIS) private readonly redis: IORedis, private readonly config: IdentityConfig) {}

  private acctKey(kind: AttemptKind, account: string): string {
    const acct = crypto.createHash('sha256').update(account.trim().toLowerCase()).digest('hex').slice(0, 32);
    return `${kind}:fail:acct:${acct}`;
  }

  private async take(key: string, max: number): Promise<number> {
    return Number(await this.redis.eval(TAKE, 1, key, String(max), String(this.config.LOGIN_WINDOW_S)));
  }

  /**
   * Takes one attempt for an account (e-mail, or a user id for second factors) and a second key (the client address,
   * or the pending login). Returns the seconds to wait, or 0 when the attempt may be checked.
   */
  async attempt(kind: AttemptKind, account: string, other: string): Promise<number> {
    return (await this.attemptDetail(kind, account, other)).wait;
  }

  /** As attempt(), telling which count refused it (the account's own, or the address's). */
  async attemptDetail(kind: AttemptKind, account: string, other: string): Promise<{ wait: number; by: 'account' | 'address' | null }> {
    const acct = this.acctKey(kind, account);
    const otherKey = `${kind}:fail:other:${other}`;
    const maxAcct = kind === 'login' ? this.config.LOGIN_MAX_PER_ACCOUNT : this.config.TWO_FACTOR_MAX_PER_ACCOUNT;
    const maxOther = kind === 'login' ? this.config.LOGIN_MAX_PER_IP : this.config.TWO_FACTOR_MAX_PER_LOGIN;
    const a = await this.take(acct, maxAcct);
    if (a > 0) return { wait: a, by: 'account' };
    const o = await this.take(otherKey, maxOther);
    if (o > 0) {
      await this.redis.eval(GIVE_BACK, 1, acct);
      return { wait: o, by: 'address' };
    }
    return { wait: 0, by: null };
  }

  /** The attempt was good: the account's failures are cleared and the address's count is given back. */
  async succeeded(kind: AttemptKind, account: string, other: string): Promise<void> {
    await this.redis.del(this.acctKey(kind, account));
    await this.redis.eval(GIVE_BACK, 1, `${kind}:fail:other:${other}`);
  }

  // ── known devices (issue 23, finding 10) ──

  private deviceKey(token: string): string {
    return `login:device:${crypto.createHash('sha256').update(token).digest('hex').slice(0, 40)}`;
  }

  /** Remembers this browser for the account after a complete sign-in; answers the token for its cookie. */
  async rememberDevice(userId: number): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    await this.redis.set(this.deviceKey(token), String(userId), 'EX', this.config.LOGIN_DEVICE_DAYS * 24 * 3600);
    return token;
  }

  /** True when the browser's device token was given to this account by an earlier complete sign-in. */
  async knownDevice(token: string | undefined, userId: number): Promise<boolean> {
    if (!token || token.length > 100) return false;
    return (await this.redis.get(this.deviceKey(token))) === String(userId);
  }

  /**
   * A known device has its own count (not the account's, not the address's), so a stranger's wrong passwords for the
   * account, from anywhere, never lock out the browser its owner signed in from before.
   */
  async deviceAttempt(token: string): Promise<number> {
    return this.take(`${this.deviceKey(token)}:fail`, this.config.LOGIN_MAX_PER_DEVICE);
  }

  async deviceSucceeded(token: string): Promise<void> {
    await this.redis.del(`${this.deviceKey(token)}:fail`);
  }

  /** One attempt from the address only (the account's own count is over its limit; the second factor decides). */
  async addressAttempt(kind: AttemptKind, other: string): Promise<number> {
    return this.take(`${kind}:fail:other:${other}`, kind === 'login' ? this.config.LOGIN_MAX_PER_IP : this.config.TWO_FACTOR_MAX_PER_LOGIN);
  }
}
