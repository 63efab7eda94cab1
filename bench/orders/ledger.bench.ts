/**
 * The points ledger under load, through the orders service's RPC on the real Redis transport and PostgreSQL:
 *   1. 100 members spending in parallel (each change: idempotency check, row lock, entry, balance),
 *   2. one member's 1,000 parallel spends (all serialised on one balance row),
 *   3. the same spends on the ledger service in this process (no RPC: its statements alone),
 * beside two baselines measured in the same run with the same concurrency: the same number of bare INSERTs of a row into
 * a scratch table (what one append costs without the ledger's rules), and PointBalance reads (the RPC round trip).
 * Prints changes per second, p50/p95 latency and the CPU per call of this process (apart: the caller only) and of Redis
 * (figures the machine's load does not move much), and checks that every balance equals the sum of its entries.
 *
 *   node_modules/.bin/node -r @swc-node/register bench/orders/ledger.bench.ts      (or: npm run bench -- orders/ledger)
 *
 * `npm run bench` runs it twice (bench/services.ts): the orders service in this process, then as its own process
 * (BENCH_APART=1, as `npm run start:apart` runs it); in that mode the ledger alone (3.) runs on an application context of
 * the orders module in this process, which takes no requests. RPC_BATCH_IN_FLIGHT=0 and LEDGER_GROUP_MAX=1 measure the
 * transport and the ledger without batching and group commit (ADR 0042), as before them.
 *
 * Under `npm run bench` it uses the runner's PostgreSQL and Redis; alone it starts its own on BENCH_PG_PORT (25492) and
 * BENCH_REDIS_PORT (26492). BENCH_MEMBERS (100), BENCH_SPENDS (50 per member), BENCH_CONCURRENCY (64 calls in flight).
 */
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { OrdersPatterns } from '@registrar/contracts';
import { NestFactory } from '@nestjs/core';
import IORedis from 'ioredis';
import { BullRpcClient, rpc } from '@registrar/infra';
import { OrdersServiceModule } from '@registrar/orders';
import { startPostgres, startRedis, stopper, Stoppable } from '../../scripts/dev/infra';
import { benchMode, startBenchServices } from '../services';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100);
const SPENDS = Number(process.env.BENCH_SPENDS ?? 50);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);

interface Figures { perSecond: number; p50: number; p95: number; n: number; failed: number; cpuMs: number; redisCpuMs: number }

/** Redis's own CPU so far (ms), from INFO: with the CPU of this process, what a call costs whatever the machine's load */
let redisCpu: () => Promise<number> = async () => 0;

/** Runs the tasks with at most CONCURRENCY in flight; per-task latency in ms, CPU per task of this process and of Redis. */
async function run(tasks: (() => Promise<unknown>)[]): Promise<Figures> {
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  const cpu0 = process.cpuUsage();
  const rc0 = await redisCpu();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, tasks.length) }, async () => {
    while (next < tasks.length) {
      const task = tasks[next++];
      const t = performance.now();
      try { await task(); } catch { failed++; }
      latencies.push(performance.now() - t);
    }
  }));
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const rc = (await redisCpu()) - rc0;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { perSecond: tasks.length / seconds, p50: at(0.5), p95: at(0.95), n: tasks.length, failed, cpuMs: (cpu.user + cpu.system) / 1000 / tasks.length, redisCpuMs: rc / tasks.length };
}

const line = (label: string, f: Figures) => `${label.padEnd(48)} ${f.perSecond.toFixed(0).padStart(7)}/s   p50 ${f.p50.toFixed(1).padStart(6)} ms   p95 ${f.p95.toFixed(1).padStart(6)} ms   CPU/call node ${f.cpuMs.toFixed(3)} redis ${f.redisCpuMs.toFixed(3)} ms   (${f.n} calls${f.failed ? `, ${f.failed} refused` : ''})`;

