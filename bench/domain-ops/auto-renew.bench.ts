/**
 * Auto-renew throughput (issue 12 "Speed"): N domains due (auto-renew on, 20 Tokyo days before expiry, members with
 * points) renewed by one run of the auto-renew job — the daily sweep, one renewal per domain (ledger spend, the
 * renewal flow, a RenewDomain job per domain through the domain-ops service's EPP pool, the renewal-done mail queued) —
 * from the job's start to the last renewal item done, beside the baseline measured in the same run: N raw EPP
 * domain:renew commands sent at once through a pool of the same size. Prints both rates and the ratio, and where the
 * time went: the stages, each EPP command's time on its connection (in one process) and the CPU of each process
 * (services, simulator, PostgreSQL, Redis) on each side. A renewal's items go 25 to a job (ADR 0037).
 *
 *   node_modules/.bin/node -r @swc-node/register bench/domain-ops/auto-renew.bench.ts
 *
 * Alone it starts an embedded PostgreSQL on BENCH_PG_PORT (25587), redis-server on BENCH_REDIS_PORT (26587) and the
 * simulator on BENCH_EPP_PORT (17588, admin +1) unless DATABASE_URL / REDIS_URL / EPP_PORT are given.
 * BENCH_DOMAINS (10000), BENCH_MEMBERS (100), EPP_POOL_SIZE (4), REGISTER_CONCURRENCY (8), AUTO_RENEW_CONCURRENCY (16),
 * BENCH_CPU_PROFILE=<dir> (a CPU profile of this process during the auto-renew run; in one process, the services'),
 * PG_STAT_STATEMENTS=1 (the PostgreSQL statements of the run).
 */
import 'reflect-metadata';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import { Pool } from 'pg';
import { JobName, OrdersPatterns, QueueName } from '@registrar/contracts';
import { redisOptions, BullRpcClient, rpc } from '@registrar/infra';
import { EppClientPool, eppClientOptionsFromEnv } from '@registrar/epp';
import { stopper, Stoppable } from '../../scripts/dev/infra';
import { benchRegistryStack } from '../../scripts/dev/system';
import { benchApart, benchMode, startBenchServices } from '../services';
import { cpuBetween, cpuByProcess, measureEppConnections, printStages, statementsOf } from '../stages';
import { profiled } from '../profile';

const N = Number(process.env.BENCH_DOMAINS ?? 10_000);
const MEMBERS = Math.max(1, Math.min(N, Number(process.env.BENCH_MEMBERS ?? 100)));

/** Creates n free .com names at the registry for one year, 64 at a time; answers name and registry expiry. */
async function createDomains(epp: EppClientPool, n: number, prefix: string): Promise<Array<{ name: string; exDate: Date }>> {
  const out: Array<{ name: string; exDate: Date }> = [];
  let i = 0;
  while (out.length < n) {
    const batch = Array.from({ length: 64 }, () => `${prefix}-${i++}.com`);
    const free = (await epp.checkBatch(batch)).filter((r) => r.avail).map((r) => r.name).slice(0, n - out.length);
    await Promise.all(free.map(async (name) => {
      try {
        const r = await epp.create({ name, authInfo: 'Bench-Auth-1x', period: { value: 1, unit: 'y' } });
        out.push({ name, exDate: r.exDate! });
      } catch { /* taken meanwhile: another name */ }
    }));
  }
  return out;
}

