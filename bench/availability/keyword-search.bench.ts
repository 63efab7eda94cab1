/**
 * Benchmark: a keyword search across every TLD (~430), timed from the first HTTP call (dispatch) to the last result,
 * with the registry simulator answering each check command in 50 ms (set through its admin channel).
 * Prints the total, the ideal (50 ms × batches ÷ the parallelism allowed) and their ratio.
 *
 *   node_modules/.bin/node -r @swc-node/register bench/availability/keyword-search.bench.ts
 *
 * Starts the registry simulator and the system (scripts/dev/system.ts) on BENCH_HTTP_PORT (18090) and BENCH_EPP_PORT
 * (17790), over the PostgreSQL and Redis of DATABASE_URL / REDIS_URL (as `npm run bench` passes them) or, standalone,
 * its own (scripts/dev/infra.ts) on BENCH_PG_PORT (25490) and BENCH_REDIS_PORT (26490); stops what it started.
 * The simulator's admin channel is BENCH_EPP_PORT + 1 and the local mail catcher BENCH_EPP_PORT + 2.
 * BENCH_RUNS (7) searches are timed after one warm-up; BENCH_LATENCY_MS (50) is the simulator's answer time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchDataStores, log, Stoppable, stopper } from '../../scripts/dev/infra';
import { startSystem } from '../../scripts/dev/system';
import { setSimLatency } from './sim-admin';

const HTTP = Number(process.env.BENCH_HTTP_PORT ?? 18090);
const PG = Number(process.env.BENCH_PG_PORT ?? 25490);
const REDIS = Number(process.env.BENCH_REDIS_PORT ?? 26490);
const EPP = Number(process.env.BENCH_EPP_PORT ?? 17790);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const LATENCY = Number(process.env.BENCH_LATENCY_MS ?? 50);
const BATCH = 25;
/** check jobs the availability service runs at once (AVAILABILITY_CONCURRENCY); the bench sends every batch at once */
const CONCURRENCY = Number(process.env.AVAILABILITY_CONCURRENCY ?? 32);

const base = `http://127.0.0.1:${HTTP}`;

class Client {
  private cookie = '';
  private token = '';
  async init() {
    const res = await fetch(`${base}/session`, { headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' } });
    this.cookie = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
    this.token = ((await res.json()) as { csrfToken: string }).csrfToken;
  }
  async post<T>(p: string, body: unknown): Promise<T> {
    const res = await fetch(`${base}${p}`, {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': this.token, 'Content-Type': 'application/json', Accept: 'application/json', Cookie: this.cookie },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${p}: HTTP ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }
}

interface Dispatch { result: boolean; punycode: string[]; tlds: string[]; checkable: boolean[]; error_msg: string[] }
interface Check { success: boolean; results: { tlds: { tld: string; status: number | null }[] } }

/** One keyword search as the web app runs it: dispatch, then every batch of 25 at once. */
async function search(client: Client, label: string): Promise<{ ms: number; rows: number; batches: number; answered: number }> {
  const t0 = performance.now();
  const d = await client.post<Dispatch>('/search/domain/dispatch', { keywords: [label], type: 1 });
  if (!d.result) throw new Error(`dispatch refused: ${d.error_msg.join(', ')}`);
  const tlds = d.tlds.filter((_, i) => d.checkable[i]);
  const batches: string[][] = [];
  for (let i = 0; i < tlds.length; i += BATCH) batches.push(tlds.slice(i, i + BATCH));
  const results = await Promise.all(batches.map((b) => client.post<Check>('/search/domain', { domainName: d.punycode[0], tlds: b })));
  const ms = performance.now() - t0;
  if (!results.every((r) => r.success)) throw new Error('a check failed');
  const answered = results.reduce((n, r) => n + r.results.tlds.filter((t) => t.status === 1 || t.status === 2).length, 0);
  return { ms, rows: d.tlds.length, batches: batches.length, answered };
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-bench-'));
  const handles: Stoppable[] = [];
  const stop = stopper(handles);
  process.on('SIGINT', async () => { await stop(); process.exit(130); });
  try {
    const { databaseUrl, redisUrl } = await benchDataStores({ tmp, pgPort: PG, redisPort: REDIS, handles });
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: 'test', DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, PORT: String(HTTP), EPP_PORT: String(EPP), LOCAL_RUNTIME: '1', LOG_LEVEL: 'warn',
      APP_URL: base, AVAILABILITY_CONCURRENCY: String(CONCURRENCY), EPP_ADMIN_PORT: String(EPP + 1),
      MAIL_CATCHER_SMTP_PORT: process.env.MAIL_CATCHER_SMTP_PORT ?? String(EPP + 2),
    };
    log(`starting the system (log: ${path.join(tmp, 'system.log')})`);
    handles.push(...(await startSystem({ env, port: HTTP, logFile: path.join(tmp, 'system.log') })));
    await setSimLatency(env, LATENCY);

    const client = new Client();
    await client.init();
    const warm = await search(client, `bench-warm-${Date.now().toString(36)}`);
    log(`warm-up: ${warm.rows} rows, ${warm.batches} batches, ${warm.ms.toFixed(0)} ms`);

    const times: number[] = [];
    let shape = warm;
    for (let i = 0; i < RUNS; i++) {
      shape = await search(client, `bench-${Date.now().toString(36)}-${i}`);
      if (shape.answered !== shape.rows) throw new Error(`only ${shape.answered} of ${shape.rows} rows answered`);
      times.push(shape.ms);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];

    // baseline in the same run: the same search with the simulator answering at once (the system's own overhead)
    await setSimLatency(env, 0);
    const base0: number[] = [];
    for (let i = 0; i < RUNS; i++) base0.push((await search(client, `bench0-${Date.now().toString(36)}-${i}`)).ms);
    base0.sort((a, b) => a - b);
    const overhead = base0[Math.floor(base0.length / 2)];
    const parallelism = Math.min(shape.batches, CONCURRENCY);
    const ideal = (LATENCY * shape.batches) / parallelism;
    console.log('');
    console.log(`keyword search across ${shape.rows} TLDs: ${shape.batches} batches of ${BATCH}, simulator ${LATENCY} ms a check, job concurrency ${CONCURRENCY}`);
    console.log(`runs (ms):  ${times.map((t) => t.toFixed(0)).join(', ')}`);
    console.log(`total (median of ${RUNS}): ${median.toFixed(0)} ms   best: ${times[0].toFixed(0)} ms`);
    console.log(`ideal: ${LATENCY} ms × ${shape.batches} batches ÷ parallelism ${parallelism} = ${ideal.toFixed(0)} ms`);
    console.log(`ratio total/ideal: ${(median / ideal).toFixed(2)}   (aim: the whole search under 1000 ms: ${median < 1000 ? 'yes' : 'NO'})`);
    console.log(`baseline, simulator at 0 ms (median of ${RUNS}): ${overhead.toFixed(0)} ms — total minus baseline: ${(median - overhead).toFixed(0)} ms against the ideal ${ideal.toFixed(0)} ms`);
    fs.rmSync(tmp, { recursive: true, force: true });
  } catch (e) {
    log(`kept ${tmp} (system.log) for a look`);
    throw e;
  } finally {
    await stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
