/**
 * Bulk name-server update of 1,000 domains (one operation run: a BullMQ flow with one child per 100 domains, ADR 0058,
 * each domain an EPP domain:update through the domain-ops service's pool, plus its row, the action log, the registrar
 * log and the DNS event), from the request to the last row ended (the rows' own time; the status is polled as the
 * modal polls it), beside the baseline measured in the same run: 1,000 raw EPP domain:update commands (the same
 * change) sent at once through a pool of the same size. Prints both rates and the ratio (the issue asks for at least
 * 0.70), and per round where the time went: each EPP command's time on its connection and the idle gap between
 * commands (in one process), and the CPU each process used on each side (services, simulator, PostgreSQL, Redis),
 * also per domain, with the simulator's CPU per command on the bulk side against the raw side and the load; over the
 * rounds, the raw side's own spread, the CPU quotient (raw / bulk, what a saturated machine's ratio tends to) and our CPU
 * per domain beyond the raw side's; once, the rows each table took in the bulk rounds and how many updates were HOT
 * (ADR 0053, 0058).
 *
 *   node_modules/.bin/node -r @swc-node/register bench/domain-ops/ns-bulk.bench.ts
 *
 * Alone it starts an embedded PostgreSQL on BENCH_PG_PORT (25577), redis-server on BENCH_REDIS_PORT (26577) and the
 * simulator on BENCH_EPP_PORT (17578, admin +1) unless DATABASE_URL / REDIS_URL / EPP_PORT are given.
 * BENCH_DOMAINS (1000), BENCH_ROUNDS (5, after one warm-up round of each side that is not counted: each bulk run between
 * two raw runs, its ratio against both together, ADR 0063; the median ratio printed), EPP_POOL_SIZE
 * (4), OPERATION_CONCURRENCY (the domain-ops worker's concurrency, 32), BENCH_CPU_PROFILE=<dir> (a CPU profile of this
 * process during each measured bulk round), PG_STAT_STATEMENTS=1 (the PostgreSQL statements of the measured bulk rounds).
 */
import 'reflect-metadata';
import os from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { DomainOperationPatterns, OperationAccepted, OperationStatus } from '@registrar/contracts';
import { Queue } from 'bullmq';
import { BullRpcClient, bullConnection, rpc } from '@registrar/infra';
import { EppClientPool, eppClientOptionsFromEnv } from '@registrar/epp';
import { stopper, Stoppable } from '../../scripts/dev/infra';
import { cpuBetween, cpuByProcess, cpuPer, cpuPerText, measureEppConnections, printStages, statementsOf, tableWrites, tableWritesBetween } from '../stages';
import { benchRegistryStack } from '../../scripts/dev/system';
import { benchApart, benchMode, startBenchServices } from '../services';
import { profiled } from '../profile';

