/**
 * The cost of sessions and the roles guard: a signed-in member call (GET /mypage/domain/count: the session read from
 * Redis, the account from PostgreSQL, the guard) against a baseline measured in the same run on the same gateway
 * (GET /health/live: no session, no guard work), plus the login rate (argon2id verification bound; the orders service
 * runs in-process because the login answer carries the point balance).
 *
 *   node_modules/.bin/node -r @swc-node/register bench/identity/session.bench.ts
 *
 * The member call goes through the domain-ops service's request queue, so that service runs in-process too. Only 2xx
 * answers count; every other status is printed as an error (with its count per status), and a run where the member
 * call never succeeds fails instead of printing a ratio.
 *
 * Uses DATABASE_URL and REDIS_URL when given (npm run bench), else starts its own PostgreSQL and Redis.
 * Environment (optional): BENCH_PG_PORT (25491), BENCH_REDIS_PORT (26491), BENCH_DURATION seconds (8), BENCH_CONNECTIONS (32).
 */
import 'reflect-metadata';
import autocannon, { type Options } from 'autocannon';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { log, startPostgres, startRedis, stopper, Stoppable } from '../../scripts/dev/infra';

const duration = Number(process.env.BENCH_DURATION ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const XHR = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };

/** The Cookie header a browser would send next: every cookie of `res` (the device and the session cookie), over `prior`. */
function cookieHeader(res: Response, prior = ''): string {
  const jar = new Map(prior.split('; ').filter(Boolean).map((c) => [c.split('=')[0]!, c] as const));
  for (const c of res.headers.getSetCookie()) { const pair = c.split(';')[0]!; jar.set(pair.split('=')[0]!, pair); }
  return [...jar.values()].join('; ');
}

async function main() {
  const handles: Stoppable[] = [];
  const stop = stopper(handles);
  try {
    if (!process.env.DATABASE_URL) {
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-bench-identity-'));
      const pg = await startPostgres({ dataDir: path.join(tmp, 'pg'), port: Number(process.env.BENCH_PG_PORT ?? 25491), database: 'bench', persistent: false });
      handles.push(pg);
      const redis = await startRedis(Number(process.env.BENCH_REDIS_PORT ?? 26491), path.join(tmp, 'redis.log'));
      handles.push(redis);
      process.env.DATABASE_URL = pg.url;
      process.env.REDIS_URL = redis.url;
    }
    process.env.LOG_LEVEL = 'warn';
    // the orders service answers the point balance that /session and /login include
    const { startService } = await import('@registrar/infra');
    const { OrdersServiceModule } = await import('@registrar/orders');
    const orders = await startService('orders', OrdersServiceModule);
    handles.push({ name: 'orders', stop: async () => { await orders.close(); } });
    // the member call is answered by the domain-ops service over its request queue: without it no call succeeds
    const { DomainOpsServiceModule } = await import('@registrar/domain-ops');
    const domainOps = await startService('domain-ops', DomainOpsServiceModule);
    handles.push({ name: 'domain-ops', stop: async () => { await domainOps.close(); } });
    const { configureGatewayApp, GatewayModule } = await import('@registrar/gateway');
    const { PasswordService, UsersRepository } = await import('@registrar/identity');
    const app = await NestFactory.create<NestExpressApplication>(GatewayModule, { logger: ['error'] });
    configureGatewayApp(app);
    await app.listen(0, '127.0.0.1');
    handles.push({ name: 'gateway', stop: async () => { await app.close(); } });
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;

    const email = `bench-${Date.now()}@example.test`;
    const password = 'bench password 123';
    await app.get(UsersRepository).create({ email, passwordHash: await app.get(PasswordService).hash(password), emailVerifiedAt: new Date() });
    const s = await fetch(`${base}/session`, { headers: XHR });
    const guestCookie = cookieHeader(s);
    const { csrfToken } = (await s.json()) as { csrfToken: string };
    const login = await fetch(`${base}/login`, { method: 'POST', headers: { ...XHR, 'Content-Type': 'application/json', 'X-CSRF-TOKEN': csrfToken, Cookie: guestCookie }, body: JSON.stringify({ email, password }) });
    if (!login.ok) throw new Error(`login failed: ${login.status}`);
    // every cookie the gateway set (the device cookie comes first, the session cookie after it)
    const cookie = cookieHeader(login, guestCookie);
    await login.arrayBuffer();
    const probe = await fetch(`${base}/mypage/domain/count`, { headers: { ...XHR, Cookie: cookie } });
    if (!probe.ok) throw new Error(`the member call fails before the run: ${probe.status} ${await probe.text()}`);
    await probe.arrayBuffer();

    // only 2xx answers count as served; any other status is an error, printed with its count per status
    const run = async (label: string, opts: Options) => {
      const statuses = new Map<number, number>();
      const r = await autocannon({ connections, duration, ...opts, setupClient: (client) => {
        client.on('response', (status: number) => { if (status < 200 || status >= 300) statuses.set(status, (statuses.get(status) ?? 0) + 1); });
      } });
      const ok = r['2xx'] / (r.duration || duration);
      const failedBy = [...statuses].map(([status, n]) => `${status}×${n}`).join(' ') || 'none';
      log(`${label.padEnd(44)} ${ok.toFixed(0).padStart(7)} ok/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  errors: non-2xx ${r.non2xx} (${failedBy}), socket ${r.errors}, timeouts ${r.timeouts}`);
      if (r['2xx'] === 0) throw new Error(`${label}: no call succeeded`);
      return ok;
    };
    log(`${duration} s per measurement, ${connections} connections, ${os.cpus().length} cores`);
    const baseline = await run('GET /health/live (baseline)', { url: `${base}/health/live`, headers: XHR });
    const member = await run('GET /mypage/domain/count (session + guard)', { url: `${base}/mypage/domain/count`, headers: { ...XHR, Cookie: cookie } });
    // logins: each renews the session id and its CSRF token, so each worker starts a fresh guest session per login
    const workers = 4;
    const end = Date.now() + duration * 1000;
    let done = 0;
    let failed = 0;
    const started = Date.now();
    await Promise.all(Array.from({ length: workers }, async () => {
      while (Date.now() < end) {
        const g = await fetch(`${base}/session`, { headers: XHR });
        const c = cookieHeader(g);
        const t = ((await g.json()) as { csrfToken: string }).csrfToken;
        const r = await fetch(`${base}/login`, { method: 'POST', headers: { ...XHR, 'Content-Type': 'application/json', 'X-CSRF-TOKEN': t, Cookie: c }, body: JSON.stringify({ email, password }) });
        await r.arrayBuffer();
        if (r.ok) done++; else failed++;
      }
    }));
    const logins = done / ((Date.now() - started) / 1000);
    log(`${'POST /login (guest session + argon2id verify)'.padEnd(44)} ${logins.toFixed(0).padStart(7)} logins/s with ${workers} workers, failed ${failed}`);
    log(`member call / baseline: ${(member / baseline).toFixed(2)}; logins per second: ${logins.toFixed(0)}`);
  } finally {
    await stop();
  }
}

main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
