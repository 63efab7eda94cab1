/**
 * GET /domain/price/search (every TLD) through the gateway, against a baseline measured in the same run: a static
 * file of exactly the same byte size served by the same gateway (express.static from WEB_DIST). Prints requests per
 * second and p50/p99 latency of both, and the ratios.
 *
 *   node_modules/.bin/node -r @swc-node/register bench/catalog/price-search.bench.ts
 *
 * Under `npm run bench` it uses the runner's PostgreSQL and Redis (DATABASE_URL, REDIS_URL); run alone, it starts its
 * own. Either way it starts every service with the gateway (apps/local, as `npm start` runs it, through
 * scripts/dev/infra.ts and scripts/dev/system.ts; the registry simulator is not involved) and stops them at the end.
 * Environment (all optional): BENCH_PORT (18090), BENCH_PG_PORT (25490), BENCH_REDIS_PORT (26490), BENCH_EPP_PORT (17790), BENCH_DURATION seconds per measurement (10), BENCH_CONNECTIONS (32), and
 * BENCH_GATEWAY_CACHE_MS (the gateway's GATEWAY_CATALOG_CACHE_MS; 0 measures every request going to the catalog
 * service over Redis).
 */
import autocannon from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchDataStores, log, runProcess, Stoppable, stopper, waitForPort } from '../../scripts/dev/infra';
import { tsEntry } from '../../scripts/dev/system';

const port = Number(process.env.BENCH_PORT ?? 18090);
const pgPort = Number(process.env.BENCH_PG_PORT ?? 25490);
const redisPort = Number(process.env.BENCH_REDIS_PORT ?? 26490);
const eppPort = Number(process.env.BENCH_EPP_PORT ?? 17790);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

const API_HEADERS = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  bytes: number;
}

async function measure(url: string, headers: Record<string, string>, seconds: number): Promise<Figures> {
  const r = await autocannon({ url, headers, connections, duration: seconds, pipelining: 1 });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, requests: r.requests.total, errors: r.errors + r.timeouts, non2xx: r.non2xx, bytes: r.throughput.average };
}

async function waitForCatalogue(url: string): Promise<string> {
  const end = Date.now() + 120_000;
  while (Date.now() < end) {
    try {
      const res = await fetch(url, { headers: API_HEADERS });
      if (res.ok) {
        const body = await res.text();
        if ((JSON.parse(body).tldPrices ?? []).length > 0) return body;
      }
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the price list did not become available within 120 s');
}

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-bench-'));
  const handles: Stoppable[] = [];
  const stop = stopper(handles);
  process.on('SIGINT', async () => { await stop(); process.exit(130); });
  try {
    // a bench-only web dir: the gateway serves it exactly as it serves the built web app
    const webDir = path.join(tmp, 'web');
    fs.mkdirSync(webDir);
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html lang="ja"><body>bench</body></html>');
    const { databaseUrl, redisUrl } = await benchDataStores({ tmp, pgPort: pgPort, redisPort: redisPort, handles });
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      PORT: String(port),
      EPP_PORT: String(eppPort),
      EPP_ADMIN_PORT: String(eppPort + 1),
      MAIL_CATCHER_SMTP_PORT: String(port + 3),
      APP_URL: `http://localhost:${port}`,
      WEB_DIST: webDir,
      LOCAL_RUNTIME: '1',
      ...(process.env.BENCH_GATEWAY_CACHE_MS !== undefined ? { GATEWAY_CATALOG_CACHE_MS: process.env.BENCH_GATEWAY_CACHE_MS } : {}),
    };
    log(`starting the system on port ${port} (log: ${path.join(tmp, 'system.log')})`);
    // every service and the gateway, as `npm start` runs them (apps/local); the registry simulator is not needed here
    handles.push(runProcess('services', process.execPath, tsEntry('apps/local/src/main.ts'), { env, logFile: path.join(tmp, 'system.log') }));
    await waitForPort(port, '127.0.0.1', 120_000);

    const apiUrl = `http://127.0.0.1:${port}/domain/price/search`;
    const body = await waitForCatalogue(apiUrl);
    const size = Buffer.byteLength(body);
    const rows = JSON.parse(body).tldPrices.length;
    // the baseline: a static file of the same size, served by the same gateway
    const staticName = `bench-static-${size}.json`;
    fs.writeFileSync(path.join(webDir, staticName), 'x'.repeat(size));
    const staticUrl = `http://127.0.0.1:${port}/${staticName}`;
    const check = await fetch(staticUrl);
    if (!check.ok || Buffer.byteLength(await check.text()) !== size) throw new Error('the static baseline is not served as written');

    log(`price list: ${rows} rows, ${fmt(size)} bytes; ${connections} connections, ${duration} s per measurement after a 2 s warm-up`);
    await measure(apiUrl, API_HEADERS, 2);
    const api = await measure(apiUrl, API_HEADERS, duration);
    await measure(staticUrl, {}, 2);
    const stat = await measure(staticUrl, {}, duration);

    const line = (name: string, f: Figures) => `${name.padEnd(34)} ${fmt(f.rps).padStart(8)} req/s   p50 ${fmt(f.p50, 1).padStart(6)} ms   p99 ${fmt(f.p99, 1).padStart(6)} ms   (${fmt(f.requests)} requests, ${f.errors} errors, ${f.non2xx} non-2xx)`;
    console.log('');
    const cache = process.env.BENCH_GATEWAY_CACHE_MS === '0' ? 'gateway cache off' : 'gateway cache on';
    console.log(`GET /domain/price/search — all TLDs (${rows} rows, ${fmt(size)} bytes), ${connections} connections, ${duration} s, loopback, ${cache}`);
    console.log(line('price search (gateway -> catalog)', api));
    console.log(line('static file, same size (baseline)', stat));
    console.log(`ratio price search / static:  throughput ${(api.rps / stat.rps).toFixed(2)}x   p50 ${(api.p50 / Math.max(stat.p50, 0.01)).toFixed(2)}x   p99 ${(api.p99 / Math.max(stat.p99, 0.01)).toFixed(2)}x`);
    if (api.errors || api.non2xx || stat.errors || stat.non2xx) process.exitCode = 1;
  } catch (e) {
    console.error(e);
    try { console.error(fs.readFileSync(path.join(tmp, 'system.log'), 'utf8').split('\n').slice(-40).join('\n')); } catch { /* no log */ }
    process.exitCode = 1;
  } finally {
    await stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

void main();
