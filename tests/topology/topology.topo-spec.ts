/**
 * The topology stage (docs/operations.md "Replicas and faults"): the system as `npm run start:apart` runs it — every
 * service its own OS process, two replicas of each, two gateways behind the one web port — checked through HTTP and
 * the database: requests handled by exactly one replica, a killed worker's jobs resumed, Redis connections dropped and
 * Redis restarted without restarting a process, the orders service frozen during purchases, and at the end every
 * ledger equal to its entries and the registry agreeing with every domain.
 *
 * Ports come from TOPO_* (scripts/dev/test.ts derives them from the TEST_* block); PostgreSQL is the stage's (its own
 * database), Redis its own (persistent, so that it can be restarted).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { Client } from 'pg';
import request from 'supertest';
import { EppClientPool, EppError } from '@registrar/epp';
import { OrdersPatterns, QueueName } from '@registrar/contracts';
import { BullRpcClient, rpc } from '@registrar/infra';
import { ApartSystem, httpStatus, Replica, startApart } from '../../scripts/dev/apart';
import { RedisHandle, startRedis } from '../../scripts/dev/infra';
import { localRuntimeEnv, REGISTRY_SIM_CERT } from '../../scripts/dev/system';

const env = process.env;
const PORT = Number(env.TOPO_PORT);
const REPLICAS = 2;
/** the forwarder's balancer (docs/forwarding.md) */
const FORWARDER_PORT = Number(env.TOPO_FORWARDER_PORT ?? Number(env.TOPO_SMTP_INBOUND_PORT) + 1);
const tmp = path.join(env.TEST_TMP ?? '/tmp', 'topology');
fs.mkdirSync(tmp, { recursive: true });

let redis: RedisHandle;
let system: ApartSystem;
let db: Client;
let epp: EppClientPool;
let rpcClient: BullRpcClient;
let key: string;
let member: Awaited<ReturnType<typeof signIn>>;
let userId: number;

