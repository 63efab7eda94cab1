/**
 * Checkout under load: 100 members each buying one domain at the same moment, through the domain-ops service's RPC on
 * the real Redis transport (order validation, campaign slot, points spend, one RegisterDomain job per item over EPP to
 * the registry simulator, recording, action log, the order closed by its last item). Prints orders per second
 * (accepted by POST create) and p50/p95 time from submit to done (the status resource says every row has ended),
 * beside the baseline measured in the same run:
 * the same number of bare EPP domain:create commands through a pool of the same size; and a second baseline, the create
 * as a registration sends it (registrant, three contacts, four name servers). After the figures: the Redis commands
 * (BullMQ's Lua scripts among them) and PostgreSQL transactions per order, all services together, polls and follow-ups
 * included.
 *
 *   node_modules/.bin/node -r @swc-node/register bench/orders/checkout.bench.ts
 *
 * Alone it starts an embedded PostgreSQL on BENCH_PG_PORT (25575), redis-server on BENCH_REDIS_PORT (26575) and the
 * simulator on BENCH_EPP_PORT (17576, admin +1) unless DATABASE_URL / REDIS_URL / EPP_PORT are given.
 * BENCH_MEMBERS (100), EPP_POOL_SIZE (4), REGISTER_CONCURRENCY (8), BENCH_POLL_MS (1500: the web app's status poll);
 * BENCH_CPU_PROFILE=<dir> writes a CPU profile of the checkout part (in one process: every service's CPU); apart,
 * BENCH_APART_CPU_PROFILE=<dir>:<service> profiles one service's process (bench/services.ts).
 * The reserve of WHOIS proxy contacts (PROXY_RESERVE_SIZE, 100) is filled before the members submit, as in a running
 * system; the default locks that follow the orders are waited for and counted after the figures.
 *
 * Submit → done is the time from the submit to the moment the system recorded the order's last item ended (what the
 * status resource answers from then on: the item's updated_at, which only the item's own steps move); each member
 * polls the status as the web app does (every 1.5 s) only to know when to stop. (Polling 100 members every 50 ms, as this bench did before, was 2,000 status calls a second competing
 * with the registrations it measured.) The poll-observed figure is printed beside it.
 */
import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { CreateDomainsResult, DomainOpsPatterns, EstimateItem, OrdersPatterns, OrderStatusResult } from '@registrar/contracts';
import { BullRpcClient, rpc } from '@registrar/infra';
import { EppClientPool, eppClientOptionsFromEnv } from '@registrar/epp';
import { DEFAULT_NAME_SERVERS, registrationTotal } from '@registrar/rules';
import { stopper, Stoppable } from '../../scripts/dev/infra';
import { benchRegistryStack } from '../../scripts/dev/system';
import { benchApart, benchMode, startBenchServices } from '../services';
import { cpuByProcess, printStages } from '../stages';
import { profiled } from '../profile';
import os from 'node:os';
import IORedis from 'ioredis';
import { percentile } from '../percentile';
import { printStatementCpu, statementCpu, statementCpuOn, statementCpuWanted } from '../pg-cpu';

/** Redis commands run so far (all clients; Lua scripts counted once each, as evalsha) and PostgreSQL commits. */
async function counters(redis: IORedis, db: Pool): Promise<{ redis: number; scripts: number; commits: number; byCommand: Map<string, number> }> {
  const info = await redis.info('commandstats');
  let total = 0;
  let scripts = 0;
  const byCommand = new Map<string, number>();
  for (const m of info.matchAll(/^cmdstat_(\w+):calls=(\d+)/gm)) {
    total += Number(m[2]);
    byCommand.set(m[1]!, Number(m[2]));
    if (m[1] === 'evalsha' || m[1] === 'eval') scripts += Number(m[2]);
  }
  await db.query('SELECT pg_stat_force_next_flush()').catch(() => undefined);
  const { rows } = await db.query('SELECT sum(xact_commit)::float8 AS n FROM pg_stat_database');
  return { redis: total, scripts, commits: rows[0].n, byCommand };
}

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100);
/**
 * BENCH_CHECKOUT_WARM=1: a first checkout of as many other members (not measured) runs before the baselines, then the
 * bench waits BENCH_WARM_IDLE_MS (12,000: past pg's default pool idle timeout of 10 s) before measuring, as a service
 * that has served orders a moment ago (ADR 0066). Without it the services' pools are fresh, as after a restart.
 */
