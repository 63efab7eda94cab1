/**
 * Replicas: search and checkout against the system as `npm run start:apart` runs it (every service its own processes,
 * gateways behind one balancer), first with 1 copy of every service, then with 2, in the same run on the same data
 * stores. Prints, for both, throughput and p95 of
 *   - a search as the browser makes it (dispatch, then one check of 25 names at the registry), BENCH_SEARCHERS (16)
 *     clients for BENCH_DURATION seconds (15), and
 *   - a checkout through the public API (one domain paid with points, submit until the job has finished),
 *     BENCH_CHECKOUTS (40) at BENCH_BUYERS (8) at a time,
 * and the ratio 2 replicas / 1 replica.
 *
 *   node_modules/.bin/node -r @swc-node/register bench/topology/replicas.bench.ts     (or npm run bench -- topology)
 *
 * Data stores: those of `npm run bench`, else its own on BENCH_PG_PORT (25594) / BENCH_REDIS_PORT (26594). Every port
 * the system listens on is a free one (nothing of `npm start`'s).
 */
import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { OrdersPatterns } from '@registrar/contracts';
import { BullRpcClient, rpc } from '@registrar/infra';
import { benchDataStores, freePort, log, stopper, Stoppable } from '../../scripts/dev/infra';
import { localRuntimeEnv } from '../../scripts/dev/system';
import { startApart } from '../../scripts/dev/apart';
import { percentile } from '../percentile';

const SEARCHERS = Number(process.env.BENCH_SEARCHERS ?? 16);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 40);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 8);

const pct = (xs: number[], q: number) => percentile(xs, q);

interface Figures { searchPerS: number; searchP95: number; checkoutPerS: number; checkoutP95: number; errors: number }

async function json(url: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const r = await fetch(url, { ...init, headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...(init.headers ?? {}) } });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null };
}

