/**
 * Per-stage timings of a benchmark's run, read after it from what the system keeps anyway (issue 31: "per-stage
 * timings printed by the benchmark: queue wait, RPC, database, EPP"):
 *   - every BullMQ job finished since `since` on the given queues (job queues and the `rpc-<service>` command
 *     queues): per queue and job name, how many, the queue wait (added → taken by a worker) and the run (taken →
 *     finished), p50 / p95 / total;
 *   - the registrar log (domain_ops.registrar_log): per EPP command, how many and its time on the EPP connection.
 * A job's run minus its EPP time and its RPC calls is database and the service's own work.
 */
import { Queue } from 'bullmq';
import type { Pool } from 'pg';
import { bullConnection } from '@registrar/infra';

const pct = (s: number[], q: number) => (s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN);

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
