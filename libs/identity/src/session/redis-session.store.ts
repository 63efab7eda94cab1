import { SessionData, Store } from 'express-session';
import IORedis from 'ioredis';

/** An express-session store on ioredis: one JSON value per session with a sliding TTL. */
export class RedisSessionStore extends Store {
  constructor(private readonly redis: IORedis, private readonly ttlSeconds: number, private readonly prefix = 'sess:') {
    super();
  }

  private key(sid: string) {
    return this.prefix + sid;
  }

  override get(sid: string, cb: (err: unknown, session?: SessionData | null) => void): void {
    this.redis.get(this.key(sid)).then((v) => cb(null, v ? (JSON.parse(v) as SessionData) : null), (e) => cb(e));
  }

  override set(sid: string, session: SessionData, cb?: (err?: unknown) => void): void {
    this.redis.set(this.key(sid), JSON.stringify(session), 'EX', this.ttlSeconds).then(() => cb?.(), (e) => cb?.(e));
  }

  override destroy(sid: string, cb?: (err?: unknown) => void): void {
    this.redis.del(this.key(sid)).then(() => cb?.(), (e) => cb?.(e));
  }

  override touch(sid: string, _session: SessionData, cb?: (err?: unknown) => void): void {
    this.redis.expire(this.key(sid), this.ttlSeconds).then(() => cb?.(), (e) => cb?.(e));
  }
}