async function main() {
  const handles: Stoppable[] = [];
  const stop = stopper(handles);
  try {
    if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-bench-ledger-'));
      const pg = await startPostgres({ dataDir: path.join(tmp, 'pg'), port: Number(process.env.BENCH_PG_PORT ?? 25492), database: 'registrar_bench', persistent: false });
      handles.push(pg);
      const redis = await startRedis(Number(process.env.BENCH_REDIS_PORT ?? 26492), path.join(tmp, 'redis.log'));
      handles.push(redis);
      process.env.DATABASE_URL = pg.url;
      process.env.REDIS_URL = redis.url;
    }
    process.env.ORDERS_RECONCILE_EVERY_S = '0';
    const db = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE ?? 10) });
    await db.query('DROP SCHEMA IF EXISTS orders CASCADE');
    await startBenchServices(['orders'], handles);
    const info = new IORedis(process.env.REDIS_URL!);
    handles.push({ name: 'redis info', stop: async () => void info.disconnect() });
    redisCpu = async () => {
      const text = await info.info('cpu');
      const v = (k: string) => Number(new RegExp(`${k}:([0-9.]+)`).exec(text)?.[1] ?? 0);
      return (v('used_cpu_sys') + v('used_cpu_user')) * 1000;
    };
    const client = new BullRpcClient(process.env.REDIS_URL!);
    await client.connect();
    const call = (pattern: string, payload: unknown) => rpc(client, pattern, payload, 60_000);
    const base = 5_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;

    for (let m = 0; m < MEMBERS; m++) await call(OrdersPatterns.PointGrant, { userId: base + m, amount: SPENDS, idempotencyKey: `bench-grant-${base + m}` });
    const total = MEMBERS * SPENDS;

    const reads = await run(Array.from({ length: total }, (_, i) => () => call(OrdersPatterns.PointBalance, { userId: base + (i % MEMBERS) })));
    const spends = await run(Array.from({ length: total }, (_, i) => () => call(OrdersPatterns.PointSpend, { userId: base + (i % MEMBERS), amount: 1, idempotencyKey: `bench-spend-${base}-${i}` })));
    // one member, everything at once: each change waits for the row lock (SPENDS x MEMBERS / 10 calls; half of them refused for lack of points)
    const hot = base + MEMBERS;
    const hotN = Math.max(100, Math.floor(total / 10));
    await call(OrdersPatterns.PointGrant, { userId: hot, amount: Math.floor(hotN / 2), idempotencyKey: `bench-grant-${hot}` });
    const contended = await run(Array.from({ length: hotN }, (_, i) => () => call(OrdersPatterns.PointSpend, { userId: hot, amount: 1, idempotencyKey: `bench-hot-${base}-${i}` })));

    // the ledger alone, in this process (no RPC): what its statements cost against the bare INSERT measured next
    const { LedgerService } = await import('../../libs/orders/src/ledger/ledger.service');
    // the service's own providers in this process (apart: an application context, which takes no requests)
    const ctx = await NestFactory.createApplicationContext(OrdersServiceModule, { logger: ['error'] });
    handles.push({ name: 'ledger context', stop: () => ctx.close() });
    const ledger = ctx.get(LedgerService, { strict: false });
    for (let m = 0; m < MEMBERS; m++) await ledger.grant(base + m, SPENDS, `bench-grant-direct-${base + m}`);
    const direct = await run(Array.from({ length: total }, (_, i) => () => ledger.spend(base + (i % MEMBERS), 1, `bench-direct-${base}-${i}`)));

    await db.query('CREATE TABLE IF NOT EXISTS public.bench_bare_insert (id bigserial primary key, user_id bigint, delta bigint, k text unique, created_at timestamptz default now())');
    await db.query('TRUNCATE public.bench_bare_insert');
    const bare = await run(Array.from({ length: total }, (_, i) => () => db.query('INSERT INTO public.bench_bare_insert (user_id, delta, k) VALUES ($1, $2, $3)', [base + (i % MEMBERS), -1, `bare-${i}`])));
    await db.query('DROP TABLE public.bench_bare_insert');

    const { rows: [check] } = await db.query(
      `SELECT count(*)::int AS members, count(*) FILTER (WHERE b.balance <> s.sum)::int AS mismatched, min(b.balance)::int AS lowest
       FROM orders.point_balances b JOIN (SELECT user_id, sum(delta) AS sum FROM orders.point_entries GROUP BY user_id) s USING (user_id)`,
    );
    console.log(`\nledger, ${benchMode()}: ${MEMBERS} members x ${SPENDS} spends, ${CONCURRENCY} calls in flight, pool ${Number(process.env.DB_POOL_SIZE ?? 10)}, batching ${process.env.RPC_BATCH_IN_FLIGHT ?? 'default'}/${process.env.LEDGER_GROUP_MAX ?? 'default'} (load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} on ${os.cpus().length} cores)`);
    console.log(line('spends, 100 members in parallel (RPC + ledger)', spends));
    console.log(line('spends, one member (row lock contention)', contended));
    console.log(line('spends, ledger alone in-process (no RPC)', direct));
    console.log(line('baseline: PointBalance reads (RPC round trip)', reads));
    console.log(line('baseline: bare INSERT, no ledger rules (pg)', bare));
    console.log(`ratio spends / bare inserts: ${(spends.perSecond / bare.perSecond).toFixed(2)}   spends / RPC reads: ${(spends.perSecond / reads.perSecond).toFixed(2)}   ledger alone / bare inserts: ${(direct.perSecond / bare.perSecond).toFixed(2)}`);
    console.log(`check: ${check.members} balances, ${check.mismatched} differ from the sum of their entries, lowest ${check.lowest}; one-member run: ${contended.n - contended.failed} applied, ${contended.failed} refused (balance ${Math.floor(hotN / 2)})`);
    await client.close();
    await db.end();
    if (check.mismatched !== 0 || check.lowest < 0 || spends.failed !== 0 || direct.failed !== 0) throw new Error('ledger check failed');
  } finally {
    await stop();
  }
}

main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
