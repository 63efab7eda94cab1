/**
 * The domain list of one member holding 100,000 domains, through the real gateway (sessions, CSRF, roles) and the
 * domain-ops service on the Redis transport, against baselines measured in the same run:
 *   1. POST mypage/domain/search: six filter + sort + page-of-50 searches, one request at a time; p50/p99 per search
 *      and over all, beside the SAME statements run straight on PostgreSQL (count, expired count, and the page's rows
 *      in one statement, built by the service's own buildWhere/countSql/pageRowsSql); ratio gateway / raw SQL. The service answers repeated counts from
 *      its per-version cache; a seventh line changes a domain before every request, so its counts run every time.
 *   2. POST /mypage/domain/csv of every domain (100,000 rows), streamed: seconds, rows, bytes, and the process's RSS
 *      before, at its peak while streaming, and after.
 *   3. Select-all-pages: POST mypage/domain/ids over 100,000 matches (ids only, capped at 1000) and POST
 *      mypage/domain/ready with allPageFlg (refused with 一括操作の上限は1000件です, no rows loaded).
 *
 *   node_modules/.bin/node -r @swc-node/register bench/domains/domain-list.bench.ts    (or: npm run bench -- domains)
 *
 * Under `npm run bench` it uses the runner's PostgreSQL and Redis; alone it starts its own on BENCH_PG_PORT (25494) and
 * BENCH_REDIS_PORT (26494). BENCH_DOMAINS (100000), BENCH_ROUNDS (100 requests per search), BENCH_CPU_PROFILE=<dir> (a CPU
 * profile of each search's measured requests, bench/profile.ts), BENCH_SEARCHES (a part of the searches' labels: only those),
 * BENCH_ORDER=interleaved (one request of each search in turn instead of each search's requests together),
 * BENCH_APART=1 (domain-ops and the catalogue each their own process, bench/services.ts; `npm run bench` runs both modes). After part 1 it
 * prints where the slowest request of each search went (bench/domains/search-stages.ts) and the process's GC per search.
 */
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Pool } from 'pg';
import { DomainListPatterns } from '@registrar/contracts';
import { validateDomainSearch } from '@registrar/rules';
import { benchDataStores, Stoppable, stopper } from '../../scripts/dev/infra';
import { profiled } from '../profile';
import { searchStages } from './search-stages';
import { benchApart, benchMode, startBenchServices } from '../services';
import { percentile } from '../percentile';

const DOMAINS = Number(process.env.BENCH_DOMAINS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);

const SEARCHES: Record<string, Record<string, unknown>> = {
  'default (valid, due date, page 1)': {},
  'keyword "sakura", name desc': { key: 'sakura', sort: 'nameDesc' },
  'expiring 30 days + auto-renew off': { isStatus: '2', isAutoUpdate: '0' },
  'inflow 1,000+, inflow desc, page 3': { influxLimit: '1000', sort: 'influxDesc', validDomainPage: 3 },
  'expired tab (grace/restore per TLD)': { domainType: 2 },
  'proxy off + lock on, due desc, page 10': { isWhoisProxy: 'not_proxy_release', isDomainLock: '1', sort: 'dueDateDesc', validDomainPage: 10 },
};

const pct = (xs: number[], q: number) => percentile(xs, q);
const mb = (n: number) => `${(n / 1048576).toFixed(0)} MB`;

