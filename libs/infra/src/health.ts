import http from 'node:http';
import IORedis from 'ioredis';
import { Client } from 'pg';
import { redisOptions } from './redis';

/**
 * The health port of a service process (HEALTH_PORT; docs/operations.md): `/health/live` answers while the process
 * runs, `/health/ready` only while its Redis and PostgreSQL links answer and its request consumers run, so an
 * orchestrator stops sending it work while a link is down.
 */
export interface HealthChecks {
  redisUrl: string;
  databaseUrl?: string;
  /** extra checks (e.g. the request consumers run): name -> ok */
  extra?: Record<string, () => boolean | Promise<boolean>>;
}

/** Pings Redis with a connection that fails at once while Redis is away (no offline queue). */
export function redisProbe(url: string): { check: () => Promise<boolean>; close: () => void } {
  const r = new IORedis({ ...redisOptions(url), enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false, retryStrategy: () => 500 });
  r.on('error', () => undefined);
  return {
    check: async () => {
      try {
        return (await withTimeout(r.ping(), 2000)) === 'PONG';
      } catch {
        return false;
      }
    },
    close: () => r.disconnect(),
  };
}

/** One short-lived connection and `SELECT 1` (a pool would hide a dead server behind a cached socket). */
export async function postgresOk(url: string): Promise<boolean> {
  const c = new Client({ connectionString: url, connectionTimeoutMillis: 2000, statement_timeout: 2000 });
  c.on('error', () => undefined);
  try {
    await withTimeout(c.connect(), 2500);
    await withTimeout(c.query('SELECT 1'), 2500);
    return true;
  } catch {
    return false;
  } finally {
    c.end().catch(() => undefined);
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('timeout')), ms);
    p.then((v) => { clearTimeout(t); resolve(v); }, (e) => { clearTimeout(t); reject(e); });
  });
}

/** The readiness of one process: every link's state. */
export async function readiness(o: HealthChecks, redis: { check: () => Promise<boolean> }): Promise<{ ok: boolean; checks: Record<string, 'ok' | 'down'> }> {
  const checks: Record<string, 'ok' | 'down'> = {};
  const entries: [string, () => boolean | Promise<boolean>][] = [['redis', redis.check]];
  if (o.databaseUrl) entries.push(['postgres', () => postgresOk(o.databaseUrl!)]);
  entries.push(...Object.entries(o.extra ?? {}));
  await Promise.all(entries.map(async ([name, f]) => {
    let ok = false;
    try { ok = await f(); } catch { ok = false; }
    checks[name] = ok ? 'ok' : 'down';
  }));
  return { ok: Object.values(checks).every((v) => v === 'ok'), checks };
}

/** Serves /health/live and /health/ready on `port` (0 picks a free one). */
export async function startHealthServer(port: number, o: HealthChecks, host = process.env.HEALTH_BIND ?? '127.0.0.1'): Promise<{ port: number; close: () => Promise<void> }> {
  const redis = redisProbe(o.redisUrl);
  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/health/live') return send(200, { status: 'ok' });
    if (req.url === '/health/ready') {
      readiness(o, redis).then((r) => send(r.ok ? 200 : 503, { status: r.ok ? 'ok' : 'error', ...r.checks }), () => send(503, { status: 'error' }));
      return;
    }
    send(404, { status: 'not found' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const addr = server.address();
  return {
    port: typeof addr === 'object' && addr ? addr.port : port,
    close: () => new Promise<void>((resolve) => {
      redis.close();
      server.close(() => resolve());
      server.closeAllConnections?.();
    }),
  };
}