/** waits for a condition, polling; fails with `what` after `capMs` */
async function until<T>(what: string, f: () => Promise<T | undefined | null | false>, capMs: number, everyMs = 250): Promise<T> {
  const end = Date.now() + capMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await f();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) throw new Error(`${what}: not within ${capMs / 1000} s${last ? ` (last error: ${(last as Error).message})` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

const web = () => request(`http://127.0.0.1:${PORT}`);
const q = async <T = any>(sql: string, params: unknown[] = []): Promise<T[]> => (await db.query(sql, params)).rows as T[];
const replicasOf = (service: string): Replica[] => system.replicas.filter((r) => r.service === service);
const xhr = () => ({ 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': member.token(), Accept: 'application/json' });

async function signIn(email: string, password: string) {
  const agent = request.agent(`http://127.0.0.1:${PORT}`);
  let csrf = '';
  const refresh = async () => {
    csrf = (await agent.get('/session').set('X-Requested-With', 'XMLHttpRequest')).body.csrfToken;
  };
  await refresh();
  const r = await agent.post('/login').set('X-Requested-With', 'XMLHttpRequest').set('X-CSRF-TOKEN', csrf).send({ email, password });
  if (r.status !== 200) throw new Error(`login failed ${r.status} ${JSON.stringify(r.body)}`);
  await refresh();
  return { agent, token: () => csrf };
}

async function post(p: string, body: object): Promise<any> {
  const r = await member.agent.post(p).set(xhr()).send(body);
  if (r.status !== 200) throw new Error(`${p}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** polls an operation run until every row has ended */
async function waitRun(jobId: string, capMs: number): Promise<any> {
  return until(`run ${jobId}`, async () => {
    const r = await member.agent.get(`/mypage/domain/operation/status?jobId=${jobId}`).set(xhr());
    return r.status === 200 && r.body.finished ? r.body : null;
  }, capMs, 200);
}

/** domains created at the registry (as our registrar) and recorded for the member, as the operations tests seed them */
async function seed(n: number): Promise<Array<{ id: number; name: string }>> {
  const made: string[] = [];
  const prefix = `topo${randomBytes(3).toString('hex')}`;
  let i = 0;
  while (made.length < n) {
    const batch = Array.from({ length: Math.min(25, (n - made.length) * 2) }, () => `${prefix}-${i++}.com`);
    const free = (await epp.checkBatch(batch)).filter((r) => r.avail).map((r) => r.name).slice(0, n - made.length);
    await Promise.all(free.map(async (name) => {
      try {
        await epp.create({ name, authInfo: 'Seed-Auth-1x', ns: ['ns1.example.net', 'ns2.example.net'] });
        made.push(name);
      } catch (e) {
        if (!(e instanceof EppError)) throw e;
      }
    }));
  }
  const rows = await q<{ id: string; name: string }>(
    `INSERT INTO domain_ops.domains (user_id, name, idn, punycode, tld, status, due_date, is_auto_update_enabled, is_whois_proxy_enabled, is_domain_lock_enabled)
     SELECT $1, n, n, n, 'com', 'active', now() + interval '200 days', false, false, false FROM unnest($2::text[]) AS n RETURNING id, name`, [userId, made]);
  await q(`INSERT INTO domain_ops.domain_name_servers (domain_id, priority, name) SELECT d, p, ns FROM unnest($1::bigint[]) AS d, unnest($2::text[]) WITH ORDINALITY AS x(ns, p)`,
    [rows.map((r) => r.id), ['ns1.example.net', 'ns2.example.net']]);
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

/** one search as the browser makes it: dispatch, then one check per batch of 25 names; answers the batches */
async function search(): Promise<number> {
  const keyword = `topo${randomBytes(4).toString('hex')}`;
  const d = await member.agent.post('/search/domain/dispatch').set(xhr()).send({ keywords: [keyword] });
  if (d.status !== 200 && d.status !== 201) throw new Error(`dispatch ${d.status} ${JSON.stringify(d.body)}`);
  const names: string[] = d.body.punycode.map((p: string, i: number) => (d.body.checkable[i] ? `${p}.${d.body.tlds[i]}` : null)).filter(Boolean);
  let batches = 0;
  for (let i = 0; i < names.length; i += 25) {
    const r = await member.agent.post('/search/domain').set(xhr()).send({ domainNames: names.slice(i, i + 25) });
    if ((r.status !== 200 && r.status !== 201) || !r.body.success) throw new Error(`check ${r.status} ${JSON.stringify(r.body)}`);
    batches++;
  }
  return batches;
}

/** one registration paid with points through the public API; answers the job's items once it has finished */
async function buy(idem = randomUUID()): Promise<any[]> {
  // a name the registry has free (the simulator holds some names already)
  let name = '';
  while (!name) {
    const batch = Array.from({ length: 10 }, () => `topo${randomBytes(5).toString('hex')}.com`);
    name = (await epp.checkBatch(batch)).find((r) => r.avail)?.name ?? '';
  }
  const started = await web().post('/api/v1/domains').set('X-API-Key', key).send({ domains: [{ name, years: 1 }], idempotency_key: idem });
  if (started.status !== 202) throw new Error(`register ${started.status} ${JSON.stringify(started.body)}`);
  const id = started.body.job.id;
  return until(`registration ${id}`, async () => {
    const r = await web().get(`/api/v1/jobs/${id}`).set('X-API-Key', key);
    return r.status === 200 && r.body.status === 'finished' ? r.body.items : null;
  }, 120_000, 300);
}

async function availabilityJobs(): Promise<number> {
  const queue = new Queue(QueueName.Availability, { connection: { host: '127.0.0.1', port: Number(env.TOPO_REDIS_PORT) } });
  try {
    const c = await queue.getJobCounts('completed', 'failed', 'active', 'waiting', 'delayed');
    return Object.values(c).reduce((a, b) => a + b, 0);
  } finally {
    await queue.close();
  }
}

beforeAll(async () => {
  redis = await startRedis(Number(env.TOPO_REDIS_PORT), path.join(tmp, 'redis.log'), { dataDir: path.join(tmp, 'redis-data') });
  const base = localRuntimeEnv({ port: PORT, databaseUrl: env.DATABASE_URL!, redisUrl: redis.url, dnsPort: Number(env.TOPO_DNS_PORT) });
  Object.assign(base, {
    NODE_ENV: 'test', LOG_LEVEL: 'warn', EPP_PORT: env.TOPO_EPP_PORT, EPP_ADMIN_PORT: String(Number(env.TOPO_EPP_PORT) + 1), EPP_TLS_CA_FILE: REGISTRY_SIM_CERT,
    SMTP_INBOUND_PORT: env.TOPO_SMTP_INBOUND_PORT, FORWARDER_PORT: String(FORWARDER_PORT), MAIL_CATCHER_SMTP_PORT: env.TOPO_MAIL_PORT, WHOIS_PORT: env.TOPO_WHOIS_PORT,
    REGISTRY_SIM_WHOIS_PORT: env.TOPO_SIM_WHOIS_PORT, REGISTRY_SIM_RDAP_PORT: env.TOPO_SIM_RDAP_PORT, REGISTRY_RDAP_URL: `http://127.0.0.1:${env.TOPO_SIM_RDAP_PORT}/rdap`,
    REGISTRY_SIM_SMTP_URL: `smtp://127.0.0.1:${env.TOPO_MAIL_PORT}`, REGISTRY_SIM_SMTP_ROUTES: `whois-proxy.rakko.example=smtp://127.0.0.1:${env.TOPO_SMTP_INBOUND_PORT}`,
    API_RATE_LIMIT: '100000', OPERATION_BACKOFF_MS: '200', ORDERS_RECONCILE_EVERY_S: '5',
    // the money reconciler (docs/payments.md) runs often and gives up a purchase stuck in charging soon
    MONEY_RECONCILE_EVERY_S: '5', CHARGING_DEADLINE_S: '20', PROCESSING_DEADLINE_S: '60',
  });
  system = await startApart({ env: base, port: PORT, replicas: REPLICAS, logDir: tmp });
  db = new Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  const ca = fs.readFileSync(REGISTRY_SIM_CERT, 'utf8');
  epp = new EppClientPool({ host: '127.0.0.1', port: Number(env.TOPO_EPP_PORT), clientId: 'rakko', password: 'rakko-local-pass', poolSize: 4, commandTimeoutMs: 20_000, connectTimeoutMs: 10_000, keepAliveMs: 60_000, rejectUnauthorized: true, ca, checkBatch: 25 });
  rpcClient = new BullRpcClient(redis.url);
  // the demo member of the local runtime (seeded once, by the first gateway), with points and an API key
  member = await signIn('demo@example.com', 'demo-pass-1234');
  userId = Number((await q<{ id: string }>(`SELECT id FROM identity.users WHERE email = 'demo@example.com'`))[0].id);
  const api = await post('/mypage/user/api', { isApiEnabled: 1, isIpRestriction: 0, apiAllowedIps: [] });
  key = api.apiKey;
  await rpc(rpcClient, OrdersPatterns.PointGrant, { userId, amount: 200_000, idempotencyKey: `topology-grant-${userId}-${Date.now()}` }, 30_000);
}, 420_000);

afterAll(async () => {
  await rpcClient?.close();
  await epp?.close();
  await db?.end();
  await system?.stop();
  await redis?.stop();
}, 120_000);

describe(`start:apart with ${REPLICAS} replicas of every service`, () => {
  it('runs every service as its own processes, each ready on its health port', async () => {
    expect(new Set(system.replicas.map((r) => r.service))).toEqual(new Set(['catalog', 'availability', 'orders', 'domain-ops', 'dns', 'whois-mail', 'admin', 'market', 'forwarder', 'gateway']));
    const pids = new Set(system.replicas.map((r) => r.handle.child.pid));
    expect(pids.size).toBe(system.replicas.length);
    for (const r of system.replicas) expect(await httpStatus(r.healthPort, '/health/ready')).toBe(200);
  }, 60_000);

  it('one search makes one availability job per 25-name batch', async () => {
    const before = await availabilityJobs();
    const batches = await search();
    expect(batches).toBeGreaterThan(1);
    expect(await availabilityJobs()).toBe(before + batches);
  }, 180_000);

  it('one name-server change on 20 domains makes one run and one history line per domain', async () => {
    const domains = await seed(20);
    const ids = domains.map((d) => d.id);
    const r = await post('/mypage/domain/nameserver/request', { domains: ids, formData: [{ name: 'ns1.topology.example', priority: 1 }, { name: 'ns2.topology.example', priority: 2 }] });
    expect(r.result).toBe(true);
    const s = await waitRun(r.jobId, 120_000);
    expect(s.domains.map((d: { status: string }) => d.status)).toEqual(ids.map(() => 'success'));
    const runs = await q(`SELECT DISTINCT run_id FROM domain_ops.operation_items WHERE domain_id = ANY($1)`, [ids]);
    expect(runs).toHaveLength(1);
    const items = await q<{ n: number }>(`SELECT domain_id, count(*)::int AS n FROM domain_ops.operation_items WHERE domain_id = ANY($1) GROUP BY domain_id`, [ids]);
    expect(items.map((x) => x.n)).toEqual(ids.map(() => 1));
    const lines = await q<{ n: number }>(`SELECT domain_id, count(*)::int AS n FROM domain_ops.action_logs WHERE domain_id = ANY($1) GROUP BY domain_id`, [ids]);
    expect(lines.map((x) => x.n)).toEqual(ids.map(() => 1));
    for (const d of domains.slice(0, 3)) expect((await epp.info(d.name)).ns.sort()).toEqual(['ns1.topology.example', 'ns2.topology.example']);
  }, 180_000);

  it('an AUTHCODE shown equals the registry’s', async () => {
    for (let round = 0; round < 3; round++) {
      const [d] = await seed(1);
      const r = await post('/mypage/domain/authcodeRequest/getAuthcode', { domains: [d.id] });
      const s = await waitRun(r.jobId, 60_000);
      expect(s.domains[0].status).toBe('success');
      expect((await epp.info(d.name)).authInfo).toBe(s.domains[0].authcode);
    }
  }, 180_000);

  it('a URL forward set through the API is answered by both forwarder replicas, and a change by both at once', async () => {
    const [item] = await buy();
    const name = item.domain as string;
    await until(`zone of ${name} served`, async () => (await q('SELECT 1 FROM dns.zones WHERE punycode = $1 AND served', [name])).length > 0, 60_000);
    const set = await web().post(`/api/v1/domains/${name}/forwarding/url`).set('X-API-Key', key).send({ host: 'www', target: 'https://first.example/', status: 301, keep_path: false });
    expect(set.status).toBe(200);
    // a new connection per request: the balancer hands them to the replicas in turn, so four reach both
    const ask = () => new Promise<string>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port: FORWARDER_PORT, path: '/', agent: false, headers: { Host: `www.${name}` } }, (res) => {
        res.resume();
        resolve(`${res.statusCode} ${res.headers.location ?? ''}`);
      }).on('error', reject);
    });
    const four = async () => [await ask(), await ask(), await ask(), await ask()];
    expect(await four()).toEqual(Array(4).fill('301 https://first.example/'));
    // both replicas hold the rule in memory now; the change is announced over Redis and dropped by both
    const id = set.body.url[0].id;
    const put = await web().put(`/api/v1/domains/${name}/forwarding/url/${id}`).set('X-API-Key', key).send({ host: 'www', target: 'https://second.example/', status: 302, keep_path: false });
    expect(put.status).toBe(200);
    await until('both replicas answer the change', async () => (await four()).every((a) => a === '302 https://second.example/'), 10_000, 100);
  }, 180_000);

  it('kill -9 of one domain-ops replica during a 50-domain bulk change: all 50 end, once each, within 30 s', async () => {
    const domains = await seed(50);
    const ids = domains.map((d) => d.id);
    const r = await post('/mypage/domain/nameserver/request', { domains: ids, formData: [{ name: 'ns1.killed.example', priority: 1 }, { name: 'ns2.killed.example', priority: 2 }] });
    // once the run is under way, one copy of domain-ops dies without a word
    await until('the bulk run under way', async () => (await q(`SELECT 1 FROM domain_ops.operation_items WHERE run_id = $1 AND status <> 'queued' LIMIT 1`, [r.jobId])).length > 0, 60_000, 50);
    const victim = replicasOf('domain-ops')[0];
    victim.handle.child.kill('SIGKILL');
    const s = await waitRun(r.jobId, 30_000);
    expect(s.domains.map((d: { status: string }) => d.status)).toEqual(ids.map(() => 'success'));
    const lines = await q<{ n: number }>(`SELECT domain_id, count(*)::int AS n FROM domain_ops.action_logs WHERE domain_id = ANY($1) GROUP BY domain_id`, [ids]);
    expect(lines.map((x) => x.n)).toEqual(ids.map(() => 1));
    for (const d of domains) expect((await epp.info(d.name)).ns.sort()).toEqual(['ns1.killed.example', 'ns2.killed.example']);
  }, 180_000);

  it('every Redis connection dropped, then Redis restarted: the next search and purchase succeed within 30 s, no process restarted', async () => {
    const pids = system.replicas.map((r) => r.handle.child.pid);
    const admin = new IORedis(redis.url);
    try {
      await admin.client('KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
      await admin.client('KILL', 'TYPE', 'pubsub');
    } finally {
      admin.disconnect();
    }
    await until('a search after the connections were dropped', async () => (await search()) > 0, 30_000, 500);
    expect((await until('a purchase after the connections were dropped', async () => buy(), 30_000, 500))[0]).toMatchObject({ status: 'success' });

    // Redis away: readiness fails everywhere it matters; back (same data): everything resumes
    const live = system.replicas.filter((r) => r.handle.child.exitCode === null && r.handle.child.signalCode === null);
    await redis.restart({
      whileDown: async () => {
        for (const r of live) await until(`${r.service}#${r.index} not ready while Redis is down`, async () => (await httpStatus(r.healthPort, '/health/ready')) === 503, 20_000);
      },
    });
    await until('a search after Redis restarted', async () => (await search()) > 0, 30_000, 500);
    expect((await until('a purchase after Redis restarted', async () => buy(), 30_000, 500))[0]).toMatchObject({ status: 'success' });
    for (const r of live) await until(`${r.service}#${r.index} ready again`, async () => (await httpStatus(r.healthPort, '/health/ready')) === 200, 30_000);
    // the session survived (Redis persists): still signed in
    expect((await member.agent.get('/session').set('X-Requested-With', 'XMLHttpRequest')).body.user).toMatchObject({ email: 'demo@example.com' });
    expect(system.replicas.map((r) => r.handle.child.pid)).toEqual(pids);
  }, 240_000);

  it('orders frozen (SIGSTOP) for 35 s during purchases: after the reconciler, no spend without a domain or a refund', async () => {
    const orders = replicasOf('orders');
    const since = (await q<{ now: Date }>('SELECT now() AS now'))[0].now;
    const buying = Array.from({ length: 3 }, () => buy().catch((e: Error) => e));
    // frozen while the purchases are being charged (the orders service holds their spends)
    await until('a purchase being charged', async () => (await q(`SELECT 1 FROM domain_ops.registration_orders WHERE user_id = $1 AND created_at >= $2 LIMIT 1`, [userId, since])).length > 0, 30_000, 10);
    for (const o of orders) o.handle.child.kill('SIGSTOP');
    try {
      await new Promise((r) => setTimeout(r, 35_000)); // the fault itself lasts 35 s (no assertion waits on it)
    } finally {
      for (const o of orders) o.handle.child.kill('SIGCONT');
    }
    await Promise.all(buying);
    expect((await q(`SELECT 1 FROM domain_ops.registration_orders WHERE user_id = $1 AND created_at >= $2`, [userId, since])).length).toBeGreaterThan(0);
    await until('every registration settled by the reconciler', async () => {
      const open = await q(`SELECT 1 FROM domain_ops.registration_orders WHERE user_id = $1 AND status IN ('charging', 'processing') LIMIT 1`, [userId]);
      const unsettled = await q(`SELECT 1 FROM domain_ops.registration_order_items i JOIN domain_ops.registration_orders o ON o.id = i.order_id
        WHERE o.user_id = $1 AND i.spent AND NOT i.refunded AND i.status NOT IN ('done', 'accepted') LIMIT 1`, [userId]);
      return open.length === 0 && unsettled.length === 0;
    }, 240_000, 1000);
    // and the orders service's spends agree: every spend of an order item has its domain or its refund
    const spends = await q<{ reference: string | null; idempotency_key: string }>(`SELECT reference, idempotency_key FROM orders.point_entries WHERE user_id = $1 AND kind = 'spend' AND created_at >= $2`, [userId, since]);
    for (const sp of spends) {
      const m = /^order:([0-9a-f-]{36}):(.+):spend$/.exec(sp.idempotency_key);
      if (!m) continue;
      const refunded = (await q(`SELECT 1 FROM orders.point_entries WHERE idempotency_key = $1`, [`order:${m[1]}:${m[2]}:refund`])).length > 0;
      const item = (await q<{ status: string }>(`SELECT status FROM domain_ops.registration_order_items WHERE order_id = $1 AND punycode = $2`, [m[1], m[2]]))[0];
      expect({ key: sp.idempotency_key, settled: refunded || ['done', 'accepted'].includes(item?.status) }).toEqual({ key: sp.idempotency_key, settled: true });
    }
  }, 420_000);

  it('afterwards every ledger equals its entries and the registry agrees with every domain', async () => {
    const ledgers = await q<{ user_id: string; balance: string; sum: string | null }>(
      `SELECT b.user_id, b.balance, (SELECT sum(delta) FROM orders.point_entries e WHERE e.user_id = b.user_id) AS sum FROM orders.point_balances b`);
    for (const l of ledgers) expect(Number(l.sum ?? 0)).toBe(Number(l.balance));
    const domains = await q<{ name: string }>(`SELECT punycode AS name FROM domain_ops.domains WHERE user_id = $1 AND status = 'active' AND name LIKE 'topo%'`, [userId]);
    expect(domains.length).toBeGreaterThan(70);
    for (const d of domains) expect((await epp.info(d.name)).clID).toBe('rakko');
  }, 240_000);
});