async function main() {
  const handles: Stoppable[] = [];
  const stop = stopper(handles);
  try {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-bench-domains-'));
    const stores = await benchDataStores({ tmp, pgPort: Number(process.env.BENCH_PG_PORT ?? 25494), redisPort: Number(process.env.BENCH_REDIS_PORT ?? 26494), handles });
    Object.assign(process.env, { DATABASE_URL: stores.databaseUrl, REDIS_URL: stores.redisUrl, NODE_ENV: 'test', LOG_LEVEL: 'warn' });
    // the services read REDIS_URL and DATABASE_URL when their modules load: load them now
    const { NestFactory } = await import('@nestjs/core');
    const { buildWhere, countSql, DomainListService, influxSince, insertPortfolio, pageRowsSql, portfolio } = await import('@registrar/domain-ops');
    // the search's own time inside domain-ops (its SQL and rows), to tell it from the way there and back (gateway, RPC);
    // with the services apart it runs in domain-ops' own process and is not measured here
    const served: number[] = [];
    const search = DomainListService.prototype.search;
    DomainListService.prototype.search = async function (this: InstanceType<typeof DomainListService>, ...a: Parameters<typeof search>) {
      const t = performance.now();
      try { return await search.apply(this, a); } finally { served.push(performance.now() - t); }
    };
    const { configureGatewayApp, GatewayModule } = await import('@registrar/gateway');
    const { PasswordService, UsersRepository } = await import('@registrar/identity');
    const db = new Pool({ connectionString: stores.databaseUrl, max: 4 });
    await db.query('DROP SCHEMA IF EXISTS domain_ops CASCADE');
    // in this process, or each its own process (BENCH_APART=1, bench/services.ts); the gateway is always this process's
    // nothing is registered here: no reserve of WHOIS proxy contacts is made at the registry (ADR 0041), so no
    // registry work of its own runs beside what is measured, and none goes to a registry this benchmark did not start
    process.env.PROXY_RESERVE_SIZE ??= '0';
    await startBenchServices(['catalog', 'domain-ops'], handles);
    const app = await NestFactory.create<NestExpressApplication>(GatewayModule, { logger: ['error'] });
    configureGatewayApp(app);
    await app.listen(0, '127.0.0.1');
    handles.push({ name: 'gateway', stop: () => app.close() });
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const inHere = benchApart() ? 'client + gateway in this process, domain-ops and the catalogue apart' : 'client + gateway + domain-ops in this process';
    const stages = await searchStages({ pattern: DomainListPatterns.Search, http: app.getHttpServer(), service: DomainListService as never });

    // a member, signed in through the gateway
    const email = `bench-${Date.now()}@example.test`;
    const password = 'bench-pass-1234';
    const user = await app.get(UsersRepository).create({ email, passwordHash: await app.get(PasswordService).hash(password), emailVerifiedAt: new Date() });
    let cookie = '';
    const call = async (p: string, body?: unknown, extra: Record<string, string> = {}) => {
      const res = await fetch(base + p, { method: body === undefined ? 'GET' : 'POST', headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json', 'Content-Type': 'application/json', cookie, ...extra }, body: body === undefined ? undefined : JSON.stringify(body) });
      const set = res.headers.getSetCookie();
      if (set.length) cookie = set.map((c) => c.split(';')[0]).join('; ');
      return res;
    };
    let token = (await (await call('/session')).json()).csrfToken as string;
    const login = await call('/login', { email, password }, { 'X-CSRF-TOKEN': token });
    if (!login.ok) throw new Error(`login ${login.status}`);
    token = (await (await call('/session')).json()).csrfToken as string;
    const post = (p: string, body: unknown) => call(p, body, { 'X-CSRF-TOKEN': token });

    // 100,000 domains in every state, with 12 months of inflow each
    const t0 = performance.now();
    const now = new Date();
    await insertPortfolio((sql, params) => db.query(sql, params).then((r) => r.rows), user.id, portfolio(DOMAINS, `b${Date.now().toString(36)}`, now, 42), { now });
    await db.query('VACUUM ANALYZE domain_ops.domains'); // what autovacuum does after a bulk load (index-only counts)
    await db.query('VACUUM ANALYZE domain_ops.domain_name_servers');
    await db.query('VACUUM ANALYZE domain_ops.domain_influx_histories');
    console.log(`seeded ${DOMAINS.toLocaleString()} domains (with name servers and 12 months of inflow) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const warm = await (await post('/mypage/domain/search', {})).json();
    console.log(`valid domains: ${warm.validDomains.total.toLocaleString()}, expired: ${warm.expiredCount.toLocaleString()}`);

    // the same statements the service runs, straight on PostgreSQL
    const raw = async (input: Record<string, unknown>) => {
      const v = validateDomainSearch(input);
      if (!v.ok) throw new Error(v.errors.join());
      const c = v.condition;
      const at = new Date();
      const q = buildWhere(c, { userId: user.id, now: at });
      const e = buildWhere({ ...c, domainType: 2, isStatus: undefined, validDomainPage: 1 }, { userId: user.id, now: at });
      const [count] = await Promise.all([db.query(countSql(q), q.params), db.query(countSql(e), e.params)]);
      const last = Math.max(1, Math.ceil(count.rows[0].n / c.pagingNum));
      const page = Math.min(c.validDomainPage, last);
      const rows = pageRowsSql(c, q, c.pagingNum, (page - 1) * c.pagingNum, influxSince(at));
      await db.query(rows.sql, rows.params);
    };

    // how busy the machine is: the load average and the round trip of a bare SELECT 1 in this run
    const floor: number[] = [];
    for (let i = 0; i < 200; i++) { const t = performance.now(); await db.query('SELECT 1'); floor.push(performance.now() - t); }
    console.log(`machine: load average ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')} on ${os.cpus().length} cores; SELECT 1 round trip p50 ${pct(floor, 0.5).toFixed(2)} ms, p99 ${pct(floor, 0.99).toFixed(2)} ms`);

    console.log(`\n1. filter + sort + a page of 50, ${ROUNDS} requests each, one at a time [${benchMode()}]`);
    console.log(`${'search'.padEnd(42)} ${'gateway p50/p99'.padStart(18)} ${'raw SQL p50/p99'.padStart(18)}  ratio(p99)  ${'of which domain-ops p50/p99'.padStart(27)}`);
    const allG: number[] = [];
    const allR: number[] = [];
    let cpuMs = 0;
    const searches = Object.entries(SEARCHES).filter(([l]) => !process.env.BENCH_SEARCHES || l.includes(process.env.BENCH_SEARCHES));
    const interleaved = process.env.BENCH_ORDER === 'interleaved';
    const G = new Map<string, number[]>(searches.map(([l]) => [l, []]));
    const R = new Map<string, number[]>(searches.map(([l]) => [l, []]));
    const S = new Map<string, number[]>(searches.map(([l]) => [l, []]));
    /** one measured request of a search through the gateway, then the same statements straight on PostgreSQL */
    const measure = async (label: string, body: Record<string, unknown>) => {
      let t = performance.now();
      const cpu = process.cpuUsage();
      const before = served.length;
      stages.begin(label);
      const res = await post('/mypage/domain/search', body);
      const text = await res.text();
      const json = JSON.parse(text);
      stages.end(Buffer.byteLength(text));
      G.get(label)!.push(performance.now() - t);
      const used = process.cpuUsage(cpu);
      cpuMs += (used.user + used.system) / 1000;
      if (served.length > before) S.get(label)!.push(served[served.length - 1]!);
      if (!res.ok || json.errors?.length || json.validDomains.data.length === 0) throw new Error(`${label}: ${res.status} ${text.slice(0, 200)}`);
      t = performance.now();
      await raw(body);
      R.get(label)!.push(performance.now() - t);
    };
    const row = (label: string) => {
      const g = G.get(label)!;
      const r = R.get(label)!;
      const sv = S.get(label)!;
      allG.push(...g);
      allR.push(...r);
      console.log(`${label.padEnd(42)} ${`${pct(g, 0.5).toFixed(1)} / ${pct(g, 0.99).toFixed(1)} ms`.padStart(18)} ${`${pct(r, 0.5).toFixed(1)} / ${pct(r, 0.99).toFixed(1)} ms`.padStart(18)}  ${`${(pct(g, 0.99) / pct(r, 0.99)).toFixed(2)}×`.padStart(10)}  ${(sv.length ? `${pct(sv, 0.5).toFixed(1)} / ${pct(sv, 0.99).toFixed(1)} ms` : '- (another process)').padStart(27)}`);
    };
    const gcLines: string[] = [];
    if (interleaved) {
      // one request of each search in turn: a tail that belongs to one search stays with it, one that belongs to a
      // moment of the process (a major GC, another job, the machine) spreads over all of them
      for (const [, body] of searches) for (let i = 0; i < 5; i++) { await (await post('/mypage/domain/search', body)).json(); await raw(body); }
      stages.stretchStart();
      await profiled('domain-list-interleaved', async () => { for (let i = 0; i < ROUNDS; i++) for (const [label, body] of searches) await measure(label, body); });
      gcLines.push(`  all searches in turn: ${stages.stretch()}`);
      for (const [label] of searches) row(label);
    } else {
      for (const [label, body] of searches) {
        for (let i = 0; i < 5; i++) { await (await post('/mypage/domain/search', body)).json(); await raw(body); }
        stages.stretchStart();
        await profiled(`domain-list-${label}`, async () => { for (let i = 0; i < ROUNDS; i++) await measure(label, body); });
        gcLines.push(`  ${label}: ${stages.stretch()}`);
        row(label);
      }
    }
    {
      // the counts are cached per list version (docs/domain-list.md): right after a change they are counted again
      const label = 'default, right after a change (counted)';
      const g: number[] = [];
      const r: number[] = [];
      const someId = warm.validDomains.data[0].id;
      for (let i = 0; i < ROUNDS; i++) {
        await db.query('UPDATE domain_ops.domains SET memo = $2 WHERE id = $1', [someId, `bench ${i}`]);
        let t = performance.now();
        const res = await post('/mypage/domain/search', {});
        const json = await res.json();
        g.push(performance.now() - t);
        if (!res.ok || json.validDomains.data.length === 0) throw new Error(`${label}: ${res.status}`);
        t = performance.now();
        await raw({});
        r.push(performance.now() - t);
      }
      console.log(`${label.padEnd(42)} ${`${pct(g, 0.5).toFixed(1)} / ${pct(g, 0.99).toFixed(1)} ms`.padStart(18)} ${`${pct(r, 0.5).toFixed(1)} / ${pct(r, 0.99).toFixed(1)} ms`.padStart(18)}  ${(pct(g, 0.99) / pct(r, 0.99)).toFixed(2)}×  (not in "all searches")`);
    }
    const gp99 = pct(allG, 0.99);
    const rp99 = pct(allR, 0.99);
    console.log(`${'all searches'.padEnd(42)} ${`${pct(allG, 0.5).toFixed(1)} / ${gp99.toFixed(1)} ms`.padStart(18)} ${`${pct(allR, 0.5).toFixed(1)} / ${rp99.toFixed(1)} ms`.padStart(18)}  ${(gp99 / rp99).toFixed(2)}×`);
    console.log(`Node CPU per search (${inHere}; PostgreSQL and Redis not included): ${(cpuMs / allG.length).toFixed(1)} ms`);
    console.log(`machine at the end of part 1: load average ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')}`);
    console.log(`target: p99 < 50 ms through the gateway -> ${gp99 < 50 ? 'met' : 'NOT met'}; at most 2× raw SQL -> ${gp99 / rp99 <= 2 ? 'met' : 'NOT met'}`);
    console.log(`\nwhere the slowest request of each search went (stages in ms; bench/domains/search-stages.ts)`);
    for (const [label] of searches) stages.report(label);
    console.log(`GC of this process (${inHere}, the catalogue with domain-ops) while the searches ran:`);
    for (const l of gcLines) console.log(l);
    stages.stop();

    console.log(`\n2. CSV of every valid domain, streamed (twice: memory that grew with the rows would grow again)`);
    const rssBefore = process.memoryUsage().rss;
    for (const round of [1, 2]) {
      const before = process.memoryUsage();
      let peak = before.rss;
      let peakHeap = before.heapUsed;
      const sampler = setInterval(() => { const m = process.memoryUsage(); peak = Math.max(peak, m.rss); peakHeap = Math.max(peakHeap, m.heapUsed); }, 10);
      const tc = performance.now();
      const cpu = process.cpuUsage();
      const form = new URLSearchParams({ _token: token });
      const res = await fetch(`${base}/mypage/domain/csv`, { method: 'POST', headers: { cookie, 'Content-Type': 'application/x-www-form-urlencoded' }, body: form });
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (const b of chunk) if (b === 10) lines++;
      }
      const seconds = (performance.now() - tc) / 1000;
      clearInterval(sampler);
      const after = process.memoryUsage();
      const used = process.cpuUsage(cpu);
      console.log(`run ${round}: status ${res.status}, ${(lines - 1).toLocaleString()} rows, ${(bytes / 1048576).toFixed(1)} MB in ${seconds.toFixed(2)} s (target < 3 s -> ${seconds < 3 ? 'met' : 'NOT met'}); Node CPU ${((used.user + used.system) / 1000).toFixed(0)} ms; load average ${os.loadavg()[0]!.toFixed(1)}`);
      console.log(`  RSS (${inHere}): before ${mb(before.rss)}, peak ${mb(peak)} (+${mb(peak - before.rss)}), after ${mb(after.rss)}; JS heap before ${mb(before.heapUsed)}, peak ${mb(peakHeap)}, after ${mb(after.heapUsed)}; the CSV itself is ${mb(bytes)}`);
    }
    console.log(`RSS over both runs: ${mb(rssBefore)} -> ${mb(process.memoryUsage().rss)}`);

    console.log(`\n3. select all pages over every domain`);
    const ti = performance.now();
    const ids = await (await post('/mypage/domain/ids', { isTrash: '0', domainType: 1 })).json();
    const idsMs = performance.now() - ti;
    const tr = performance.now();
    const ready = await (await post('/mypage/domain/ready', { allPageFlg: true })).json();
    const readyMs = performance.now() - tr;
    console.log(`ids: total ${ids.total.toLocaleString()}, ${ids.ids.length} ids returned (capped at 1000) in ${idsMs.toFixed(1)} ms; ready(allPageFlg): ${JSON.stringify(ready.errors)} with ${ready.data.domains.length} rows in ${readyMs.toFixed(1)} ms`);
    await db.end();
  } finally {
    await stop();
  }
}

main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
