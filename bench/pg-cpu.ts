/**
 * Each statement's CPU in its PostgreSQL backend, from the server's own accounting (PG_STATEMENT_CPU=1).
 *
 * pg_stat_statements' times are wall time: on a shared machine a backend descheduled inside a statement counts the
 * other processes' time as the statement's (ADR 0055, 0058). `log_statement_stats` makes each backend log its own
 * getrusage() user and system time around each parse, bind and execute message (triggers, foreign-key checks and
 * functions run inside them are counted with the statement that fired them); the transaction's commit at Sync is
 * outside them. `npm run bench` keeps the server's log and names it in PG_LOG_FILE; `statementCpuOn` turns the logging on
 * for a part of a benchmark and `statementCpu` reads the log back, summed per statement text.
 */
import fs from 'node:fs';
import type { Pool } from 'pg';

export const statementCpuWanted = () => process.env.PG_STATEMENT_CPU === '1';

/** Turns the statistics on (or off) for every backend, from their next command. */
export async function statementCpuOn(db: Pool, on: boolean): Promise<void> {
  await db.query(`ALTER SYSTEM SET log_statement_stats = ${on ? 'on' : 'off'}`);
  // the statement's text beside its statistics (a LOG line is at this level)
  await db.query(`ALTER SYSTEM SET log_min_error_statement = ${on ? `'log'` : 'DEFAULT'}`);
  await db.query('SELECT pg_reload_conf()');
}

export interface StatementCpu {
  text: string; calls: number; cpuMs: number; elapsedMs: number;
  /** of cpuMs, in parse and bind messages (a custom plan is made at the bind) */ prepMs: number;
  /** of prepMs, in parse messages (once per connection for a prepared statement) */ parseMs: number;
}

/** The log's statistics per statement text (its first 160 characters, white space collapsed), the most CPU first. */
export function statementCpu(file = process.env.PG_LOG_FILE): StatementCpu[] {
  if (!file || !fs.existsSync(file)) return [];
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const head = /^\S+ \S+ \S+ \[(\d+)\] (\w+):\s+(.*)$/;
  const pending = new Map<string, { cpu: number; elapsed: number; execute: boolean; prep: boolean; parse: boolean }>();
  const by = new Map<string, StatementCpu>();
  let cur: { pid: string; kind: string; text: string } | null = null;
  const flush = () => {
    if (!cur || cur.kind !== 'STATEMENT') return;
    const p = pending.get(cur.pid);
    if (!p) return;
    pending.delete(cur.pid);
    const text = cur.text.replace(/\s+/g, ' ').trim().slice(0, 160);
    const s = by.get(text) ?? { text, calls: 0, cpuMs: 0, elapsedMs: 0, prepMs: 0, parseMs: 0 };
    s.cpuMs += p.cpu;
    s.elapsedMs += p.elapsed;
    if (p.prep) s.prepMs += p.cpu;
    if (p.parse) s.parseMs += p.cpu;
    if (p.execute) s.calls++;
    by.set(text, s);
  };
  for (const line of lines) {
    const m = head.exec(line);
    if (m) {
      flush();
      cur = { pid: m[1]!, kind: m[2]!, text: m[3]! };
      if (m[2] === 'LOG' && /STATISTICS$/.test(m[3]!)) pending.set(m[1]!, { cpu: 0, elapsed: 0, execute: /EXECUTE|QUERY/.test(m[3]!), prep: /PARSE|BIND/.test(m[3]!), parse: /PARSE/.test(m[3]!) });
      continue;
    }
    const u = /!\s+([\d.]+) s user, ([\d.]+) s system, ([\d.]+) s elapsed/.exec(line);
    if (u && cur) {
      const p = pending.get(cur.pid);
      if (p) {
        p.cpu += (Number(u[1]) + Number(u[2])) * 1000;
        p.elapsed += Number(u[3]) * 1000;
      }
      continue;
    }
    if (cur?.kind === 'STATEMENT' && /^\s/.test(line)) cur.text += ` ${line.trim()}`;
  }
  flush();
  return [...by.values()].sort((a, b) => b.cpuMs - a.cpuMs);
}

/** Prints them per order (or per whatever `per` counts). */
export function printStatementCpu(rows: StatementCpu[], per: number, title: string): void {
  if (!rows.length) return;
  const total = rows.reduce((t, r) => t + r.cpuMs, 0);
  console.log(`${title}: ${(total / per).toFixed(2)} ms of backend CPU per order in ${(rows.reduce((t, r) => t + r.calls, 0) / per).toFixed(1)} statements (parse, bind and execute; commits at Sync not included)`);
  // ours: the services' statements, not the registry simulator's (schema registry; the transactions' BEGIN and COMMIT,
  // the simulator's mostly, left out too) nor the benchmark's own
  const ours = rows.filter((r) => !/\bregistry\.|^(COMMIT|START TRANSACTION|BEGIN|ROLLBACK)$|^ALTER SYSTEM|pg_reload_conf|^SELECT nextval\('registry|^SELECT count\(\*\)::int AS n FROM domain_ops\.domains WHERE lock_state|^SELECT order_id, \(extract/.test(r.text));
  const sum = (xs: StatementCpu[], f: (r: StatementCpu) => number) => xs.reduce((t, r) => t + f(r), 0) / per;
  console.log(`  ours (not the simulator's): ${sum(ours, (r) => r.cpuMs).toFixed(2)} ms in ${sum(ours, (r) => r.calls).toFixed(1)} statements, of it parse and bind ${sum(ours, (r) => r.prepMs).toFixed(2)} ms (parse ${sum(ours, (r) => r.parseMs).toFixed(2)}, bind ${sum(ours, (r) => r.prepMs - r.parseMs).toFixed(2)})`);
  for (const r of rows) {
    if (r.cpuMs / per < 0.005) continue;
    console.log(`  ${(r.calls / per).toFixed(2).padStart(6)} × ${(r.cpuMs / per).toFixed(3).padStart(6)} ms CPU (${(r.cpuMs / Math.max(r.calls, 1)).toFixed(3)} a call, parse+bind ${(r.prepMs / per).toFixed(3)} (parse ${(r.parseMs / per).toFixed(3)}); wall ${(r.elapsedMs / per).toFixed(3)})  ${r.text.slice(0, 120)}`);
  }
  console.log('');
}
