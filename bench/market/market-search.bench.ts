/**
 * The domain market's search over 100,000 active listings (docs/market.md), through the real gateway (GET /market, a
 * public call) and the market service on the Redis transport, beside the SAME two statements (the page's rows and the
 * count capped at 1,000, built by the service's own buildMarketSearch/marketSearchSql) run straight on PostgreSQL in the same run: p50/p99 per search,
 * and the ratio gateway / raw SQL.
 *
 *   node_modules/.bin/node -r @swc-node/register bench/market/market-search.bench.ts    (or: npm run bench -- market)
 *
 * Under `npm run bench` it uses the runner's PostgreSQL and Redis; alone it starts its own on BENCH_PG_PORT (25497) and
 * BENCH_REDIS_PORT (26497). BENCH_LISTINGS (100000), BENCH_ROUNDS (200 requests per search).
 */
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Pool } from 'pg';
import type { MarketSearchRequest } from '@registrar/contracts';
import { benchDataStores, Stoppable, stopper } from '../../scripts/dev/infra';
import { percentile } from '../percentile';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

const SEARCHES: Record<string, MarketSearchRequest> = {
  'newest first, page 1': {},
  'keyword "sakura"': { keyword: 'sakura' },
  '.com, 10,000-100,000 yen, cheapest first': { tld: 'com', priceMin: 10_000, priceMax: 100_000, sort: 'price_asc' },
  '3-5 characters, shortest first': { lengthMin: 3, lengthMax: 5, sort: 'length' },
  'keyword "shop" .jp, dearest first, page 3': { keyword: 'shop', tld: 'jp', sort: 'price_desc', page: 3 },
  'ending soonest, page 10': { sort: 'ending', page: 10 },
};

const pct = (xs: number[], q: number) => percentile(xs, q);
const ms = (n: number) => `${n.toFixed(2)} ms`;