const N = Number(process.env.BENCH_DOMAINS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const OLD = ['ns1.bench-old.example', 'ns2.bench-old.example'];
const NEW = ['ns1.bench-new.example', 'ns2.bench-new.example'];
/** the tables a bulk run writes (their rows per round are printed: how many updates PostgreSQL could make HOT) */
const WRITTEN = ['operation_items', 'operation_runs', 'domains', 'domain_name_servers', 'action_logs', 'registrar_log', 'domain_list_versions'];

async function createDomains(epp: EppClientPool, n: number, prefix: string): Promise<string[]> {
  const out: string[] = [];
  let i = 0;
  while (out.length < n) {
    const batch = Array.from({ length: 50 }, () => `${prefix}-${i++}.com`);
    const free = (await epp.checkBatch(batch)).filter((r) => r.avail).map((r) => r.name).slice(0, n - out.length);
    await Promise.all(free.map(async (name) => {
      try {
        await epp.create({ name, authInfo: 'Bench-Auth-1x', ns: OLD });
        out.push(name);
      } catch { /* taken meanwhile: another name */ }
    }));
  }
  return out;
}

async function main() {
  const handles: Stoppable[] = [];
  const stop = stopper(handles);
  try {
    await benchRegistryStack({ name: 'ns-bulk', pgPort: Number(process.env.BENCH_PG_PORT ?? 25577), redisPort: Number(process.env.BENCH_REDIS_PORT ?? 26577), eppPort: Number(process.env.BENCH_EPP_PORT ?? 17578), handles });
    Object.assign(process.env, { ORDERS_RECONCILE_EVERY_S: '0', WHOIS_SWEEP_EVERY_S: '0', MOVE_SWEEP_EVERY_S: '0', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', NODE_ENV: process.env.NODE_ENV ?? 'test' });
    const db = new Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
    await db.query('DROP SCHEMA IF EXISTS domain_ops CASCADE');
    // nothing is registered here: no reserve of WHOIS proxy contacts is made at the registry (ADR 0041), so no
    // registry work of its own runs beside what is measured, and none goes to a registry this benchmark did not start
    process.env.PROXY_RESERVE_SIZE ??= '0';
    await startBenchServices(['catalog', 'domain-ops'], handles);
    const client = new BullRpcClient(process.env.REDIS_URL!);
    await client.connect();
    const call = <T>(pattern: string, payload: unknown) => rpc<T>(client, pattern, payload, 600_000);

    const epp = new EppClientPool(eppClientOptionsFromEnv());
    await epp.warmUp();
    const prefix = `nsb${randomBytes(3).toString('hex')}`;
    const mine = await createDomains(epp, N, `${prefix}a`);
    const raw = await createDomains(epp, N, `${prefix}b`);
    const userId = 8_000_000 + Math.floor(Math.random() * 1_000_000);
    const ids = (await db.query(
      `INSERT INTO domain_ops.domains (user_id, name, idn, punycode, tld, status, due_date, is_whois_proxy_enabled) SELECT $1, n, n, n, 'com', 'active', now() + interval '300 days', false FROM unnest($2::text[]) n RETURNING id`,
      [userId, mine],
    )).rows.map((r: { id: string }) => Number(r.id));
    await db.query(`INSERT INTO domain_ops.domain_name_servers (domain_id, priority, name) SELECT d, p, ns FROM unnest($1::bigint[]) d, unnest($2::text[]) WITH ORDINALITY x(ns, p)`, [ids, OLD]);
    // the new hosts exist at the registry for both sides (created on first use otherwise)
    for (const h of NEW) await epp.hostCreate(h).catch(() => undefined);


    // rounds, alternating which side goes first so a change in the machine's load hits both alike; each round moves
    // both sets of domains from one pair of name servers to the other (and the next round back)
    const rawRound = async (from: string[], to: string[]) => {
      const b0 = performance.now();
      await Promise.all(raw.map((name) => epp.update({ name, add: { ns: to }, rem: { ns: from } })));
      return (performance.now() - b0) / 1000;
    };
    // the bulk operation: one request, then the status polled as the modal does (apps/web operation.api.ts: after
    // 300 ms, then 200 ms longer each time up to 2 s); the run's time is from the request to its last row ended (the
    // rows' own time), so the poll's step does not round it up
    const stmts = statementsOf(db, 'the bulk rounds');
    const portfolio = new Queue('domain-ops-portfolio', { connection: bullConnection(process.env.REDIS_URL!) });
    let measured = false;
    const bulkRound = async (to: string[]) => {
      if (measured) await stmts.reset();
      const out = await (measured ? profiled(`ns-bulk-${benchApart() ? 'apart' : 'one'}-${to[0]}-${Date.now()}`, () => bulkRun(to)) : bulkRun(to));
      if (measured) await stmts.take();
      return out;
    };
    const bulkRun = async (to: string[]) => {
      const t0 = performance.now();
      const epoch0 = Date.now();
      const r = await call<OperationAccepted>(DomainOperationPatterns.Start, { userId, kind: 'nameserver', domains: ids, formData: to.map((name, i) => ({ name, priority: i + 1 })) });
      if (!r.result || !r.jobId) throw new Error(`refused: ${JSON.stringify(r.errors)}`);
      const answered = performance.now() - t0;
      let s: OperationStatus;
      // BENCH_MODAL_POLL=0 (a diagnostic, not the measure: what the modal's polls cost): the run's end is awaited by a
      // count of its ended rows, read every 50 ms, and the status asked once at the end
      if (process.env.BENCH_MODAL_POLL === '0') {
        while (Number((await db.query(`SELECT count(*) FILTER (WHERE status IN ('queued', 'processing')) AS n FROM domain_ops.operation_items WHERE run_id = $1`, [r.jobId])).rows[0].n) > 0) {
          await new Promise((res) => setTimeout(res, 50));
        }
      }
      for (let wait = 300; ; wait = Math.min(2_000, wait + 200)) {
        s = await call<OperationStatus>(DomainOperationPatterns.Status, { userId, jobId: r.jobId });
        if (s.finished) break;
        await new Promise((res) => setTimeout(res, wait));
      }
      const outcomes: Record<string, number> = {};
      for (const d of s.domains) outcomes[d.status] = (outcomes[d.status] ?? 0) + 1;
      if (outcomes.success !== N) throw new Error(`bulk run ended with ${JSON.stringify(outcomes)}`);
      const last = Number((await db.query(`SELECT extract(epoch FROM max(updated_at)) * 1000 AS t FROM domain_ops.operation_items WHERE run_id = $1`, [r.jobId])).rows[0].t);
      const polled = (performance.now() - t0) / 1000;
      // the run's own work after its last row, awaited here (the bulk side's CPU, not the next raw run's time): its
      // parent job, and the registrar log of its commands, written in batches up to 250 ms later
      for (const settleFrom = performance.now(); ; ) {
        if (performance.now() - settleFrom > 120_000) throw new Error(`run ${r.jobId}: its parent job or its registrar log not done 120 s after its last row`);
        const w = (await db.query(
          `SELECT (SELECT finished_at IS NOT NULL FROM domain_ops.operation_runs WHERE id = $1) AS done,
                  (SELECT count(*) FROM domain_ops.registrar_log WHERE action_type = 'domain:update' AND created_at >= to_timestamp($2 / 1000.0)) AS logged,
                  (SELECT extract(epoch FROM min(created_at - duration_ms * interval '1 millisecond')) * 1000 FROM domain_ops.registrar_log WHERE action_type = 'domain:update' AND created_at >= to_timestamp($2 / 1000.0)) AS first`,
          [r.jobId, epoch0],
        )).rows[0];
        if (w.done && Number(w.logged) >= N) {
          // when the worker took the run's first job (its children: one per 100 domains, ADR 0058)
          const jobs = await Promise.all(Array.from({ length: Math.ceil(ids.length / 100) }, (_, k) => portfolio.getJob(`op-${r.jobId}-${ids[k * 100]}`)));
          const taken = Math.min(...jobs.map((j) => j?.processedOn ?? Infinity)) - epoch0;
          return { seconds: (last - epoch0) / 1000, answered, taken, first: Number(w.first) - epoch0, polled };
        }
        await new Promise((res) => setTimeout(res, 20));
      }
    };
    for (const h of OLD) await epp.hostCreate(h).catch(() => undefined);
    // one round of each side before the measured ones, not counted: the raw side's pool is warmed above, and the
    // bulk side's first run would otherwise carry the service's own first use (its EPP sessions' TLS and login, the
    // code's first compilation) against an already warm baseline. It moves everything to NEW and back to OLD, so the
    // measured rounds start where they would have.
    {
      const w0 = performance.now();
      await bulkRound(NEW);
      await rawRound(OLD, NEW);
      await bulkRound(OLD);
      await rawRound(NEW, OLD);
      console.log(`warm-up round (not counted): ${((performance.now() - w0) / 1000).toFixed(1)} s`);
    }
    const conn = await measureEppConnections();
    measured = true;
    // The measured part: ROUNDS bulk runs, each between two raw runs (R0 B1 R1 B2 … B5 R5: one raw run more than
    // bulk runs), a round's ratio the bulk rate against the raw rate of the two raw runs around it together
    // (2N / (t before + t after)). Before (ADR 0053, 0058) a round was a pair of runs taken alternately raw first and
    // bulk first, and its ratio the quotient of two one-second runs: a change of the machine's load within the pair
    // (other engineers' work: the raw side's own rate moves 1.2-2x between runs seconds apart) went into the ratio
    // whole, and the order mattered (a bulk run taken right after a raw run started with that run's PostgreSQL and
    // simulator work behind it, a raw run after a bulk one after a pause: the modal's poll). Here every bulk run is
    // measured between two raw runs, so a load that rises or falls steadily over the three runs weighs on both sides
    // alike, and no side comes first. A bulk run's own work after its last row (the registrar log's last rows, the
    // run's parent job) is awaited before the next raw run starts and counted in the bulk run's CPU, not left to slow
    // the raw run that follows (ADR 0063).
    const rounds: Array<{ bulk: number; raw: number; rawBefore: number; rawAfter: number; answered: number; taken: number; first: number; polled: number; conn: string; load: number; simX: number; cpuBulk: number; cpuRaw: number; ours: number }> = [];
    const writes0 = await tableWrites(db, 'domain_ops', WRITTEN);
    const since = Date.now();
    const f = (x: { n: number; onConnP50: number; onConnMean: number; gapP50: number; gapMean: number }) => `${x.n} commands, on the connection p50 ${x.onConnP50.toFixed(1)} / mean ${x.onConnMean.toFixed(1)} ms, idle between commands p50 ${x.gapP50.toFixed(1)} / mean ${x.gapMean.toFixed(1)} ms`;
    conn.take();
    // this process's garbage collection during each side (in one process the services' GC: a collection the bulk
    // side's garbage sets off may land in the raw run after it; printed so a round it decided can be told)
    let gcMs = 0;
    const gcObs = new PerformanceObserver((l) => { for (const e of l.getEntries()) gcMs += e.duration; });
    gcObs.observe({ entryTypes: ['gc'] });
    const gcTake = () => { const x = gcMs; gcMs = 0; return x; };
    let cpuAt = cpuByProcess();
    gcTake();
    const rawSide = async (j: number) => {
      const [from, to] = j % 2 === 0 ? [OLD, NEW] : [NEW, OLD];
      const seconds = await rawRound(from, to);
      const c = f(conn.take());
      const cpu = cpuByProcess();
      const out = { seconds, conn: c, cpu: cpuBetween(cpuAt, cpu), per: cpuPer(cpuAt, cpu, N), gc: gcTake() };
      cpuAt = cpu;
      return out;
    };
    let before = await rawSide(0);
    for (let i = 1; i <= ROUNDS; i++) {
      const bulk = await bulkRound(i % 2 === 1 ? NEW : OLD);
      const cb = f(conn.take());
      const gcBulk = gcTake();
      const cpuB = cpuByProcess();
      const bulkCpu = cpuBetween(cpuAt, cpuB);
      const perBulk = cpuPer(cpuAt, cpuB, N);
      cpuAt = cpuB;
      const after = await rawSide(i);
      // CPU per domain of each process on each side (the raw side's: the two raw runs around the bulk run, averaged)
      const perRaw: Record<string, number> = {};
      for (const k of new Set([...Object.keys(before.per), ...Object.keys(after.per)])) perRaw[k] = ((before.per[k] ?? 0) + (after.per[k] ?? 0)) / 2;
      const rawRate = (2 * N) / (before.seconds + after.seconds);
      const c = `GC in this process: raw before ${before.gc.toFixed(0)} ms, bulk ${gcBulk.toFixed(0)} ms, raw after ${after.gc.toFixed(0)} ms\n    raw before: ${before.conn}\n    bulk: ${cb}\n    raw after: ${after.conn}\n    CPU raw before: ${before.cpu}\n    CPU bulk: ${bulkCpu}\n    CPU raw after: ${after.cpu}`
        + `\n    CPU per domain, ms: bulk ${cpuPerText(perBulk)}; raw ${cpuPerText(perRaw)}; the simulator per command ${(perBulk['registry-sim'] ?? 0).toFixed(2)} ms bulk vs ${(perRaw['registry-sim'] ?? 0).toFixed(2)} ms raw (x${((perBulk['registry-sim'] ?? 0) / (perRaw['registry-sim'] || 1)).toFixed(2)})`;
      rounds.push({ bulk: N / bulk.seconds, raw: rawRate, rawBefore: N / before.seconds, rawAfter: N / after.seconds, answered: bulk.answered, taken: bulk.taken, first: bulk.first, polled: bulk.polled, conn: c, load: os.loadavg()[0]!, simX: (perBulk['registry-sim'] ?? 0) / (perRaw['registry-sim'] || 1), cpuBulk: perBulk.all!, cpuRaw: perRaw.all!,
        ours: (perBulk.all! - (perBulk['registry-sim'] ?? 0)) - (perRaw.all! - (perRaw['registry-sim'] ?? 0)) });
      before = after;
    }
    gcObs.disconnect();
    stmts.print(ROUNDS, 'round');
    await new Promise((res) => setTimeout(res, 1_100)); // the other backends' table counters are flushed within a second
    console.log(`rows written by the ${ROUNDS} bulk rounds (inserted ~updated (HOT) -deleted): ${tableWritesBetween(writes0, await tableWrites(db, 'domain_ops', WRITTEN))}`);
    const sample = await epp.info(mine[Math.floor(N / 2)]);
    await epp.close();

    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratios = rounds.map((r) => r.bulk / r.raw);
    console.log(`\nbulk name-server update [${benchMode()}${process.env.BENCH_MODAL_POLL === '0' ? ', WITHOUT the modal\'s polls (diagnostic)' : ''}] of ${N} domains vs ${N} raw EPP domain:update at once through a pool of the same size (EPP pool ${process.env.EPP_POOL_SIZE ?? 4}, worker concurrency ${Math.max(Number(process.env.REGISTER_CONCURRENCY ?? 8), Number(process.env.OPERATION_CONCURRENCY ?? 32))}), ${ROUNDS} rounds, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`);
    rounds.forEach((r, i) => console.log(`  round ${i + 1}: bulk ${r.bulk.toFixed(1)} domains/s (request answered in ${r.answered.toFixed(0)} ms, its first registry command asked for after ${r.first.toFixed(0)} ms, the modal's poll saw it finished after ${r.polled.toFixed(1)} s), raw ${r.raw.toFixed(1)} updates/s (the runs before and after: ${r.rawBefore.toFixed(0)}, ${r.rawAfter.toFixed(0)}), ratio ${(r.bulk / r.raw).toFixed(2)} (against the raw run before alone ${(r.bulk / r.rawBefore).toFixed(2)}, after alone ${(r.bulk / r.rawAfter).toFixed(2)}), load ${r.load.toFixed(1)}\n    ${benchApart() ? '' : 'EPP connections (this process): '}${r.conn}`));
    console.log(`  sample after the last round: ${sample.ns.sort().join(' ')}`);
    // the baseline's own spread: two runs of the same raw side a second apart differ by this much, so a ratio of two
    // one-second runs moves with it whatever the bulk side does
    const raws = [...rounds.map((r) => r.rawBefore), rounds[rounds.length - 1]!.rawAfter];
    console.log(`  the raw side's own rate over its runs: ${Math.min(...raws).toFixed(0)}-${Math.max(...raws).toFixed(0)} updates/s (highest / lowest ${(Math.max(...raws) / Math.min(...raws)).toFixed(2)}); the bulk side's: ${Math.min(...rounds.map((r) => r.bulk)).toFixed(0)}-${Math.max(...rounds.map((r) => r.bulk)).toFixed(0)} domains/s`);
    console.log(`  CPU per domain of all processes together: bulk ${rounds.map((r) => r.cpuBulk.toFixed(2)).join(' ')} ms, raw ${rounds.map((r) => r.cpuRaw.toFixed(2)).join(' ')} ms; the simulator's CPU per command, bulk side / raw side: ${rounds.map((r) => r.simX.toFixed(2)).join(' ')}`);
    // what a saturated machine's ratio tends to (ADR 0053), and our own share of it: the bulk side's CPU per domain
    // beyond the raw side's in the same round, every process but the simulator (ADR 0058)
    console.log(`  CPU quotient raw / bulk: ${rounds.map((r) => (r.cpuRaw / r.cpuBulk).toFixed(2)).join(' ')} (mean ${(rounds.reduce((a, r) => a + r.cpuRaw / r.cpuBulk, 0) / rounds.length).toFixed(2)}); our CPU per domain beyond the raw side's (the simulator excluded): ${rounds.map((r) => r.ours.toFixed(3)).join(' ')} ms (mean ${(rounds.reduce((a, r) => a + r.ours, 0) / rounds.length).toFixed(3)})`);
    console.log(`  the first registry command of a bulk run asked for after ${rounds.map((r) => r.first.toFixed(0)).join(' ')} ms (the request answered after ${rounds.map((r) => r.answered.toFixed(0)).join(' ')} ms, its first job taken after ${rounds.map((r) => r.taken.toFixed(0)).join(' ')} ms): the pool's connections wait that long; the raw side sends at once`);
    console.log(`ratio (median of the rounds): bulk ${median(ratios).toFixed(2)}x the raw-update rate, lowest round ${Math.min(...ratios).toFixed(2)}x (target >= 0.70 in every round: ${Math.min(...ratios) >= 0.7 ? 'met' : 'NOT met'})\n`);
    await printStages({ redisUrl: process.env.REDIS_URL!, queues: ['domain-ops-portfolio', 'rpc-catalog', 'rpc-domain-ops'], since, db, title: `bulk name-server stages over the ${ROUNDS} rounds (queue wait, run; EPP time on the connection, raw updates included)` });
    await client.close();
    await portfolio.close();
    await db.end();
  } finally {
    await stop();
  }
}

main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