/** a browser's session: its cookie and CSRF token, as the web app sends them */
async function browserSession(base: string) {
  let cookie = '';
  let csrf = '';
  const call = async (p: string, method = 'GET', body?: unknown) => {
    const r = await fetch(`${base}${p}`, { method, headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json', ...(cookie ? { Cookie: cookie } : {}), ...(csrf ? { 'X-CSRF-TOKEN': csrf } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const set = r.headers.getSetCookie?.() ?? [];
    if (set.length) cookie = set.map((c) => c.split(';')[0]).join('; ');
    return { status: r.status, body: await r.json().catch(() => null) };
  };
  const refresh = async () => {
    csrf = (await call('/session')).body.csrfToken;
  };
  await refresh();
  return { call, refresh };
}

/** signs the demo member in and turns its API on; answers the API key */
async function apiKey(base: string): Promise<string> {
  const b = await browserSession(base);
  const login = await b.call('/login', 'POST', { email: 'demo@example.com', password: 'demo-pass-1234' });
  if (login.status !== 200) throw new Error(`login ${login.status}`);
  await b.refresh();
  const r = await b.call('/mypage/user/api', 'POST', { isApiEnabled: 1, isIpRestriction: 0, apiAllowedIps: [] });
  if (r.body?.apiKey) return r.body.apiKey;
  // API use was on already (an earlier measurement on the same data): a new key, shown once
  const k = await b.call('/mypage/user/api/key', 'POST', {});
  if (!k.body?.apiKey) throw new Error(`API key: ${k.status} ${JSON.stringify(k.body)}`);
  return k.body.apiKey;
}

type Session = Awaited<ReturnType<typeof browserSession>>;

/** a guest's search: dispatch, then the first check of 25 names */
async function search(b: Session): Promise<void> {
  const d = await b.call('/search/domain/dispatch', 'POST', { keywords: [`bench${randomBytes(4).toString('hex')}`] });
  if (d.status >= 300) throw new Error(`dispatch ${d.status}`);
  const names: string[] = d.body.punycode.map((p: string, i: number) => (d.body.checkable[i] ? `${p}.${d.body.tlds[i]}` : null)).filter(Boolean).slice(0, 25);
  const c = await b.call('/search/domain', 'POST', { domainNames: names });
  if (c.status >= 300 || !c.body.success) throw new Error(`check ${c.status}`);
}

/** names the registry has free (asked through the public API), for the checkouts */
async function freeNames(base: string, key: string, n: number): Promise<string[]> {
  const out: string[] = [];
  while (out.length < n) {
    const batch = Array.from({ length: 25 }, () => `bench${randomBytes(6).toString('hex')}.com`);
    const r = await json(`${base}/api/v1/availability?domains=${batch.join(',')}`, { headers: { 'X-API-Key': key } });
    if (r.status !== 200) throw new Error(`availability ${r.status} ${JSON.stringify(r.body)}`);
    for (const x of r.body.results) if (x.status === 'available' && out.length < n) out.push(x.domain);
  }
  return out;
}

async function checkout(base: string, key: string, name: string): Promise<void> {
  const started = await json(`${base}/api/v1/domains`, { method: 'POST', headers: { 'X-API-Key': key }, body: JSON.stringify({ domains: [{ name, years: 1 }], idempotency_key: randomUUID() }) });
  if (started.status !== 202) throw new Error(`register ${started.status} ${JSON.stringify(started.body)}`);
  for (;;) {
    const r = await json(`${base}/api/v1/jobs/${started.body.job.id}`, { headers: { 'X-API-Key': key } });
    if (r.status === 200 && r.body.status === 'finished') {
      if (r.body.items[0].status !== 'success') throw new Error(`registration ${r.body.items[0].status}: ${r.body.items[0].message}`);
      return;
    }
    await new Promise((res) => setTimeout(res, 100));
  }
}

async function measure(replicas: number, stores: { databaseUrl: string; redisUrl: string }, tmp: string): Promise<Figures> {
  const port = await freePort();
  const env = localRuntimeEnv({ port, databaseUrl: stores.databaseUrl, redisUrl: stores.redisUrl, dnsPort: await freePort() });
  const epp = await freePort();
  Object.assign(env, {
    NODE_ENV: 'test', LOG_LEVEL: 'warn', EPP_PORT: String(epp), EPP_ADMIN_PORT: String(await freePort()), SMTP_INBOUND_PORT: String(await freePort()),
    WHOIS_PORT: String(await freePort()), MAIL_CATCHER_SMTP_PORT: String(await freePort()), REGISTRY_SIM_WHOIS_PORT: String(await freePort()), REGISTRY_SIM_RDAP_PORT: String(await freePort()),
    STRIPE_LOCAL_PORT: String(await freePort()), WALLET_LOCAL_PORT: String(await freePort()), API_RATE_LIMIT: '1000000',
    // every session of the bench is one client (127.0.0.1) to the search limit of 600 checks a minute: a 15 s run at
    // 40+ searches a second passed it, and the next measurement's searches were refused (429)
    SEARCH_CHECK_CALLS_PER_MINUTE: '1000000',
  });
  env.REGISTRY_RDAP_URL = `http://127.0.0.1:${env.REGISTRY_SIM_RDAP_PORT}/rdap`;
  env.REGISTRY_SIM_SMTP_URL = `smtp://127.0.0.1:${env.MAIL_CATCHER_SMTP_PORT}`;
  env.REGISTRY_SIM_SMTP_ROUTES = `whois-proxy.rakko.example=smtp://127.0.0.1:${env.SMTP_INBOUND_PORT}`;
  const logDir = path.join(tmp, `replicas-${replicas}`);
  fs.mkdirSync(logDir, { recursive: true });
  log(`starting start:apart with ${replicas} replica(s) (logs: ${logDir})…`);
  const system = await startApart({ env, port, replicas, logDir });
  const rpcClient = new BullRpcClient(stores.redisUrl);
  try {
    const base = `http://127.0.0.1:${port}`;
    const key = await apiKey(base);
    const db = new Pool({ connectionString: stores.databaseUrl, max: 1 });
    const userId = Number((await db.query(`SELECT id FROM identity.users WHERE email = 'demo@example.com'`)).rows[0].id);
    await db.end();
    await rpc(rpcClient, OrdersPatterns.PointGrant, { userId, amount: 1_000_000, idempotencyKey: `bench-replicas-${replicas}-${Date.now()}` }, 30_000);
    await search(await browserSession(base)); // warm-up
    const names = await freeNames(base, key, CHECKOUTS + 1);
    await checkout(base, key, names.pop()!);

    let errors = 0;
    const searchTimes: number[] = [];
    const sessions = await Promise.all(Array.from({ length: SEARCHERS }, () => browserSession(base)));
    const end = Date.now() + DURATION_S * 1000;
    const t0 = performance.now();
    await Promise.all(sessions.map(async (b) => {
      while (Date.now() < end) {
        const t = performance.now();
        try {
          await search(b);
          searchTimes.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }));
    const searchS = (performance.now() - t0) / 1000;

    const checkoutTimes: number[] = [];
    let left = CHECKOUTS;
    const t1 = performance.now();
    await Promise.all(Array.from({ length: BUYERS }, async () => {
      while (left-- > 0) {
        const t = performance.now();
        try {
          await checkout(base, key, names.pop()!);
          checkoutTimes.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }));
    const checkoutS = (performance.now() - t1) / 1000;
    return { searchPerS: searchTimes.length / searchS, searchP95: pct(searchTimes, 0.95), checkoutPerS: checkoutTimes.length / checkoutS, checkoutP95: pct(checkoutTimes, 0.95), errors };
  } finally {
    await rpcClient.close();
    await system.stop();
  }
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-bench-replicas-'));
  const handles: Stoppable[] = [];
  const stop = stopper(handles);
  process.on('SIGINT', async () => { await stop(); process.exit(130); });
  try {
    const stores = await benchDataStores({ tmp, pgPort: Number(process.env.BENCH_PG_PORT ?? 25594), redisPort: Number(process.env.BENCH_REDIS_PORT ?? 26594), handles });
    const one = await measure(1, stores, tmp);
    log(`1 replica: ${JSON.stringify(one)}`);
    const two = await measure(2, stores, tmp);
    const f = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '—');
    console.log('');
    console.log(`start:apart on ${os.cpus().length} cores (load average ${os.loadavg()[0].toFixed(1)}): search = dispatch + one check of 25 names (${SEARCHERS} clients, ${DURATION_S} s); checkout = one domain with points through the public API (${CHECKOUTS}, ${BUYERS} at a time)`);
    console.log('| replicas | search/s | search p95 ms | checkout/s | checkout p95 ms | errors |');
    console.log('|---|---|---|---|---|---|');
    for (const [n, x] of [[1, one], [2, two]] as const) console.log(`| ${n} | ${f(x.searchPerS)} | ${f(x.searchP95, 0)} | ${f(x.checkoutPerS, 2)} | ${f(x.checkoutP95, 0)} | ${x.errors} |`);
    console.log(`ratio 2/1: search throughput ${f(two.searchPerS / one.searchPerS, 2)}, p95 ${f(two.searchP95 / one.searchP95, 2)}; checkout throughput ${f(two.checkoutPerS / one.checkoutPerS, 2)}, p95 ${f(two.checkoutP95 / one.checkoutP95, 2)}`);
    fs.rmSync(tmp, { recursive: true, force: true });
  } catch (e) {
    log(`kept ${tmp} (one log per process) for a look`);
    throw e;
  } finally {
    await stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
