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

/** Reconnects forever, at most a second apart, so a Redis restart is survived without restarting the process. */
export function redisRetryStrategy(times: number): number {
  return Math.min(100 * times, 1000);
}

/**
 * A connection suitable for BullMQ workers (maxRetriesPerRequest must be null): commands wait while Redis is away,
 * the connection comes back on its own and resubscribes its channels (ioredis autoResubscribe).
 */
export function createRedis(url: string, extra: RedisOptions = {}): IORedis {
  const r = new IORedis({ ...redisOptions(url), maxRetriesPerRequest: null, retryStrategy: redisRetryStrategy, autoResubscribe: true, ...extra });
  // an 'error' without a listener would crash the process; reconnecting is ioredis' job
  if (r.listenerCount('error') === 0) r.on('error', () => undefined);
  return r;
}