async function main() {
  const handles: Stoppable[] = [];
  const stop = stopper(handles);
  try {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-bench-market-'));
    const stores = await benchDataStores({ tmp, pgPort: Number(process.env.BENCH_PG_PORT ?? 25497), redisPort: Number(process.env.BENCH_REDIS_PORT ?? 26497), handles });
    Object.assign(process.env, { DATABASE_URL: stores.databaseUrl, REDIS_URL: stores.redisUrl, NODE_ENV: 'test', LOG_LEVEL: 'warn', MARKET_SWEEP_EVERY_S: '0' });
    const { NestFactory } = await import('@nestjs/core');
    const { buildMarketSearch, marketRowsNeeded, marketSearchSql, MarketServiceModule } = await import('@registrar/market');
    const { configureGatewayApp, GatewayModule } = await import('@registrar/gateway');
    const { startService } = await import('@registrar/infra');
    const db = new Pool({ connectionString: stores.databaseUrl, max: 4 });
    await db.query('DROP SCHEMA IF EXISTS market CASCADE');
    const market = await startService('market', MarketServiceModule, stores.redisUrl);
    handles.push({ name: 'market', stop: () => market.close() });
    const app = await NestFactory.create<NestExpressApplication>(GatewayModule, { logger: ['error'] });
    configureGatewayApp(app);
    await app.listen(0, '127.0.0.1');
    handles.push({ name: 'gateway', stop: () => app.close() });
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;

    // 100,000 active listings: names from a few words and numbers, 8 TLDs, prices 1,000-2,000,000 yen, 1-180 days left
    const t0 = Date.now();
    await db.query(
      `INSERT INTO market.listings (seller_id, domain_id, domain, tld, length, price, min_offer, description, ends_at, status, registered_at, expires_at, created_at)
       SELECT 1000 + (i % 5000), i, n || '.' || t, t, length(n), p, NULL, 'ベンチマーク用の出品 ' || i, now() + ((i % 180) + 1) * interval '1 day', 'active',
              now() - ((i % 3000) + 60) * interval '1 day', now() + ((i % 700) + 30) * interval '1 day', now() - (i % 10000) * interval '1 minute'
       FROM generate_series(1, $1) AS i,
            LATERAL (SELECT (ARRAY['sakura','shop','tokyo','rakko','blog','web','cloud','mirai','kaze','yama'])[1 + i % 10] ||
                            CASE WHEN i % 7 = 0 THEN '' ELSE substr(md5(i::text), 1, 1 + i % 9) END AS n,
                            (ARRAY['com','net','jp','co.jp','org','info','xyz','shop'])[1 + i % 8] AS t,
                            1000 + (i * 7919) % 1999000 AS p) x`,
      [LISTINGS],
    );
    await db.query('ANALYZE market.listings');
    console.log(`seeded ${LISTINGS.toLocaleString()} active listings in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const headers = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
    const qs = (s: MarketSearchRequest) => new URLSearchParams(Object.entries(s).map(([k, v]) => [k, String(v)])).toString();
    // what PostgreSQL does with each search (BENCH_EXPLAIN=0 to skip): the plan of the page's rows and of the count
    if (process.env.BENCH_EXPLAIN !== '0') {
      for (const [label, s] of Object.entries(SEARCHES)) {
        const b = buildMarketSearch(s);
        const counted = Number((await db.query(marketSearchSql(b).count.sql, marketSearchSql(b).count.params)).rows[0].n);
        const sql = marketSearchSql(b, counted);
        const parts: Array<[string, { sql: string; params: unknown[] }]> = [['count', sql.count]];
        if (marketRowsNeeded(b, counted)) parts.push(['rows', sql.rows]);
        for (const [part, st] of parts) {
          const plan = (await db.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, SUMMARY ON) ${st.sql}`, st.params)).rows.map((r: Record<string, string>) => r['QUERY PLAN']);
          console.log(`\n-- ${label} (${part})\n${plan.join('\n')}`);
        }
      }
    }
    const rows: string[][] = [['search', 'hits', 'gateway p50', 'p95', 'p99', 'raw SQL p50', 'p95', 'p99', 'p99 ratio']];
    const allGw: number[] = [];
    const allRaw: number[] = [];
    for (const [label, s] of Object.entries(SEARCHES)) {
      // warm both paths
      for (let i = 0; i < 5; i++) await fetch(`${base}/market?${qs(s)}`, { headers }).then((r) => r.json());
      const gw: number[] = [];
      let hits = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const a = performance.now();
        const r = await fetch(`${base}/market?${qs(s)}`, { headers });
        const body = (await r.json()) as { total: number };
        gw.push(performance.now() - a);
        if (r.status !== 200) throw new Error(`${label}: ${r.status}`);
        hits = body.total;
      }
      // the service's statements, in its order: the capped count, then the page's rows as the count decides
      const b = buildMarketSearch(s);
      const raw: number[] = [];
      for (let i = 0; i < ROUNDS + 5; i++) {
        const a = performance.now();
        const first = marketSearchSql(b);
        const counted = Number((await db.query(first.count.sql, first.count.params)).rows[0].n);
        const sql = marketSearchSql(b, counted);
        if (marketRowsNeeded(b, counted)) await db.query(sql.rows.sql, sql.rows.params);
        if (i >= 5) raw.push(performance.now() - a);
      }
      allGw.push(...gw);
      allRaw.push(...raw);
      rows.push([label, hits.toLocaleString(), ms(pct(gw, 0.5)), ms(pct(gw, 0.95)), ms(pct(gw, 0.99)), ms(pct(raw, 0.5)), ms(pct(raw, 0.95)), ms(pct(raw, 0.99)), `${(pct(gw, 0.99) / pct(raw, 0.99)).toFixed(2)}x`]);
    }
    rows.push(['ALL', '', ms(pct(allGw, 0.5)), ms(pct(allGw, 0.95)), ms(pct(allGw, 0.99)), ms(pct(allRaw, 0.5)), ms(pct(allRaw, 0.95)), ms(pct(allRaw, 0.99)), `${(pct(allGw, 0.99) / pct(allRaw, 0.99)).toFixed(2)}x`]);
    const w = rows[0]!.map((_, c) => Math.max(...rows.map((r) => [...r[c]!].length)));
    console.log(`\nmarket search over ${LISTINGS.toLocaleString()} listings, ${ROUNDS} requests per search, one at a time (GET /market through the gateway and the market service vs. the same SQL on PostgreSQL)`);
    for (const r of rows) console.log(r.map((x, c) => x.padEnd(w[c]!)).join('  '));
    const p99 = pct(allGw, 0.99);
    console.log(`\ngateway p99 over all searches: ${ms(p99)} (target < 50 ms: ${p99 < 50 ? 'met' : 'NOT met'}); load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);
    await db.end();
  } finally {
    await stop();
  }
}

main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