const WARM = process.env.BENCH_CHECKOUT_WARM === '1';
const WARM_IDLE_MS = Number(process.env.BENCH_WARM_IDLE_MS ?? 12_000);
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 1500);

const pct = (xs: number[], q: number) => percentile(xs, q);

async function freeNames(epp: EppClientPool, n: number, tld: string): Promise<string[]> {
  const out: string[] = [];
  while (out.length < n) {
    const batch = Array.from({ length: 25 }, () => `bench-${randomBytes(6).toString('hex')}.${tld}`);
    for (const r of await epp.check(batch)) if (r.avail && out.length < n) out.push(r.name);
  }
  return out;
}

async function main() {
  const handles: Stoppable[] = [];
  const stop = stopper(handles);
  try {
    await benchRegistryStack({ name: 'checkout', pgPort: Number(process.env.BENCH_PG_PORT ?? 25575), redisPort: Number(process.env.BENCH_REDIS_PORT ?? 26575), eppPort: Number(process.env.BENCH_EPP_PORT ?? 17576), handles });
    Object.assign(process.env, { ORDERS_RECONCILE_EVERY_S: '0', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', NODE_ENV: process.env.NODE_ENV ?? 'test' });
    const db = new Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
    await db.query('DROP SCHEMA IF EXISTS domain_ops CASCADE');
    // imported only now: their RPC client modules read REDIS_URL when the module is declared
    await startBenchServices(['catalog', 'orders', 'domain-ops'], handles);
    const client = new BullRpcClient(process.env.REDIS_URL!);
    await client.connect();
    const call = <T>(pattern: string, payload: unknown) => rpc<T>(client, pattern, payload, 120_000);

    const epp = new EppClientPool(eppClientOptionsFromEnv());
    const names = await freeNames(epp, MEMBERS * (WARM ? 4 : 3), 'com');
    const base = 7_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;
    const [est] = await call<EstimateItem[]>(DomainOpsPatterns.Estimate, { userId: base, domainNames: [names[0]] });
    const price = registrationTotal(est.registerPrice, est.renewPrice, 1);
    for (let m = 0; m < MEMBERS * (WARM ? 2 : 1); m++) await call(OrdersPatterns.PointGrant, { userId: base + m, amount: price, idempotencyKey: `bench-checkout-${base + m}` });
    await epp.warmUp();
    // the reserve of proxy contacts made ahead (docs/purchase.md): full in a running system, so full before measuring
    const reserveWanted = Math.min(MEMBERS, Number(process.env.PROXY_RESERVE_SIZE ?? 100));
    const reserveFull = async () => {
      for (let i = 0; i < 600; i++) {
        const { rows } = await db.query(`SELECT count(*)::int AS n FROM domain_ops.proxy_contact_reserve WHERE state = 'ready'`).catch(() => ({ rows: [{ n: 0 }] }));
        if (rows[0].n >= reserveWanted) break;
        await new Promise((res) => setTimeout(res, 200));
      }
    };
    await reserveFull();
    if (WARM) {
      // a checkout a moment before, of other members and names, its follow-ups and the reserve's refill ended
      await Promise.all(names.slice(MEMBERS * 3, MEMBERS * 4).map(async (name, m) => {
        const r = await call<CreateDomainsResult>(DomainOpsPatterns.Create, {
          userId: base + MEMBERS + m, domains: [{ name, period: 1, point: price }], totalFee: price, point: price, payment: { type: 'point' }, idempotencyKey: randomUUID(),
        });
        if (!r.result) return;
        while (!(await call<OrderStatusResult>(DomainOpsPatterns.CreateStatus, { userId: base + MEMBERS + m, orderId: r.orderId })).done) await new Promise((res) => setTimeout(res, POLL_MS));
      }));
      for (let i = 0; i < 600; i++) {
        const { rows } = await db.query(`SELECT count(*)::int AS n FROM domain_ops.domains WHERE lock_state = 'applying'`);
        if (rows[0].n === 0) break;
        await new Promise((res) => setTimeout(res, 100));
      }
      await reserveFull();
      await new Promise((res) => setTimeout(res, WARM_IDLE_MS));
    }

    // baseline: bare EPP creates through a pool of the same size, all at once
    const bare = names.slice(MEMBERS, MEMBERS * 2);
    const b0 = performance.now();
    const bCpu = process.cpuUsage();
    const bareProc0 = cpuByProcess();
    const bareLat: number[] = [];
    await Promise.all(bare.map(async (name) => {
      const t = performance.now();
      await epp.create({ name, period: { value: 1, unit: 'y' }, authInfo: `Bench${randomBytes(6).toString('hex')}` });
      bareLat.push(performance.now() - t);
    }));
    const bareSeconds = (performance.now() - b0) / 1000;
    const bareCpu = process.cpuUsage(bCpu);
    const bareProc1 = cpuByProcess();
    // a second baseline: the create a registration sends (registrant and three contacts, the default four name
    // servers), which costs the registry more than a bare one: what the registry side alone allows the checkout
    const contactId = `bench${randomBytes(5).toString('hex')}`;
    await epp.contactCreate({
      id: contactId, voice: '+81.312345678', email: `${contactId}@example.com`, authInfo: `Bench${randomBytes(6).toString('hex')}1`,
      postalInfo: [{ type: 'int', name: 'Whois Privacy Protection Service', org: 'Rakko Registrar', street: ['1-1-1 Shibuya'], city: 'Shibuya-ku', sp: 'Tokyo', pc: '1500002', cc: 'JP' }],
    });
    const f0 = performance.now();
    const fullLat: number[] = [];
    await Promise.all(names.slice(MEMBERS * 2, MEMBERS * 3).map(async (name) => {
      const t = performance.now();
      await epp.create({
        name, period: { value: 1, unit: 'y' }, ns: [...DEFAULT_NAME_SERVERS], registrant: contactId,
        contacts: [{ type: 'admin', id: contactId }, { type: 'tech', id: contactId }, { type: 'billing', id: contactId }], authInfo: `Bench${randomBytes(6).toString('hex')}`,
      });
      fullLat.push(performance.now() - t);
    }));
    const fullSeconds = (performance.now() - f0) / 1000;

    // checkout: every member submits at once, then polls the status until done
    const accepted: number[] = [];
    const polled: number[] = [];
    const submitted = new Map<string, number>();
    const statuses: Record<string, number> = {};
    const since = Date.now();
    const counting = new IORedis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
    const c0 = await counters(counting, db);
    // PG_STAT_STATEMENTS=1 (the runner loads the extension): the statements of the checkout part, listed per order below
    const statements = process.env.PG_STAT_STATEMENTS === '1' && await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements').then(() => db.query('SELECT pg_stat_statements_reset()')).then(() => true, () => false);
    // PG_STATEMENT_CPU=1: each statement's backend CPU over the checkout and its follow-ups (bench/pg-cpu.ts)
    if (statementCpuWanted()) await statementCpuOn(db, true);
    const cCpu = process.cpuUsage();
    const procCpu0 = cpuByProcess();
    await profiled('checkout', () => Promise.all(names.slice(0, MEMBERS).map(async (name, m) => {
      const t = performance.now();
      const at = Date.now();
      const r = await call<CreateDomainsResult>(DomainOpsPatterns.Create, {
        userId: base + m, domains: [{ name, period: 1, point: price }], totalFee: price, point: price, payment: { type: 'point' }, idempotencyKey: randomUUID(),
      });
      accepted.push(performance.now() - t);
      if (!r.result) { statuses[`refused: ${r.errors[0]}`] = (statuses[`refused: ${r.errors[0]}`] ?? 0) + 1; return; }
      submitted.set(r.orderId!, at);
      for (;;) {
        const s = await call<OrderStatusResult>(DomainOpsPatterns.CreateStatus, { userId: base + m, orderId: r.orderId });
        if (s.done) { statuses[s.domains[0].status] = (statuses[s.domains[0].status] ?? 0) + 1; break; }
        await new Promise((res) => setTimeout(res, POLL_MS));
      }
      polled.push(performance.now() - t);
    })));
    // when each order's last item ended, as the system recorded it
    const ends = (await db.query(`SELECT order_id, (extract(epoch FROM max(updated_at)) * 1000)::float8 AS at FROM domain_ops.registration_order_items WHERE order_id = ANY($1::uuid[]) GROUP BY order_id`, [[...submitted.keys()]])).rows as Array<{ order_id: string; at: number }>;
    const toDone = ends.map((e) => e.at - submitted.get(e.order_id)!);
    const lastEnd = Math.max(...ends.map((e) => e.at));
    const checkoutSeconds = (lastEnd - Math.min(...submitted.values())) / 1000;
    const checkoutCpu = process.cpuUsage(cCpu);
    const procCpu1 = cpuByProcess();
    await epp.close();

    console.log(`\ncheckout [${benchMode()}${WARM ? `, after a checkout ${WARM_IDLE_MS / 1000} s before` : ''}]: ${MEMBERS} members, one .com each, at once (EPP pool ${process.env.EPP_POOL_SIZE ?? 4}, register concurrency ${process.env.REGISTER_CONCURRENCY ?? 8})`);
    console.log(`  orders done per second        ${(toDone.length / checkoutSeconds).toFixed(1).padStart(8)}/s   (${checkoutSeconds.toFixed(2)} s for all; outcomes ${JSON.stringify(statuses)})`);
    console.log(`  create answered (accepted)    p50 ${pct(accepted, 0.5).toFixed(0).padStart(6)} ms   p95 ${pct(accepted, 0.95).toFixed(0).padStart(6)} ms`);
    console.log(`  submit -> done                p50 ${pct(toDone, 0.5).toFixed(0).padStart(6)} ms   p95 ${pct(toDone, 0.95).toFixed(0).padStart(6)} ms   (as the status polled every ${POLL_MS} ms saw it: p50 ${pct(polled, 0.5).toFixed(0)} ms, p95 ${pct(polled, 0.95).toFixed(0)} ms)`);
    console.log(`baseline: ${MEMBERS} bare EPP domain:create through the pool, at once`);
    console.log(`  creates per second            ${(MEMBERS / bareSeconds).toFixed(1).padStart(8)}/s   (${bareSeconds.toFixed(2)} s for all)`);
    console.log(`  create latency                p50 ${pct(bareLat, 0.5).toFixed(0).padStart(6)} ms   p95 ${pct(bareLat, 0.95).toFixed(0).padStart(6)} ms`);
    console.log(`baseline 2: ${MEMBERS} EPP domain:create as a registration sends them (registrant, 3 contacts, 4 name servers), at once`);
    console.log(`  creates per second            ${(MEMBERS / fullSeconds).toFixed(1).padStart(8)}/s   (${fullSeconds.toFixed(2)} s for all)`);
    console.log(`  create latency                p50 ${pct(fullLat, 0.5).toFixed(0).padStart(6)} ms   p95 ${pct(fullLat, 0.95).toFixed(0).padStart(6)} ms`);
    console.log(`ratio: checkout ${(toDone.length / checkoutSeconds / (MEMBERS / bareSeconds)).toFixed(2)}x the bare-create rate; submit -> done p95 ${(pct(toDone, 0.95) / pct(bareLat, 0.95)).toFixed(1)}x the create p95; against baseline 2: ${(toDone.length / checkoutSeconds / (MEMBERS / fullSeconds)).toFixed(2)}x, p95 ${(pct(toDone, 0.95) / pct(fullLat, 0.95)).toFixed(1)}x (machine load ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`);
    const per = (u: NodeJS.CpuUsage) => ((u.user + u.system) / 1000 / MEMBERS).toFixed(1);
    const split = (u: NodeJS.CpuUsage) => `user ${(u.user / 1000 / MEMBERS).toFixed(1)}, system ${(u.system / 1000 / MEMBERS).toFixed(1)}`;
    if (!benchApart()) console.log(`CPU of this process (the services, in one process) per order: checkout ${per(checkoutCpu)} ms (${split(checkoutCpu)}; polls included), bare create ${per(bareCpu)} ms`);
    // every process's CPU over the same parts (Linux /proc): the machine's CPU per order and per bare create, and what
    // the cores allow at most; the ratio of the two is the bound of the rate ratio while the machine is the limit
    const perProcess = (a: Record<string, number>, b: Record<string, number>) => {
      const ms = Object.entries(b).map(([k, v]) => [k, ((v - (a[k] ?? 0)) * 1000) / MEMBERS] as const).filter(([, v]) => v >= 0.05).sort((x, y) => y[1] - x[1]);
      return { all: ms.reduce((t, [, v]) => t + v, 0), text: ms.map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ') };
    };
    const orderCpu = perProcess(procCpu0, procCpu1);
    const createCpu = perProcess(bareProc0, bareProc1);
    if (orderCpu.all > 0) {
      console.log(`CPU per order, every process (polls included): ${orderCpu.all.toFixed(1)} ms (${orderCpu.text}); ${os.cpus().length} cores allow at most ${(os.cpus().length * 1000 / orderCpu.all).toFixed(0)} orders/s`);
      console.log(`CPU per bare create, every process: ${createCpu.all.toFixed(1)} ms (${createCpu.text}); CPU bound of the rate ratio: ${(createCpu.all / orderCpu.all).toFixed(2)}x`);
    }
    console.log('');
    // the default locks follow the orders (their own jobs): when the last one ended, for the stages below
    for (let i = 0; i < 600; i++) {
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM domain_ops.domains WHERE lock_state = 'applying'`);
      if (rows[0].n === 0) break;
      await new Promise((res) => setTimeout(res, 100));
    }
    if (statementCpuWanted()) await statementCpuOn(db, false);
    const locks = (await db.query(`SELECT count(*) FILTER (WHERE is_domain_lock_enabled)::int AS on, count(*) FILTER (WHERE lock_state = 'failed')::int AS failed,
      (extract(epoch FROM max(updated_at)) * 1000)::float8 AS last FROM domain_ops.domains WHERE punycode = ANY($1::text[])`, [names.slice(0, MEMBERS)])).rows[0];
    console.log(`default locks after the orders: ${locks.on} on, ${locks.failed} failed; the last one ${((locks.last - lastEnd) / 1000).toFixed(2)} s after the last order ended\n`);
    // what the orders cost the stores, follow-ups and polls included (PostgreSQL's statistics lag up to a second)
    await new Promise((res) => setTimeout(res, 1500));
    const c1 = await counters(counting, db);
    counting.disconnect();
    console.log(`per order (all services, polls and follow-ups included): ${((c1.redis - c0.redis) / MEMBERS).toFixed(0)} Redis commands (${((c1.scripts - c0.scripts) / MEMBERS).toFixed(0)} of them BullMQ's Lua scripts), ${((c1.commits - c0.commits) / MEMBERS).toFixed(1)} PostgreSQL transactions`);
    const byCommand = [...c1.byCommand].map(([k, v]) => [k, (v - (c0.byCommand.get(k) ?? 0)) / MEMBERS] as const).filter(([, v]) => v >= 0.5).sort((a, b) => b[1] - a[1]);
    console.log(`  Redis commands per order (scripts' inner commands included): ${byCommand.map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}\n`);
    if (statements) {
      // top-level statements only would hide the functions' and triggers' own; all are listed (nested ones too)
      const { rows } = await db.query(`SELECT calls::float8 AS calls, (total_exec_time + total_plan_time)::float8 AS ms, total_plan_time::float8 AS plan, max_exec_time::float8 AS max, toplevel, regexp_replace(query, '\\s+', ' ', 'g') AS query
        FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat%' ORDER BY total_exec_time + total_plan_time DESC LIMIT 40`);
      const sum = (await db.query(`SELECT sum(calls) FILTER (WHERE toplevel)::float8 AS n, sum(total_exec_time + total_plan_time) FILTER (WHERE toplevel)::float8 AS ms FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat%'`)).rows[0];
      console.log(`PostgreSQL statements per order (the simulator's included): ${(sum.n / MEMBERS).toFixed(1)} sent, ${(sum.ms / MEMBERS).toFixed(2)} ms of server time (planning included); by time (nested ones marked >):`);
      for (const r of rows) if (r.calls / MEMBERS >= 0.2) console.log(`  ${(r.calls / MEMBERS).toFixed(2).padStart(6)} × ${(r.ms / MEMBERS).toFixed(3).padStart(6)} ms (plan ${(r.plan / MEMBERS).toFixed(3)}, max ${Number(r.max).toFixed(1)})  ${r.toplevel ? ' ' : '>'} ${String(r.query).slice(0, 120)}`);
      console.log('');
    }
    if (statementCpuWanted()) printStatementCpu(statementCpu(), MEMBERS, 'PostgreSQL backend CPU by statement (the simulator\'s and the bench\'s own included; follow-ups and polls included)');
    await printStages({ redisUrl: process.env.REDIS_URL!, queues: ['domain-ops-lifecycle', 'domain-ops-whois', 'rpc-orders', 'rpc-catalog', 'rpc-domain-ops'], since, db, title: 'checkout stages (queue wait, run; EPP time on the connection)' });
    await client.close();
    await db.end();
  } finally {
    await stop();
  }
}

main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
