/**
 * PostgreSQL over its Unix socket against loopback TCP (docs/adr/0051-checkout-what-bounds-it.md): BENCH_QUERIES (20,000) one-row
 * statements through a pool of BENCH_POOL (10) connections, all in flight, then one at a time (BENCH_QUERIES / 10),
 * over TCP and over the socket, alternated for BENCH_ROUNDS (3) rounds in the same minutes. Prints queries per second
 * and the node CPU per query (user and system) of each, with the machine's load.
 *
 *   node_modules/.bin/node -r @swc-node/register bench/infra/pg-socket.bench.ts      (or: npm run bench -- pg-socket)
 *
 * Under `npm run bench` it uses the runner's PostgreSQL (DATABASE_URL; its socket when the URL names one with
 * `?host=<directory>`); alone it starts its own on BENCH_PG_PORT (25494).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { startPostgres, stopper, Stoppable } from '../../scripts/dev/infra';

const QUERIES = Number(process.env.BENCH_QUERIES ?? 20_000);
const POOL = Number(process.env.BENCH_POOL ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function measure(url: string, inFlight: number, n: number): Promise<{ perSecond: number; userUs: number; systemUs: number }> {
  const pool = new Pool({ connectionString: url, max: POOL });
  try {
    await Promise.all(Array.from({ length: POOL }, () => pool.query('SELECT 1')));
    let i = 0;
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    await Promise.all(Array.from({ length: inFlight }, async () => {
      while (i++ < n) await pool.query('SELECT $1::int AS x', [i]);
    }));
    const seconds = (performance.now() - t0) / 1000;
    const c = process.cpuUsage(cpu);
    return { perSecond: n / seconds, userUs: c.user / n, systemUs: c.system / n };
  } finally {
    await pool.end();
  }
}

async function main() {
  const handles: Stoppable[] = [];
  const stop = stopper(handles);
  try {
    let url = process.env.DATABASE_URL;
    if (!url) {
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-bench-'));
      const pg = await startPostgres({ dataDir: path.join(tmp, 'pg'), port: Number(process.env.BENCH_PG_PORT ?? 25494), database: 'registrar_bench', persistent: false });
      handles.push(pg);
      url = pg.url;
    }
    const u = new URL(url);
    const socketDir = u.searchParams.get('host');
    u.searchParams.delete('host');
    const tcp = u.toString();
    if (!socketDir) console.log('(this PostgreSQL has no Unix socket in DATABASE_URL: TCP only)');
    const ways: Array<[string, string]> = socketDir ? [['TCP 127.0.0.1', tcp], ['Unix socket', url]] : [['TCP 127.0.0.1', tcp]];
    console.log(`\nPostgreSQL transport: ${QUERIES} one-row statements through a pool of ${POOL}, alternated, ${ROUNDS} rounds`);
    for (let r = 1; r <= ROUNDS; r++) {
      for (const [inFlight, n] of [[POOL, QUERIES], [1, Math.round(QUERIES / 10)]] as const) {
        for (const [label, way] of ways) {
          const f = await measure(way, inFlight, n);
          console.log(`  round ${r}  ${label.padEnd(14)} ${String(inFlight).padStart(2)} in flight  ${f.perSecond.toFixed(0).padStart(7)}/s   node CPU per query: user ${f.userUs.toFixed(1).padStart(5)} µs, system ${f.systemUs.toFixed(1).padStart(5)} µs   (load ${os.loadavg()[0]!.toFixed(1)})`);
        }
      }
    }
  } finally {
    await stop();
  }
}

main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
