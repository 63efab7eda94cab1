/**
 * Per-stage timings of a benchmark's run, read after it from what the system keeps anyway (issue 31: "per-stage
 * timings printed by the benchmark: queue wait, RPC, database, EPP"):
 *   - every BullMQ job finished since `since` on the given queues (job queues and the `rpc-<service>` command
 *     queues): per queue and job name, how many, the queue wait (added → taken by a worker) and the run (taken →
 *     finished), p50 / p95 / total;
 *   - the registrar log (domain_ops.registrar_log): per EPP command, how many and its time on the EPP connection.
 * A job's run minus its EPP time and its RPC calls is database and the service's own work.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Queue } from 'bullmq';
import type { Pool } from 'pg';
import { bullConnection } from '@registrar/infra';
import { percentile } from './percentile';

const pct = (s: number[], q: number) => percentile(s, q, { sorted: true });

interface Row { stage: string; n: number; wait: number[]; run: number[] }

export async function printStages(o: { redisUrl: string; queues: string[]; since: number; db?: Pool; title?: string }): Promise<void> {
  const rows = new Map<string, Row>();
  for (const name of o.queues) {
    const q = new Queue(name, { connection: bullConnection(o.redisUrl) });
    try {
      const jobs = await q.getJobs(['completed', 'failed'], 0, -1);
      for (const j of jobs) {
        if (!j || !j.processedOn || !j.finishedOn || j.timestamp < o.since) continue;
        const key = `${name} ${j.name}`;
        const r = rows.get(key) ?? { stage: key, n: 0, wait: [], run: [] };
        r.n++;
        r.wait.push(Math.max(0, j.processedOn - j.timestamp));
        r.run.push(j.finishedOn - j.processedOn);
        rows.set(key, r);
      }
    } finally {
      await q.close();
    }
  }
  if (o.db) {
    const epp = await o.db.query(
      `SELECT action_type, array_agg(duration_ms) AS d FROM domain_ops.registrar_log WHERE created_at >= to_timestamp($1 / 1000.0) GROUP BY action_type`,
      [o.since],
    ).catch(() => ({ rows: [] as Array<{ action_type: string; d: number[] }> }));
    for (const e of epp.rows) rows.set(`EPP ${e.action_type}`, { stage: `EPP ${e.action_type}`, n: e.d.length, wait: [], run: e.d.map(Number) });
  }
  const out = [['stage (queue job / EPP command)', 'n', 'wait p50', 'wait p95', 'run p50', 'run p95', 'run total s']];
  for (const r of [...rows.values()].sort((a, b) => a.stage.localeCompare(b.stage))) {
    r.wait.sort((a, b) => a - b);
    r.run.sort((a, b) => a - b);
    const f = (x: number) => (Number.isNaN(x) ? '-' : `${x.toFixed(0)} ms`);
    out.push([r.stage, String(r.n), f(pct(r.wait, 0.5)), f(pct(r.wait, 0.95)), f(pct(r.run, 0.5)), f(pct(r.run, 0.95)), (r.run.reduce((s, x) => s + x, 0) / 1000).toFixed(1)]);
  }
  const w = out[0]!.map((_, i) => Math.max(...out.map((r) => r[i]!.length)));
  console.log(o.title ?? 'stages');
  for (const r of out) console.log('  ' + r.map((c, i) => (i === 0 ? c.padEnd(w[i]!) : c.padStart(w[i]!))).join('  '));
}

/**
 * The time each EPP command spends on its connection (sent → answer in), and the gap between a connection's answer
 * and its next command, measured in this process (the services in one process; apart, only the bench's own pool).
 * Call it before the run; `take()` answers and resets the figures since the last take.
 */
