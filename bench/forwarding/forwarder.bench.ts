/**
 * The forwarder (docs/forwarding.md): redirects per second and latency with its rule cache (FORWARDER_CACHE_MS 60 s,
 * changes announced over Redis) against reading every request through to PostgreSQL (FORWARDER_CACHE_MS 0), in the
 * same run on the same data.
 *
 *   node_modules/.bin/node -r @swc-node/register bench/forwarding/forwarder.bench.ts      (or `npm run bench -- forwarding`)
 *
 * Seeds BENCH_ZONES served zones (default 10,000) with one URL forward each (the dns schema made by its migrations),
 * then for each mode starts the forwarder (its Nest app, as apps/forwarder does), asks for every host once (warm-up), and
 * for BENCH_SECONDS (default 5) sends GETs with random forwarded Host headers from BENCH_CONCURRENCY keep-alive connections (default 32).
 */
import http from 'node:http';
import { DataSource } from 'typeorm';
import { ForwarderModule, ForwarderServer, DNS_MIGRATIONS } from '@registrar/dns';
import { ensureSchema, migrateWithLock, schemaDataSourceOptions } from '@registrar/db';
import { startService } from '@registrar/infra';
import { percentile } from '../percentile';

const ZONES = Number(process.env.BENCH_ZONES ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

const pct = (s: number[], p: number) => percentile(s, p / 100, { sorted: true });

async function seed(): Promise<void> {
  await ensureSchema('dns');
  const ds = new DataSource({ ...schemaDataSourceOptions({ schema: 'dns', entities: [], migrations: DNS_MIGRATIONS }), name: 'bench-dns' });
  await ds.initialize();
  await migrateWithLock(ds, 'dns');
  await ds.query('TRUNCATE dns.url_forwards, dns.zones CASCADE');
  await ds.query(`INSERT INTO dns.zones (domain_pk_id, punycode, served) SELECT i, 'fwd-bench-' || i || '.com', true FROM generate_series(1, $1) i`, [ZONES]);
  await ds.query(
    `INSERT INTO dns.url_forwards (domain_pk_id, user_id, punycode, host, fqdn, target, status, keep_path)
     SELECT i, 1, 'fwd-bench-' || i || '.com', 'www', 'www.fwd-bench-' || i || '.com', 'https://target.example/' || i || '/', 301, true FROM generate_series(1, $1) i`,
    [ZONES],
  );
  await ds.query('ANALYZE dns.url_forwards');
  await ds.destroy();
}

async function load(port: number): Promise<{ rps: number; p50: number; p95: number; p99: number; wrong: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const lat: number[] = [];
  let wrong = 0;
  const end = Date.now() + SECONDS * 1000;
  const one = () => new Promise<void>((resolve) => {
    const i = 1 + Math.floor(Math.random() * ZONES);
    const t = process.hrtime.bigint();
    const req = http.get({ host: '127.0.0.1', port, path: '/p?q=1', agent, headers: { Host: `www.fwd-bench-${i}.com` } }, (res) => {
      res.resume();
      res.on('end', () => {
        lat.push(Number(process.hrtime.bigint() - t) / 1e6);
        if (res.statusCode !== 301 || res.headers.location !== `https://target.example/${i}/p?q=1`) wrong++;
        resolve();
      });
    });
    req.on('error', () => { wrong++; resolve(); });
  });
  const started = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => { while (Date.now() < end) await one(); }));
  const secs = (Date.now() - started) / 1000;
  agent.destroy();
  lat.sort((a, b) => a - b);
  return { rps: lat.length / secs, p50: pct(lat, 50), p95: pct(lat, 95), p99: pct(lat, 99), wrong };
}

async function run(cacheMs: number) {
  process.env.FORWARDER_CACHE_MS = String(cacheMs);
  process.env.FORWARDER_PORT = '0';
  process.env.FORWARDER_HOST = '127.0.0.1';
  const app = await startService(`forwarder-bench-${cacheMs}`, ForwarderModule, process.env.REDIS_URL);
  const server = app.get(ForwarderServer);
  // warm-up: every host once (fills the cache when there is one)
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let next = 1;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next <= ZONES) {
      const i = next++;
      await new Promise<void>((resolve) => http.get({ host: '127.0.0.1', port: server.httpPort, path: '/', agent, headers: { Host: `www.fwd-bench-${i}.com` } }, (res) => { res.resume(); res.on('end', () => resolve()); }).on('error', () => resolve()));
    }
  }));
  agent.destroy();
  const readsBefore = server.reads;
  const r = await load(server.httpPort);
  const reads = server.reads - readsBefore;
  await app.close();
  return { ...r, reads };
}

async function main() {
  await seed();
  const cached = await run(60_000);
  const through = await run(0);
  const f = (x: number) => x.toFixed(2);
  console.log(`forwarder, ${ZONES} forwarded hosts, ${CONCURRENCY} connections, ${SECONDS} s each, same run:`);
  console.log('| mode | redirects/s | p50 ms | p95 ms | p99 ms | database reads | wrong answers |');
  console.log('|---|---|---|---|---|---|---|');
  console.log(`| cache (60 s, Redis invalidation) | ${cached.rps.toFixed(0)} | ${f(cached.p50)} | ${f(cached.p95)} | ${f(cached.p99)} | ${cached.reads} | ${cached.wrong} |`);
  console.log(`| read through (no cache) | ${through.rps.toFixed(0)} | ${f(through.p50)} | ${f(through.p95)} | ${f(through.p99)} | ${through.reads} | ${through.wrong} |`);
  console.log(`ratio cache / read-through: ${(cached.rps / through.rps).toFixed(2)}× redirects/s`);
  process.exit(cached.wrong || through.wrong ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