async function simAdmin(method: string, p: string, body?: unknown): Promise<any> {
  const res = await fetch(`http://127.0.0.1:${Number(process.env.EPP_ADMIN_PORT)}${p}`, { method, headers: { 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  if (!res.ok) throw new Error(`sim admin ${p}: ${res.status}`);
  return res.json();
}

async function main() {
  const handles: Stoppable[] = [];
  const stop = stopper(handles);
  try {
    await benchRegistryStack({ name: 'auto-renew', pgPort: Number(process.env.BENCH_PG_PORT ?? 25587), redisPort: Number(process.env.BENCH_REDIS_PORT ?? 26587), eppPort: Number(process.env.BENCH_EPP_PORT ?? 17588), handles });
    Object.assign(process.env, {
      ORDERS_RECONCILE_EVERY_S: '0', WHOIS_SWEEP_EVERY_S: '0', MOVE_SWEEP_EVERY_S: '0', AUTO_RENEW_CRON: '', EXPIRY_NOTICE_CRON: '', PROVISIONAL_DEADLINE_CRON: '',
      RENEW_ANSWER_WAIT_MS: '0', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', NODE_ENV: process.env.NODE_ENV ?? 'test',
    });

    // set-up through a wider pool of its own; the measured baseline uses a pool of the services' size
    const setup = new EppClientPool({ ...eppClientOptionsFromEnv(), poolSize: 16 });
    await setup.warmUp();
    const prefix = `arb${randomBytes(3).toString('hex')}`;
    const t00 = performance.now();
    const mine = await createDomains(setup, N, `${prefix}a`);
    const raw = await createDomains(setup, N, `${prefix}b`);
    await setup.close();
    console.log(`set-up: ${2 * N} domains created at the registry in ${((performance.now() - t00) / 1000).toFixed(1)} s`);
    const epp = new EppClientPool(eppClientOptionsFromEnv());
    await epp.warmUp();

    // 345 days on: every domain is 20 days from its expiry; the services start on the registry's clock
    await simAdmin('POST', '/clock/advance', { days: 345 });
    process.env.CLOCK_OFFSET_MS = String((await simAdmin('GET', '/clock')).offsetMs);

    const db = new Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
    await db.query('DROP SCHEMA IF EXISTS domain_ops CASCADE');
    // nothing is registered here: no reserve of WHOIS proxy contacts is made at the registry (ADR 0041), so no
    // registry work of its own runs beside what is measured, and none goes to a registry this benchmark did not start
    process.env.PROXY_RESERVE_SIZE ??= '0';
    await startBenchServices(['catalog', 'orders', 'domain-ops'], handles);
    const client = new BullRpcClient(process.env.REDIS_URL!);
    await client.connect();

    const base = 9_000_000 + Math.floor(Math.random() * 500_000);
    const users = mine.map((_, i) => base + (i % MEMBERS));
    await db.query(
      `INSERT INTO domain_ops.domains (user_id, name, idn, punycode, tld, status, due_date, is_whois_proxy_enabled, is_auto_update_enabled)
       SELECT u, n, n, n, 'com', 'active', e, false, true FROM unnest($1::bigint[], $2::text[], $3::timestamptz[]) AS x(u, n, e)`,
      [users, mine.map((d) => d.name), mine.map((d) => d.exDate.toISOString())],
    );
    for (let m = 0; m < MEMBERS; m++) {
      await rpc(client, OrdersPatterns.PointGrant, { userId: base + m, amount: 10_000_000, idempotencyKey: `bench-auto-renew-${base + m}` }, 60_000);
    }

    // baseline: N raw domain:renew (one year from the current expiry) through a pool of the same size, all at once
    const conn = await measureEppConnections();
    const fmtConn = (x: { n: number; onConnP50: number; onConnMean: number; gapP50: number; gapMean: number }) => `${x.n} commands, on the connection p50 ${x.onConnP50.toFixed(1)} / mean ${x.onConnMean.toFixed(1)} ms, idle between commands p50 ${x.gapP50.toFixed(1)} / mean ${x.gapMean.toFixed(1)} ms`;
    const rawProcs0 = cpuByProcess();
    const b0 = performance.now();
    const bCpu = process.cpuUsage();
    await Promise.all(raw.map((d) => epp.renew(d.name, d.exDate, { value: 1, unit: 'y' })));
    const rawSeconds = (performance.now() - b0) / 1000;
    const rawCpu = process.cpuUsage(bCpu);
    const rawConn = fmtConn(conn.take());
    const rawProcs = cpuBetween(rawProcs0, cpuByProcess());

    // the auto-renew job, as its scheduler runs it, then every renewal item ended
    const o = redisOptions(process.env.REDIS_URL!);
    const connection = { host: o.host, port: o.port, password: o.password, db: o.db, maxRetriesPerRequest: null };
    const queue = new Queue(QueueName.DomainOpsLifecycle, { connection });
    const events = new QueueEvents(QueueName.DomainOpsLifecycle, { connection });
    await events.waitUntilReady();
    const since = Date.now();
    const stmts = statementsOf(db, 'the auto-renew run');
    await stmts.reset();
    const autoProcs0 = cpuByProcess();
    const aCpu = process.cpuUsage();
    const t0 = performance.now();
    const { summary, swept } = await profiled(`auto-renew-${benchApart() ? 'apart' : 'one'}`, async () => {
      const job = await queue.add(JobName.AutoRenewSweep, {}, { removeOnComplete: true });
      const summary = await job.waitUntilFinished(events, 3_600_000);
      const swept = performance.now() - t0;
      for (;;) {
        const ended = Number((await db.query(`SELECT count(*)::int AS n FROM domain_ops.renewal_order_items WHERE status IN ('done', 'error')`)).rows[0].n);
        if (ended >= N) break;
        await new Promise((res) => setTimeout(res, 250));
      }
      return { summary, swept };
    });
    const autoSeconds = (performance.now() - t0) / 1000;
    await stmts.take();
    const autoCpu = process.cpuUsage(aCpu);
    const autoConn = fmtConn(conn.take());
    const autoProcs = cpuBetween(autoProcs0, cpuByProcess());
    const outcomes = (await db.query(`SELECT status, count(*)::int AS n FROM domain_ops.renewal_order_items GROUP BY status`)).rows;
    const sample = mine[Math.floor(N / 2)]!;
    const info = await epp.info(sample.name);
    await epp.close();
    await events.close();
    await queue.close();

    const autoRate = N / autoSeconds;
    const rawRate = N / rawSeconds;
    console.log(`\nauto-renew [${benchMode()}]: ${N} due domains of ${MEMBERS} members in one run (EPP pool ${process.env.EPP_POOL_SIZE ?? 4}, sweep concurrency ${process.env.AUTO_RENEW_CONCURRENCY ?? 16} members, worker concurrency ${Math.max(Number(process.env.REGISTER_CONCURRENCY ?? 8), Number(process.env.OPERATION_CONCURRENCY ?? 32))})`);
    console.log(`  domains renewed per second    ${autoRate.toFixed(1).padStart(8)}/s   (${autoSeconds.toFixed(2)} s for all; the sweep itself ${(swept / 1000).toFixed(2)} s, ${JSON.stringify(summary)}; items ${JSON.stringify(outcomes)}; sample ${sample.name} ${sample.exDate.toISOString().slice(0, 10)} -> ${info.exDate?.toISOString().slice(0, 10)})`);
    console.log(`baseline: ${N} raw EPP domain:renew through a pool of the same size, at once`);
    console.log(`  renews per second             ${rawRate.toFixed(1).padStart(8)}/s   (${rawSeconds.toFixed(2)} s for all)`);
    console.log(`ratio: auto-renew ${(autoRate / rawRate).toFixed(2)}x the raw-renew rate (machine load ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`);
    const perDomain = (u: NodeJS.CpuUsage) => ((u.user + u.system) / 1000 / N).toFixed(2);
    if (!benchApart()) console.log(`CPU of this process (the services, in one process) per domain: auto-renew ${perDomain(autoCpu)} ms, raw renew ${perDomain(rawCpu)} ms (the CPU a loaded machine has to find)`);
    if (!benchApart()) console.log(`EPP connections (this process): auto-renew ${autoConn}; raw ${rawConn}`);
    console.log(`CPU by process: auto-renew ${autoProcs}; raw ${rawProcs}`);
    console.log('');
    stmts.print(N / 1000, '1,000 domains');
    await printStages({ redisUrl: process.env.REDIS_URL!, queues: [QueueName.DomainOpsLifecycle, 'rpc-orders', 'rpc-catalog', 'rpc-domain-ops'], since, db, title: 'auto-renew stages (queue wait, run; EPP time on the connection)' });
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
