import IORedis, { RedisOptions } from 'ioredis';

/** Parses redis://[:password@]host:port[/db] into ioredis options (used by BullMQ and the RPC transport alike). */
export function redisOptions(url: string): RedisOptions & { host: string; port: number } {
  const u = new URL(url);
  return {
    host: u.hostname || '127.0.0.1',
    port: Number(u.port || 6379),
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname && u.pathname !== '/' ? Number(u.pathname.slice(1)) : 0,
  };
}

/** A connection suitable for BullMQ workers (maxRetriesPerRequest must be null). */
export function createRedis(url: string, extra: RedisOptions = {}): IORedis {
  return new IORedis({ ...redisOptions(url), maxRetriesPerRequest: null, ...extra });
}
