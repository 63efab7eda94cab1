/**
 * `npm run bench`: runs every benchmark, one after the other, each printing its own figures.
 * Benchmarks are the bench/**\/*.bench.ts files; `npm run bench -- epp` runs those whose path contains "epp".
 * PostgreSQL and Redis are started once here (BENCH_PG_PORT, BENCH_REDIS_PORT) and passed as DATABASE_URL / REDIS_URL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, log, ROOT, runToEnd, startPostgres, startRedis, stopper, Stoppable } from './infra';

function find(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? find(p) : e.name.endsWith('.bench.ts') ? [path.relative(ROOT, p)] : [];
  });
}

async function main() {
  const filters = process.argv.slice(2);
  const all = find(path.join(ROOT, 'bench')).sort();
  const chosen = filters.length ? all.filter((f) => filters.some((x) => f.includes(x))) : all;
  if (!chosen.length) {
    log(`no benchmark matches ${filters.join(' ')} (have: ${all.join(', ') || 'none'})`);
    process.exit(1);
  }
  const handles: Stoppable[] = [];
  const stop = stopper(handles);
  process.on('SIGINT', async () => { await stop(); process.exit(130); });
  let failed = 0;
  try {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-bench-'));
    const pg = await startPostgres({ dataDir: path.join(tmp, 'pg'), port: Number(process.env.BENCH_PG_PORT ?? 25491), database: 'registrar_bench', persistent: false, logFile: path.join(tmp, 'postgres.log') });
    handles.push(pg);
    const redis = await startRedis(Number(process.env.BENCH_REDIS_PORT ?? 26491), path.join(tmp, 'redis.log'));
    handles.push(redis);
    // the listening ports a benchmark's services would otherwise take at their defaults, which are `npm start`'s
    // (inbound SMTP 2525, port-43 WHOIS 4343, mail catcher 1025, URL forwarding 8088; the forwarder's own default 8080):
    // free ones, so a bench runs beside `npm start`
    const ports: NodeJS.ProcessEnv = {
      SMTP_INBOUND_PORT: process.env.SMTP_INBOUND_PORT ?? String(await freePort()),
      WHOIS_PORT: process.env.WHOIS_PORT ?? String(await freePort()),
      MAIL_CATCHER_SMTP_PORT: process.env.MAIL_CATCHER_SMTP_PORT ?? String(await freePort()),
      FORWARDER_PORT: process.env.FORWARDER_PORT ?? String(await freePort()),
    };
    for (const file of chosen) {
      // a benchmark of services (bench/services.ts) runs twice: in one process, then with each service its own process
      // (BENCH_APART=0 or 1 in the environment runs only that one)
      const both = fs.readFileSync(path.join(ROOT, file), 'utf8').includes('startBenchServices') && process.env.BENCH_APART === undefined;
      for (const apart of both ? ['0', '1'] : [process.env.BENCH_APART ?? '0']) {
        log(`── ${file}${both ? (apart === '1' ? ' (services apart)' : ' (in one process)') : ''}`);
        // not spawnSync: this process keeps reading PostgreSQL's log meanwhile (runToEnd)
        const status = await runToEnd(process.execPath, ['-r', '@swc-node/register', path.join(ROOT, file)], {
          env: { ...process.env, ...ports, BENCH_APART: apart, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: pg.url, REDIS_URL: redis.url, PG_LOG_FILE: path.join(tmp, 'postgres.log') },
        });
        if (status !== 0) { failed++; log(`FAIL ${file}`); }
      }
    }
  } finally {
    await stop();
  }
  process.exit(failed ? 1 : 0);
}

void main();