export async function measureEppConnections(): Promise<{ take: () => { n: number; onConnP50: number; onConnMean: number; gapP50: number; gapMean: number } }> {
  const { EppConnection } = await import('@registrar/epp');
  const proto = EppConnection.prototype as unknown as { send: (...a: unknown[]) => Promise<string> };
  const orig = proto.send;
  let on: number[] = [];
  let gaps: number[] = [];
  const lastEnd = new WeakMap<object, number>();
  proto.send = function (this: object, ...a: unknown[]) {
    const t0 = performance.now();
    const prev = lastEnd.get(this);
    if (prev !== undefined) gaps.push(t0 - prev);
    return orig.apply(this, a).finally(() => {
      const t1 = performance.now();
      on.push(t1 - t0);
      lastEnd.set(this, t1);
    });
  };
  const p50 = (xs: number[]) => ([...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? NaN);
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / (xs.length || 1);
  return {
    take: () => {
      const r = { n: on.length, onConnP50: p50(on), onConnMean: mean(on), gapP50: p50(gaps.filter((g) => g < 1000)), gapMean: mean(gaps.filter((g) => g < 1000)) };
      on = [];
      gaps = [];
      return r;
    },
  };
}

/**
 * CPU seconds used so far by this process and each process it started (PostgreSQL with its backends, Redis, the
 * registry simulator, services started apart), read from /proc (Linux; empty elsewhere). Two snapshots around a
 * phase give where its CPU went, the simulator's share included.
 */
export function cpuByProcess(): Record<string, number> {
  const out: Record<string, number> = {};
  let procs: Array<{ pid: number; ppid: number; name: string; cpu: number }>;
  try {
    procs = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).flatMap((pid) => {
      try {
        const st = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
        const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        const script = cmd.find((a) => /\.(ts|js)$/.test(a));
        const name = /postgres/.test(cmd[0] ?? '') ? 'postgres' : /redis-server/.test(cmd[0] ?? '') ? 'redis' : script ? (script.match(/apps\/([^/]+)\//)?.[1] ?? path.basename(script)) : path.basename(cmd[0] ?? '?');
        // utime + stime, and cutime + cstime: the time of its children that have ended (PostgreSQL's backends come and go)
        return [{ pid: Number(pid), ppid: Number(f[1]), name, cpu: (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100 }];
      } catch { return []; }
    });
  } catch { return out; }
  const children = new Map<number, typeof procs>();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const sum = (pid: number): number => (children.get(pid) ?? []).reduce((s, c) => s + c.cpu + sum(c.pid), 0);
  out['this process'] = procs.find((p) => p.pid === process.pid)?.cpu ?? 0;
  const roots = new Set(children.get(process.pid) ?? []);
  // PostgreSQL and Redis started by `npm run bench` (scripts/dev/bench.ts) are not this process's children: by their port
  const port = (url?: string) => { try { return url ? new URL(url).port : ''; } catch { return ''; } };
  const pg = port(process.env.DATABASE_URL);
  const redis = port(process.env.REDIS_URL);
  for (const p of procs) {
    let cmd = '';
    try { cmd = fs.readFileSync(`/proc/${p.pid}/cmdline`, 'utf8').replace(/\0/g, ' '); } catch { continue; }
    if ((pg && p.name === 'postgres' && cmd.includes(` -p ${pg} `)) || (redis && p.name === 'redis' && cmd.includes(`:${redis}`))) roots.add(p);
  }
  for (const c of roots) out[c.name] = (out[c.name] ?? 0) + c.cpu + sum(c.pid);
  return out;
}

/** What each process used between two cpuByProcess() snapshots, as "name 1.23 s" pieces. */
export function cpuBetween(a: Record<string, number>, b: Record<string, number>): string {
  return Object.keys(b).map((k) => `${k} ${(b[k]! - (a[k] ?? 0)).toFixed(2)} s`).join(', ');
}

/** What each process used between two cpuByProcess() snapshots per unit of work (a domain, a command), in ms. */
export function cpuPer(a: Record<string, number>, b: Record<string, number>, n: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of Object.keys(b)) out[k] = ((b[k]! - (a[k] ?? 0)) * 1000) / n;
  out.all = Object.values(out).reduce((s, x) => s + x, 0);
  return out;
}

/** cpuPer() as "name 0.12" pieces (ms per unit). */
export const cpuPerText = (x: Record<string, number>): string => Object.entries(x).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ');

/**
 * Rows each of these tables took between two snapshots (inserted, updated, of which HOT, deleted): pg_stat_user_tables,
 * which PostgreSQL reports once a transaction has ended (the snapshot waits for the counters to be flushed).
 */
export async function tableWrites(db: Pool, schema: string, tables: string[]): Promise<Record<string, { ins: number; upd: number; hot: number; del: number }>> {
  await db.query('SELECT pg_stat_force_next_flush()').catch(() => undefined);
  const r = await db.query(`SELECT relname, n_tup_ins::int AS ins, n_tup_upd::int AS upd, n_tup_hot_upd::int AS hot, n_tup_del::int AS del FROM pg_stat_user_tables WHERE schemaname = $1 AND relname = ANY($2)`, [schema, tables]);
  return Object.fromEntries(r.rows.map((x: { relname: string; ins: number; upd: number; hot: number; del: number }) => [x.relname, { ins: x.ins, upd: x.upd, hot: x.hot, del: x.del }]));
}

/** The difference of two tableWrites() snapshots as "table ins/upd(HOT)/del" pieces. */
export function tableWritesBetween(a: Awaited<ReturnType<typeof tableWrites>>, b: Awaited<ReturnType<typeof tableWrites>>): string {
  return Object.keys(b).sort().map((t) => {
    const x = b[t]!, y = a[t] ?? { ins: 0, upd: 0, hot: 0, del: 0 };
    return `${t} +${x.ins - y.ins} ~${x.upd - y.upd} (HOT ${x.hot - y.hot}) -${x.del - y.del}`;
  }).join(', ');
}

/**
 * PG_STAT_STATEMENTS=1 (PostgreSQL started with the extension, scripts/dev/infra.ts): the statements of the measured
 * runs alone (`reset()` before each, `take()` after it, summed), the simulator's included, by their server time with
 * planning; nested statements (triggers) are listed on their own too.
 */
export function statementsOf(db: Pool, what: string) {
  const on = process.env.PG_STAT_STATEMENTS === '1';
  const sum = new Map<string, { calls: number; rows: number; plan: number; exec: number }>();
  return {
    reset: async () => { if (on) await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements').then(() => db.query('SELECT pg_stat_statements_reset()')); },
    take: async () => {
      if (!on) return;
      const r = await db.query(`SELECT query, calls::int, rows::int, total_plan_time AS plan, total_exec_time AS exec FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%'`);
      for (const x of r.rows) {
        const k = String(x.query).replace(/\s+/g, ' ').slice(0, 110);
        const o = sum.get(k) ?? { calls: 0, rows: 0, plan: 0, exec: 0 };
        o.calls += x.calls; o.rows += x.rows; o.plan += Number(x.plan); o.exec += Number(x.exec);
        sum.set(k, o);
      }
    },
    print: (rounds: number, unit: string) => {
      if (!on) return;
      const all = [...sum.entries()].sort((a, b) => b[1].plan + b[1].exec - a[1].plan - a[1].exec);
      const total = all.reduce((t, [, o]) => t + o.plan + o.exec, 0);
      console.log(`PostgreSQL statements of ${what} (per ${unit}: server ms planning + executing; calls; rows), ${(total / rounds).toFixed(0)} ms per ${unit} in all:`);
      for (const [q, o] of all.slice(0, 15)) console.log(`  ${((o.plan + o.exec) / rounds).toFixed(1).padStart(7)} ms (plan ${(o.plan / rounds).toFixed(1)})  ${String(Math.round(o.calls / rounds)).padStart(5)} calls ${String(Math.round(o.rows / rounds)).padStart(6)} rows  ${q}`);
    },
  };
}
