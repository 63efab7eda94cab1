/**
 * Money across services (docs/payments.md "Abandoned purchases and the money reconciler"), against the real gateway,
 * orders and domain-ops services, PostgreSQL, Redis/BullMQ and the registry simulator:
 * - a charge held up in the orders service (its member's balance row locked, as a hung orders process holds it) past
 *   the purchase's deadline is refused when it finally runs: the member is never charged for a purchase that failed;
 * - an order left in "charging" by a create call that died is given up by the reconciler: refunded, with a history line;
 * - a spend with neither a registration nor a refund (a late charge whose void was lost) is refunded;
 * - an order in "processing" whose jobs Redis lost is completed by the reconciler (the domain registered);
 * - a transfer-in whose charge was taken but whose request never reached the registry (its process killed before the
 *   send; or sent, but the registry has no request of ours) is refunded once, by two domain-ops replicas reconciling at
 *   the same moment, with a line in the member's history; one whose request did reach the registry is kept (pending);
 * and afterwards every ledger equals the sum of its entries.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { EPP_CLIENT, EppClientPool, EppError, EppResultCode, EppTimeoutError } from '@registrar/epp';
import { JobName, OrdersErrorCode, OrdersPatterns } from '@registrar/contracts';
import { fmt, M } from '@registrar/messages';
import { BullRpcClient, rpc } from '@registrar/infra';
import { registrationTotal } from '@registrar/rules';
import { DomainOpsServiceModule } from '@registrar/domain-ops';
import { startService } from '@registrar/infra';
import { INestMicroservice } from '@nestjs/common';
import { MoneyReconcilerJob, MoneyReconcileResult, RECONCILE_REGISTRY_PARALLEL } from '../../../libs/domain-ops/src/registry-sync/reconcile/money-reconciler.job';
import { LifecycleQueue, orderJobId, RegisterDomainJob, registerJobId, RegistrationOrderRepository, RenewalRepository, RenewDomainJob } from '../../../libs/domain-ops/src/lifecycle';
import { OwnedDomainRepository } from '../../../libs/domain-ops/src/shared/domains/owned-domain.repository';
import { ProxyIdentityRepository } from '../../../libs/domain-ops/src/whois';
import { itemAuthInfo } from '../../../libs/domain-ops/src/lifecycle/orders/item-keys';
import { client as eppClient, freeName, REGISTRAR_B, simClock } from '../epp/epp-harness';
import { ScheduledJobs, scheduledJobs, waitFor } from '../scheduled-jobs';
import { Member, PurchaseHarness, startPurchaseHarness, waitForOrder, xhr } from './purchase-harness';
import { buyDomain } from '../renewal/renewal-helpers';

/** the calendar day (UTC), as the registry compares expiry dates */
const ymd = (d: Date | string) => new Date(d).toISOString().slice(0, 10);
const plusYears = (d: Date, y: number) => { const x = new Date(d); x.setUTCFullYear(x.getUTCFullYear() + y); return x; };

let p: PurchaseHarness;
let epp: EppClientPool;
let jobs: ScheduledJobs;
const ledgerClient = () => new BullRpcClient(process.env.REDIS_URL!);
let orders: ReturnType<typeof ledgerClient>;
let theirs: EppClientPool;
/** a second domain-ops replica (the reconciler's passes race across replicas in the transfer tests) */
let replica: INestMicroservice | undefined;

type Settled = { abandoned: number; resumed: number; failedItems: number; refunded: number; open: number };

beforeAll(async () => {
  // short ledger calls (a spend's deadline), a charging deadline of one second, the schedule off (run on demand here)
  Object.assign(process.env, { LEDGER_TIMEOUT_MS: '2500', CHARGING_DEADLINE_S: '1', PROCESSING_DEADLINE_S: '60', MONEY_RECONCILE_EVERY_S: '0' });
  p = await startPurchaseHarness();
  epp = eppClient();
  jobs = await scheduledJobs();
  orders = ledgerClient();
  await orders.connect();
}, 180_000);

afterAll(async () => {
  await replica?.close();
  await theirs?.close();
  await orders?.close();
  await jobs?.close();
  await epp?.close();
  await p?.close();
}, 60_000);

const ledgerSum = async (userId: number) => Number((await p.db.query('SELECT coalesce(sum(delta), 0)::bigint AS s FROM orders.point_entries WHERE user_id = $1', [userId])).rows[0].s);
const entry = async (key: string) => (await p.db.query('SELECT delta, kind FROM orders.point_entries WHERE idempotency_key = $1', [key])).rows[0] ?? null;
const spend = (userId: number, amount: number, key: string, deadline?: number) =>
  rpc(orders, OrdersPatterns.PointSpend, { userId, amount, idempotencyKey: key, reference: 'test', ...(deadline ? { deadline } : {}) }, 30_000);

async function priceOf(c: Member, name: string) {
  const r = await c.agent.get(`/mypage/domain/price/estimate/campaign?domainNames[]=${encodeURIComponent(name)}`).set(xhr(c)).expect(200);
  const e = r.body[0];
  return { name: e.requestDomain as string, period: e.minimum_years as number, point: registrationTotal(e.registerPrice, e.renewPrice, e.minimum_years) };
}

/** An order and its items as domain-ops stores them (the state a create call or a lost flow leaves behind). */
async function storedOrder(userId: number, status: 'charging' | 'processing' | 'failed', items: Array<{ name: string; point: number; status: string; spent: boolean }>, ageS = 0) {
  const id = randomUUID();
  await p.db.query(
    `INSERT INTO domain_ops.registration_orders (id, user_id, idempotency_key, total, payment_type, status, error, created_at) VALUES ($1, $2, $3, $4, 'point', $5, $6, now() - make_interval(secs => $7))`,
    [id, userId, randomUUID(), items.reduce((s, i) => s + i.point, 0), status, status === 'failed' ? M.unexpectedError : null, ageS],
  );
  for (const [n, i] of items.entries()) {
    await p.db.query(
      `INSERT INTO domain_ops.registration_order_items (order_id, position, name, punycode, tld, period, point, is_campaign, whois_proxy, status, spent, error_msg)
       VALUES ($1, $2, $3, $3, $4, 1, $5, false, true, $6, $7, $8)`,
      [id, n, i.name, i.name.slice(i.name.indexOf('.') + 1), i.point, i.status, i.spent, i.status === 'error' ? M.unexpectedError : null],
    );
  }
  return id;
}

/** A free .com in an order an hour old whose one item a run had started (its job died) and charged 2,000 RP. */
async function chargedProcessingOrder(userId: number, tag: string): Promise<{ name: string; orderId: string }> {
  const name = await freeName(epp, 'com', tag);
  const orderId = await storedOrder(userId, 'processing', [{ name, point: 2000, status: 'processing', spent: true }], 3600);
  await spend(userId, 2000, `order:${orderId}:${name}:spend`);
  return { name, orderId };
}

/**
 * The registration job's last attempt (2 made of 3) of an item, failing before its own create: its proxy contact
 * cannot be had (the database unreachable). Its answer, or the error it threw.
 */
async function lastAttemptWithoutContact(ops: PurchaseHarness['services'][number], orderId: string, itemId: number): Promise<unknown> {
  const proxies = ops.get(ProxyIdentityRepository);
  const down = () => Promise.reject(new Error('connect ECONNREFUSED (the database is unreachable)'));
  const takeSpy = jest.spyOn(proxies, 'take').mockImplementation(down);
  const ensureSpy = jest.spyOn(proxies, 'ensure').mockImplementation(down);
  try {
    return await ops.get(RegisterDomainJob).handle({ orderId, itemId }, { attemptsMade: 2, attempts: 3 }).catch((e: Error) => e);
  } finally {
    takeSpy.mockRestore();
    ensureSpy.mockRestore();
  }
}

/** Runs the reconciler (as its job scheduler does) until `settledIt` holds. */
async function reconcileUntil(what: string, settledIt: () => Promise<boolean>): Promise<void> {
  await waitFor(what, async () => {
    await jobs.run<Settled>(JobName.ReconcileMoney);
    return settledIt();
  }, 60_000, 300);
}

async function historyLines(c: Member): Promise<string[]> {
  const r = await c.agent.get('/mypage/actionLog/search').set(xhr(c)).expect(200);
  return r.body.actionLogs.data.map((l: { description: string }) => l.description);
}

describe('money across services', () => {
  it('a charge held up in the orders service past the purchase’s deadline is refused: the failed purchase charges nothing', async () => {
    const member = await p.member(20_000);
    const row = await priceOf(member, await freeName(epp, 'com', 'hung'));
    // the orders service cannot take the member's points: its balance row is held, as by a hung orders process
    const holder = new Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT balance FROM orders.point_balances WHERE user_id = $1 FOR UPDATE', [member.userId]);
      const r = await member.agent.post('/mypage/domain/create').set(xhr(member))
        .send({ domains: [row], totalFee: row.point, point: row.point, payment: { type: 'point' }, idempotencyKey: randomUUID() });
      expect(r.body).toMatchObject({ result: false, errors: [M.unexpectedError] });
      const orderId = r.body.orderId as string;
      expect((await p.db.query('SELECT status FROM domain_ops.registration_orders WHERE id = $1', [orderId])).rows[0].status).toBe('failed');
      // the process comes back: the charge it had queued now runs
      await holder.query('COMMIT');
      const key = `order:${orderId}:${row.name}:spend`;
      await waitFor('the queued charge and its void to have run', async () => {
        const waiting = (await p.db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`)).rows[0].n;
        const voided = (await p.db.query('SELECT 1 FROM orders.voided_charges WHERE spend_key = $1', [key])).rowCount;
        return waiting === 0 && voided === 1;
      });
      expect(await entry(key)).toBeNull();
      expect(await p.balance(member.userId)).toBe(20_000);
      expect(await ledgerSum(member.userId)).toBe(20_000);
      // and any later attempt under that key is refused
      await expect(spend(member.userId, row.point, key)).rejects.toMatchObject({ code: OrdersErrorCode.ChargeVoided });
    } finally {
      await holder.end();
    }
  }, 120_000);

  it('a charge handled after its deadline is refused', async () => {
    const member = await p.member(5_000);
    await expect(spend(member.userId, 1000, `order:${randomUUID()}:late.com:spend`, Date.now() - 1)).rejects.toMatchObject({ code: OrdersErrorCode.ChargeExpired });
    expect(await p.balance(member.userId)).toBe(5_000);
  });

  it('an order left in "charging" by a create call that died is given up and refunded, with a line in the member’s history', async () => {
    const member = await p.member(10_000);
    const [a, b] = [await freeName(epp, 'com', 'stuck'), await freeName(epp, 'net', 'stuck')];
    // the create call took the first item's points, then its process died before the second
    const orderId = await storedOrder(member.userId, 'charging', [{ name: a, point: 1500, status: 'queued', spent: true }, { name: b, point: 2500, status: 'queued', spent: false }]);
    await spend(member.userId, 1500, `order:${orderId}:${a}:spend`);
    expect(await p.balance(member.userId)).toBe(8_500);

    await reconcileUntil('the stuck order settled', async () => (await p.db.query('SELECT status FROM domain_ops.registration_orders WHERE id = $1', [orderId])).rows[0].status === 'failed');
    expect(await entry(`order:${orderId}:${a}:refund`)).toEqual({ delta: '1500', kind: 'refund' });
    expect(await entry(`order:${orderId}:${b}:refund`)).toBeNull();
    expect(await p.balance(member.userId)).toBe(10_000);
    expect(await ledgerSum(member.userId)).toBe(10_000);
    // the member sees the order ended, with its points given back, and reads why
    const status = await waitForOrder(member, orderId);
    expect(status).toMatchObject({ done: true, pointsRefunded: 1500, balance: 10_000 });
    expect(status.domains.map((d: { status: string; error_msg: string }) => [d.status, d.error_msg])).toEqual([['error', M.purchaseAbandoned], ['error', M.purchaseAbandoned]]);
    expect(await historyLines(member)).toContain(`${a}: お申し込みを取り消したため1500ポイントを返還しました（${M.purchaseAbandoned}）`);
    // the second item's charge, were it still on its way, is refused
    await expect(spend(member.userId, 2500, `order:${orderId}:${b}:spend`)).rejects.toMatchObject({ code: OrdersErrorCode.ChargeVoided });
    // a second pass settles nothing twice
    await jobs.run(JobName.ReconcileMoney);
    expect(await p.balance(member.userId)).toBe(10_000);
  }, 120_000);

  it('a spend with neither a registration nor a refund is refunded; a delivered purchase is left alone', async () => {
    const member = await p.member(20_000);
    // a purchase that went through
    const row = await priceOf(member, await freeName(epp, 'com', 'kept'));
    const ok = await member.agent.post('/mypage/domain/create').set(xhr(member))
      .send({ domains: [row], totalFee: row.point, point: row.point, payment: { type: 'point' }, idempotencyKey: randomUUID() });
    expect(ok.body).toMatchObject({ result: true });
    expect((await waitForOrder(member, ok.body.orderId)).domains[0].status).toBe('done');
    // an order the purchase path failed, whose charge was taken afterwards and whose void never reached the ledger
    const lost = await freeName(epp, 'net', 'orphan');
    const orderId = await storedOrder(member.userId, 'failed', [{ name: lost, point: 3000, status: 'error', spent: false }]);
    await spend(member.userId, 3000, `order:${orderId}:${lost}:spend`);
    const before = await p.balance(member.userId);

    await reconcileUntil('the orphan spend refunded', async () => !!(await entry(`order:${orderId}:${lost}:refund`)));
    expect(await p.balance(member.userId)).toBe(before + 3000);
    expect(await p.balance(member.userId)).toBe(20_000 - row.point);
    expect(await entry(`order:${ok.body.orderId}:${row.name}:refund`)).toBeNull();
    expect(await ledgerSum(member.userId)).toBe(await p.balance(member.userId));
    expect((await historyLines(member)).some((l) => l.startsWith(`${lost}: お申し込みを取り消したため3000ポイントを返還しました`))).toBe(true);
  }, 120_000);

  it('an order in "processing" whose jobs were lost is completed: the domain is registered', async () => {
    const member = await p.member(10_000);
    const name = await freeName(epp, 'com', 'lostjob');
    const orderId = await storedOrder(member.userId, 'processing', [{ name, point: 2000, status: 'queued', spent: true }], 3600);
    await spend(member.userId, 2000, `order:${orderId}:${name}:spend`);

    await reconcileUntil('the lost order resumed', async () => (await p.db.query('SELECT status FROM domain_ops.registration_order_items WHERE order_id = $1', [orderId])).rows[0].status !== 'queued');
    const done = await waitForOrder(member, orderId);
    expect(done.domains[0]).toMatchObject({ domain_name: name, status: 'done' });
    expect((await epp.info(name)).clID).toBe('rakko');
    expect(await p.balance(member.userId)).toBe(8_000);
    expect(await ledgerSum(member.userId)).toBe(8_000);
  }, 120_000);

  it('an item whose resumed job registers it while the reconciler looks is kept: no refund, not marked an error', async () => {
    const member = await p.member(10_000);
    // an order whose item's job died mid-registration, an hour ago
    const { name, orderId } = await chargedProcessingOrder(member.userId, 'resumerace');
    const ops = p.services[2]!;
    const repo = ops.get(RegistrationOrderRepository);
    const lifecycle = ops.get(LifecycleQueue);
    const read = repo.items.bind(repo);
    let raced = false;
    // the reconciler reads the order's items; right after that read its resumed job runs and registers the domain
    // (the item ends, the order closes), before the reconciler looks at the jobs: it then finds the resumed job ended
    const spy = jest.spyOn(repo, 'items').mockImplementation(async (id: string) => {
      const items = await read(id);
      if (id === orderId && !raced) {
        raced = true;
        await lifecycle.enqueueOrder(orderId, items, '-resume');
        const job = await waitFor('the resumed job', async () => lifecycle.queue.getJob(registerJobId(orderId, name) + '-resume'));
        await waitFor('the resumed job to end', async () => ['completed', 'failed'].includes(await job.getState()), 60_000);
      }
      return items;
    });
    try {
      await ops.get(MoneyReconcilerJob).handle();
    } finally {
      spy.mockRestore();
    }
    expect(raced).toBe(true);
    expect((await epp.info(name)).clID).toBe('rakko');
    const done = await waitForOrder(member, orderId);
    expect(done.domains[0]).toMatchObject({ domain_name: name, status: 'done' });
    expect(await entry(`order:${orderId}:${name}:refund`)).toBeNull();
    expect(await p.balance(member.userId)).toBe(8_000);
    expect(await ledgerSum(member.userId)).toBe(8_000);
    // later passes leave it so
    await jobs.run(JobName.ReconcileMoney);
    expect(await entry(`order:${orderId}:${name}:refund`)).toBeNull();
    expect((await p.db.query('SELECT status FROM domain_ops.registration_order_items WHERE order_id = $1', [orderId])).rows[0].status).toBe('done');
  }, 120_000);

  it('a resumed registration that fails again after the registry has the name is recorded as the member’s, never refunded', async () => {
    const member = await p.member(10_000);
    // an order whose item's job died mid-registration, an hour ago
    const { name, orderId } = await chargedProcessingOrder(member.userId, 'resumefail');
    const ops = p.services[2]!;
    const lifecycle = ops.get(LifecycleQueue);
    // our database refuses the domain's record (as a lost connection would) on every attempt of the resumed job:
    // the registry creates the name for us, the job fails after it
    const record = jest.spyOn(ops.get(OwnedDomainRepository), 'record').mockRejectedValue(new Error('the record was lost'));
    try {
      await jobs.run(JobName.ReconcileMoney);
      const job = await waitFor('the resumed job', async () => lifecycle.queue.getJob(registerJobId(orderId, name) + '-resume'));
      await waitFor('the resumed job to fail for good', async () => (await job.getState()) === 'failed', 90_000);
    } finally {
      record.mockRestore();
    }
    expect((await epp.info(name)).clID).toBe('rakko');
    expect(await entry(`order:${orderId}:${name}:refund`)).toBeNull();
    // the next pass finds the resume ended and the item unfinished: it asks the registry, which has the name for us
    const settled = await jobs.run<Settled>(JobName.ReconcileMoney);
    expect(settled.failedItems).toBe(0);
    const done = await waitForOrder(member, orderId);
    expect(done.domains[0]).toMatchObject({ domain_name: name, status: 'done' });
    expect((await p.db.query('SELECT user_id::int AS user_id FROM domain_ops.domains WHERE punycode = $1', [name])).rows[0]?.user_id).toBe(member.userId);
    expect(await entry(`order:${orderId}:${name}:refund`)).toBeNull();
    expect(await p.balance(member.userId)).toBe(8_000);
    expect(await ledgerSum(member.userId)).toBe(8_000);
  }, 180_000);

  it('an unfinished item whose registry cannot be asked is left for the next pass, then settled by what the registry says', async () => {
    const member = await p.member(10_000);
    // one name an earlier attempt created at the registry (its answer lost), one never created
    const created = await freeName(epp, 'com', 'lostanswer');
    const absent = await freeName(epp, 'com', 'neversent');
    await epp.create({ name: created, period: { value: 1, unit: 'y' }, authInfo: 'Lost-Answer-Code1' });
    const orderId = await storedOrder(member.userId, 'processing', [
      { name: created, point: 2000, status: 'processing', spent: true },
      { name: absent, point: 1500, status: 'processing', spent: true },
    ], 3600);
    await spend(member.userId, 2000, `order:${orderId}:${created}:spend`);
    await spend(member.userId, 1500, `order:${orderId}:${absent}:spend`);
    const ops = p.services[2]!;
    const lifecycle = ops.get(LifecycleQueue);
    // the registry cannot be reached for these two names (a connection refused)
    const pool = ops.get<EppClientPool>(EPP_CLIENT);
    const info = pool.info.bind(pool);
    const down = jest.spyOn(pool, 'info').mockImplementation(async (n: string, ...rest: unknown[]) => {
      if (n === created || n === absent) throw new Error('connect ECONNREFUSED (the registry is down)');
      return (info as (...a: unknown[]) => ReturnType<EppClientPool['info']>)(n, ...rest);
    });
    const refunds = async () => (await p.db.query(`SELECT count(*)::int AS n FROM orders.point_entries WHERE idempotency_key LIKE $1`, [`order:${orderId}:%:refund`])).rows[0].n;
    try {
      // resumed: its jobs cannot ask whether an earlier attempt created the names; they end without a refund
      await jobs.run(JobName.ReconcileMoney);
      for (const n of [created, absent]) {
        const job = await waitFor(`the resumed job of ${n}`, async () => lifecycle.queue.getJob(registerJobId(orderId, n) + '-resume'));
        await waitFor(`the resumed job of ${n} to end`, async () => ['failed', 'completed'].includes(await job.getState()), 90_000);
      }
      expect(await refunds()).toBe(0);
      // the next pass cannot ask either: nothing refunded, nothing ended
      const settled = await jobs.run<Settled>(JobName.ReconcileMoney);
      expect(settled.open).toBeGreaterThanOrEqual(2);
      expect(await refunds()).toBe(0);
      expect((await p.db.query('SELECT status FROM domain_ops.registration_order_items WHERE order_id = $1 ORDER BY position', [orderId])).rows.map((r) => r.status)).toEqual(['processing', 'processing']);
    } finally {
      down.mockRestore();
    }
    // the registry answers again: the name it has for us is the member's, the other is refunded, with a history line
    await jobs.run(JobName.ReconcileMoney);
    const done = await waitForOrder(member, orderId);
    const byName = new Map((done.domains as Array<{ domain_name: string; status: string }>).map((d) => [d.domain_name, d.status]));
    expect(byName.get(created)).toBe('done');
    expect(byName.get(absent)).toBe('error');
    expect(await entry(`order:${orderId}:${created}:refund`)).toBeNull();
    expect(await entry(`order:${orderId}:${absent}:refund`)).toMatchObject({ kind: expect.any(String) });
    expect((await p.db.query('SELECT user_id::int AS user_id FROM domain_ops.domains WHERE punycode = $1', [created])).rows[0]?.user_id).toBe(member.userId);
    expect(await p.balance(member.userId)).toBe(8_000);
    expect(await ledgerSum(member.userId)).toBe(8_000);
    expect(await historyLines(member)).toContain(`${absent}: 登録に失敗したため1500ポイントを返還しました（${M.registrationFailed}）`);
  }, 240_000);

  it('a registry that hangs rather than refuses costs a pass one question\'s wait, not one per open item: the items it did not ask are asked on the next pass', async () => {
    const member = await p.member(10_000);
    // three orders of two items each whose flows Redis lost an hour ago (charged; the names never created)
    const names: string[] = [];
    const orderIds: string[] = [];
    for (let o = 0; o < 3; o++) {
      const two = [await freeName(epp, 'com', 'hung'), await freeName(epp, 'com', 'hung')];
      const id = await storedOrder(member.userId, 'processing', two.map((name) => ({ name, point: 1000, status: 'processing', spent: true })), 3600);
      for (const n of two) await spend(member.userId, 1000, `order:${id}:${n}:spend`);
      names.push(...two);
      orderIds.push(id);
    }
    const ops = p.services[2]!;
    const lifecycle = ops.get(LifecycleQueue);
    // the registry hangs: every question about these names ends as the EPP client ends one it waited out
    const pool = ops.get<EppClientPool>(EPP_CLIENT);
    const info = pool.info.bind(pool);
    let asked = 0;
    const hung = jest.spyOn(pool, 'info').mockImplementation(async (n: string, ...rest: unknown[]) => {
      if (names.includes(n)) {
        asked++;
        throw new EppTimeoutError('info', 15_000);
      }
      return (info as (...a: unknown[]) => ReturnType<EppClientPool['info']>)(n, ...rest);
    });
    const refunds = async () => (await p.db.query(`SELECT count(*)::int AS n FROM orders.point_entries WHERE idempotency_key LIKE ANY($1)`, [orderIds.map((id) => `order:${id}:%:refund`)])).rows[0].n;
    const open = async () => (await p.db.query(`SELECT count(*)::int AS n FROM domain_ops.registration_order_items WHERE order_id = ANY($1) AND status = 'processing'`, [orderIds])).rows[0].n;
    try {
      // resumed: their jobs cannot ask either, and end without a refund
      await jobs.run(JobName.ReconcileMoney);
      for (const [k, n] of names.entries()) {
        const job = await waitFor(`the resumed job of ${n}`, async () => lifecycle.queue.getJob(registerJobId(orderIds[Math.floor(k / 2)]!, n) + '-resume'));
        await waitFor(`the resumed job of ${n} to end`, async () => ['failed', 'completed'].includes(await job.getState()), 90_000);
      }
      // the next pass asks a few of the six at once; unanswered, it asks none of the others: all six left open
      asked = 0;
      const settled = await jobs.run<Settled>(JobName.ReconcileMoney);
      expect(asked).toBeGreaterThan(0);
      expect(asked).toBeLessThanOrEqual(RECONCILE_REGISTRY_PARALLEL);
      expect(settled.open).toBeGreaterThanOrEqual(6);
      expect([await refunds(), await open()]).toEqual([0, 6]);
    } finally {
      hung.mockRestore();
    }
    // the registry answers again: the next pass asks about every one (none there: each refunded, with a history line)
    const settled = await jobs.run<Settled>(JobName.ReconcileMoney);
    expect(settled.failedItems).toBeGreaterThanOrEqual(6);
    expect([await refunds(), await open()]).toEqual([6, 0]);
    for (const id of orderIds) expect((await waitForOrder(member, id)).domains.map((d: { status: string }) => d.status)).toEqual(['error', 'error']);
    expect(await p.balance(member.userId)).toBe(10_000);
    expect(await ledgerSum(member.userId)).toBe(10_000);
  }, 300_000);

  it('items the registry never answers, asked first by every pass, do not keep a newer item unasked for good: the order of the questions is drawn afresh each pass', async () => {
    const member = await p.member(10_000);
    // three one-item orders whose flows Redis lost an hour ago (charged; the names never created): the two oldest
    // are names the registry never answers (one per lane of RECONCILE_REGISTRY_PARALLEL), the newest one it answers
    expect(RECONCILE_REGISTRY_PARALLEL).toBe(2);
    const names: string[] = [];
    const orderIds: string[] = [];
    for (const [k, age] of [3600, 3500, 3400].entries()) {
      const name = await freeName(epp, 'com', `mute${k}`);
      const id = await storedOrder(member.userId, 'processing', [{ name, point: 1000, status: 'processing', spent: true }], age);
      await spend(member.userId, 1000, `order:${id}:${name}:spend`);
      names.push(name);
      orderIds.push(id);
    }
    const [mute1, mute2, answered] = names as [string, string, string];
    const ops = p.services[2]!;
    const lifecycle = ops.get(LifecycleQueue);
    const pool = ops.get<EppClientPool>(EPP_CLIENT);
    const info = pool.info.bind(pool);
    // while the lost flows are resumed, the registry answers none of the three (their jobs end, nothing settled)
    const muted = new Set(names);
    const mute = jest.spyOn(pool, 'info').mockImplementation(async (n: string, ...rest: unknown[]) => {
      if (muted.has(n)) throw new EppTimeoutError('info', 15_000);
      return (info as (...a: unknown[]) => ReturnType<EppClientPool['info']>)(n, ...rest);
    });
    const itemStatus = async (name: string) => (await p.db.query('SELECT status FROM domain_ops.registration_order_items WHERE punycode = $1', [name])).rows[0].status;
    try {
      // resumed: their jobs cannot ask, and end without a refund
      await jobs.run(JobName.ReconcileMoney);
      for (const [k, n] of names.entries()) {
        const job = await waitFor(`the resumed job of ${n}`, async () => lifecycle.queue.getJob(registerJobId(orderIds[k]!, n) + '-resume'));
        await waitFor(`the resumed job of ${n} to end`, async () => ['failed', 'completed'].includes(await job.getState()), 90_000);
      }
      muted.delete(answered);
      // passes until the answered name is settled: oldest first, every pass asked the two mute names and stopped
      // there, so it never was (each pass here draws it among the first two with odds of 2 in 3)
      let passes = 0;
      while ((await itemStatus(answered)) === 'processing' && passes < 40) {
        await jobs.run(JobName.ReconcileMoney);
        passes++;
      }
      expect(await itemStatus(answered)).toBe('error');
      expect([await itemStatus(mute1), await itemStatus(mute2)]).toEqual(['processing', 'processing']);
    } finally {
      mute.mockRestore();
    }
    // the answered name was not at the registry: refunded once, with its history line
    expect(await ledgerSum(member.userId)).toBe(10_000 - 2000);
    expect(await historyLines(member)).toContain(`${answered}: 登録に失敗したため1000ポイントを返還しました（${M.registrationFailed}）`);
    // the registry answers for the other two again: the next pass settles them too
    await jobs.run(JobName.ReconcileMoney);
    expect(await Promise.all(names.map(itemStatus))).toEqual(['error', 'error', 'error']);
    expect(await p.balance(member.userId)).toBe(10_000);
    expect(await ledgerSum(member.userId)).toBe(10_000);
  }, 600_000);

  it('a hundred older orders a pass leaves open (their flows still alive) do not hide a newer stuck order from it', async () => {
    const member = await p.member(0);
    const lifecycle = p.services[2]!.get(LifecycleQueue);
    // 101 orders older than any other, each with an unfinished item and its flow alive (a job waiting its turn):
    // every pass leaves them open, as it does items whose registry does not answer (ADR 0050/0052)
    const { rows } = await p.db.query(
      `WITH o AS (
         INSERT INTO domain_ops.registration_orders (id, user_id, idempotency_key, total, payment_type, status, created_at)
         SELECT gen_random_uuid(), $1, gen_random_uuid()::text, 0, 'point', 'processing', now() - interval '30 days' - make_interval(secs => g)
         FROM generate_series(1, 101) g RETURNING id
       ), i AS (
         INSERT INTO domain_ops.registration_order_items (order_id, position, name, punycode, tld, period, point, is_campaign, whois_proxy, status, spent)
         SELECT id, 0, 'open-' || left(id::text, 8) || '.com', 'open-' || left(id::text, 8) || '.com', 'com', 1, 0, false, true, 'processing', false FROM o
       )
       SELECT id FROM o`, [member.userId]);
    const open: string[] = rows.map((r) => r.id);
    const alive = await Promise.all(open.map((id) => lifecycle.queue.add('held', {}, { jobId: orderJobId(id), delay: 3_600_000 })));
    // a newer order whose items have all ended, never closed (the last item's job died before it could)
    const newer = await storedOrder(member.userId, 'processing', [{ name: `ended-${Date.now()}.com`, point: 0, status: 'error', spent: false }], 1800);
    try {
      await jobs.run(JobName.ReconcileMoney);
      expect((await p.db.query('SELECT status FROM domain_ops.registration_orders WHERE id = $1', [newer])).rows[0].status).toBe('done');
      expect((await p.db.query(`SELECT count(*)::int AS n FROM domain_ops.registration_orders WHERE id = ANY($1) AND status = 'processing'`, [open])).rows[0].n).toBe(101);
    } finally {
      await p.db.query(`UPDATE domain_ops.registration_orders SET status = 'failed' WHERE id = ANY($1)`, [open]);
      await p.db.query(`UPDATE domain_ops.registration_order_items SET status = 'error' WHERE order_id = ANY($1)`, [open]);
      await Promise.all(alive.map((j) => j.remove()));
    }
  });

  it('a bulk operation run whose jobs were lost is completed', async () => {
    const member = await p.member(10_000);
    const row = await priceOf(member, await freeName(epp, 'com', 'bulklost'));
    const bought = await member.agent.post('/mypage/domain/create').set(xhr(member))
      .send({ domains: [row], totalFee: row.point, point: row.point, payment: { type: 'point' }, idempotencyKey: randomUUID() });
    const domainId = (await waitForOrder(member, bought.body.orderId)).domains[0].domain_pk_id as number;
    // a memo run accepted an hour ago whose jobs Redis lost
    const runId = randomUUID();
    await p.db.query(`INSERT INTO domain_ops.operation_runs (id, user_id, kind, params, total, created_at) VALUES ($1, $2, 'memo', '{}', 1, now() - interval '1 hour')`, [runId, member.userId]);
    await p.db.query(`INSERT INTO domain_ops.operation_items (run_id, domain_id, position, name, idn, status, params) VALUES ($1, $2, 0, $3, $3, 'queued', $4)`,
      [runId, domainId, row.name, JSON.stringify({ content: '復旧テスト' })]);

    await reconcileUntil('the lost run resumed', async () => (await p.db.query('SELECT status FROM domain_ops.operation_items WHERE run_id = $1', [runId])).rows[0].status !== 'queued');
    const run = await waitFor('the run finished', async () => (await p.db.query('SELECT finished_at FROM domain_ops.operation_runs WHERE id = $1 AND finished_at IS NOT NULL', [runId])).rows[0]);
    expect(run.finished_at).toBeTruthy();
    expect((await p.db.query('SELECT status FROM domain_ops.operation_items WHERE run_id = $1', [runId])).rows[0].status).toBe('success');
  }, 120_000);

  it('a renewal left in "charging" is given up and refunded, with a line in the member’s history', async () => {
    const member = await p.member(10_000);
    const name = await freeName(epp, 'com', 'renstuck');
    const renewalId = randomUUID();
    await p.db.query(`INSERT INTO domain_ops.renewal_orders (id, user_id, idempotency_key, total, payment_type, status) VALUES ($1, $2, $3, 1800, 'point', 'charging')`, [renewalId, member.userId, randomUUID()]);
    await p.db.query(`INSERT INTO domain_ops.renewal_order_items (order_id, position, domain_id, name, punycode, period, point, status, spent) VALUES ($1, 0, 999999, $2, $2, 1, 1800, 'queued', true)`, [renewalId, name]);
    await spend(member.userId, 1800, `renew:${renewalId}:${name}:spend`);
    expect(await p.balance(member.userId)).toBe(8_200);

    await reconcileUntil('the stuck renewal settled', async () => (await p.db.query('SELECT status FROM domain_ops.renewal_orders WHERE id = $1', [renewalId])).rows[0].status === 'failed');
    expect(await entry(`renew:${renewalId}:${name}:refund`)).toEqual({ delta: '1800', kind: 'refund' });
    expect(await p.balance(member.userId)).toBe(10_000);
    expect(await ledgerSum(member.userId)).toBe(10_000);
    expect(await historyLines(member)).toContain(`${name}: お申し込みを取り消したため1800ポイントを返還しました（${M.purchaseAbandoned}）`);
  }, 120_000);
  it('a renewal whose renew went through with its answer lost, the registry then unreachable, is recorded as renewed, never refunded; one never renewed is refunded once the registry says so', async () => {
    const member = await p.member(10_000);
    // `went`: the registry renews it, the answer is lost; `lost`: the renew never arrives. Then neither can be asked.
    const went = await freeName(epp, 'com', 'renwent');
    const lost = await freeName(epp, 'com', 'renlost');
    const ids = [await buyDomain(p, member, went), await buyDomain(p, member, lost)];
    const before = new Map(await Promise.all([went, lost].map(async (n) => [n, (await epp.info(n)).exDate!] as const)));
    // a renewal whose flow Redis lost an hour ago (charged, its items processing)
    const renewalId = randomUUID();
    await p.db.query(`INSERT INTO domain_ops.renewal_orders (id, user_id, idempotency_key, total, payment_type, status, created_at) VALUES ($1, $2, $3, 3600, 'point', 'processing', now() - interval '1 hour')`,
      [renewalId, member.userId, randomUUID()]);
    for (const [position, n] of [went, lost].entries()) {
      await p.db.query(`INSERT INTO domain_ops.renewal_order_items (order_id, position, domain_id, name, punycode, period, point, status, spent) VALUES ($1, $2, $3, $4, $4, 1, 1800, 'processing', true)`,
        [renewalId, position, ids[position], n]);
      await spend(member.userId, 1800, `renew:${renewalId}:${n}:spend`);
    }
    const ops = p.services[2]!;
    const lifecycle = ops.get(LifecycleQueue);
    const pool = ops.get<EppClientPool>(EPP_CLIENT);
    const [renew, info] = [pool.renew.bind(pool), pool.info.bind(pool)];
    const renewSpy = jest.spyOn(pool, 'renew').mockImplementation(async (n: string, ...rest: unknown[]) => {
      if (n === went) await (renew as (...a: unknown[]) => ReturnType<EppClientPool['renew']>)(n, ...rest);
      if (n === went || n === lost) throw new Error('timeout: no answer from the registry');
      return (renew as (...a: unknown[]) => ReturnType<EppClientPool['renew']>)(n, ...rest);
    });
    const infoSpy = jest.spyOn(pool, 'info').mockImplementation(async (n: string, ...rest: unknown[]) => {
      if (n === went || n === lost) throw new Error('connect ECONNREFUSED (the registry is down)');
      return (info as (...a: unknown[]) => ReturnType<EppClientPool['info']>)(n, ...rest);
    });
    const refunds = async () => (await p.db.query(`SELECT count(*)::int AS n FROM orders.point_entries WHERE idempotency_key LIKE $1`, [`renew:${renewalId}:%:refund`])).rows[0].n;
    const statuses = async () => (await p.db.query('SELECT status FROM domain_ops.renewal_order_items WHERE order_id = $1 ORDER BY position', [renewalId])).rows.map((r) => r.status);
    try {
      // resumed: the renew of `went` goes through unanswered, then no attempt can ask; the job ends without a refund
      await jobs.run(JobName.ReconcileMoney);
      const child = await waitFor('the resumed renewal job', async () => lifecycle.queue.getJob(`renew-${renewalId}-${went}-resume`));
      await waitFor('the resumed renewal job to end', async () => ['failed', 'completed'].includes(await child.getState()), 90_000);
      const parent = await waitFor('the resumed renewal\'s parent', async () => lifecycle.queue.getJob(`renewal-${renewalId}-resume`));
      await waitFor('the resumed renewal\'s parent to end', async () => ['completed', 'failed'].includes(await parent.getState()), 60_000);
      expect(ymd((await epp.info(went)).exDate!)).toBe(ymd(plusYears(before.get(went)!, 1)));
      expect(await refunds()).toBe(0);
      expect(await child.getState()).toBe('failed');
      expect(await statuses()).toEqual(['processing', 'processing']);
      // the next pass cannot ask either: nothing refunded, nothing ended, the renewal still open
      const settled = await jobs.run<Settled>(JobName.ReconcileMoney);
      expect(settled.open).toBeGreaterThanOrEqual(2);
      expect(await refunds()).toBe(0);
      expect(await statuses()).toEqual(['processing', 'processing']);
      expect((await p.db.query('SELECT status FROM domain_ops.renewal_orders WHERE id = $1', [renewalId])).rows[0].status).toBe('processing');
    } finally {
      renewSpy.mockRestore();
      infoSpy.mockRestore();
    }
    // the registry answers again: `went` is renewed (its new expiry recorded, no refund), `lost` refunded with a line
    await jobs.run(JobName.ReconcileMoney);
    expect(await statuses()).toEqual(['done', 'error']);
    expect((await p.db.query('SELECT status FROM domain_ops.renewal_orders WHERE id = $1', [renewalId])).rows[0].status).toBe('done');
    expect(ymd((await p.db.query('SELECT due_date FROM domain_ops.domains WHERE id = $1', [ids[0]])).rows[0].due_date)).toBe(ymd(plusYears(before.get(went)!, 1)));
    expect(ymd((await epp.info(lost)).exDate!)).toBe(ymd(before.get(lost)!));
    expect(await entry(`renew:${renewalId}:${went}:refund`)).toBeNull();
    expect(await entry(`renew:${renewalId}:${lost}:refund`)).toEqual({ delta: '1800', kind: 'refund' });
    expect(await p.balance(member.userId)).toBe(10_000 - 1800);
    expect(await ledgerSum(member.userId)).toBe(10_000 - 1800);
    expect(await historyLines(member)).toContain(`${lost}: ${fmt(M.renewRefundedPoints, { point: 1800, reason: M.renewFailed })}`);
  }, 240_000);
  it('a renewal attempt that read its item before a stalled run of the same job recorded it and renewed: its last failure refunds nothing', async () => {
    const member = await p.member(10_000);
    const name = await freeName(epp, 'com', 'renstall');
    const domainId = await buyDomain(p, member, name);
    const before = (await epp.info(name)).exDate!;
    const renewalId = randomUUID();
    await p.db.query(`INSERT INTO domain_ops.renewal_orders (id, user_id, idempotency_key, total, payment_type, status) VALUES ($1, $2, $3, 1800, 'point', 'processing')`,
      [renewalId, member.userId, randomUUID()]);
    const itemId = Number((await p.db.query(`INSERT INTO domain_ops.renewal_order_items (order_id, position, domain_id, name, punycode, period, point, status, spent) VALUES ($1, 0, $2, $3, $3, 1, 1800, 'queued', true) RETURNING id`,
      [renewalId, domainId, name])).rows[0].id);
    await spend(member.userId, 1800, `renew:${renewalId}:${name}:spend`);
    const ops = p.services[2]!;
    const repo = ops.get(RenewalRepository);
    const pool = ops.get<EppClientPool>(EPP_CLIENT);
    const [start, info] = [repo.start.bind(repo), pool.info.bind(pool)];
    // between this attempt's read of the item and its start, the stalled run (BullMQ started the job again) records the
    // expiry it renews from and its renew goes through; then this attempt cannot reach the registry, on its last try
    const startSpy = jest.spyOn(repo, 'start').mockImplementation(async (id: number, from: Date | null) => {
      if (id === itemId) {
        await p.db.query('UPDATE domain_ops.renewal_order_items SET from_expiry = $2 WHERE id = $1', [itemId, before]);
        await epp.renew(name, before, { value: 1, unit: 'y' });
      }
      return start(id, from);
    });
    const infoSpy = jest.spyOn(pool, 'info').mockImplementation(async (n: string, ...rest: unknown[]) => {
      if (n === name) throw new Error('connect ECONNREFUSED (the registry is down)');
      return (info as (...a: unknown[]) => ReturnType<EppClientPool['info']>)(n, ...rest);
    });
    let outcome: unknown;
    try {
      outcome = await ops.get(RenewDomainJob).handle({ renewalId, itemId }, { attemptsMade: 0, attempts: 1 }).catch((e: Error) => e);
    } finally {
      startSpy.mockRestore();
      infoSpy.mockRestore();
    }
    // the registry renewed it: the job fails with the item left processing for the money reconciler, nothing refunded
    expect(ymd((await epp.info(name)).exDate!)).toBe(ymd(plusYears(before, 1)));
    expect(outcome).toBeInstanceOf(Error);
    expect((await p.db.query('SELECT status FROM domain_ops.renewal_order_items WHERE id = $1', [itemId])).rows[0].status).toBe('processing');
    expect(await entry(`renew:${renewalId}:${name}:refund`)).toBeNull();
    expect(await p.balance(member.userId)).toBe(10_000 - 1800);
  }, 120_000);
  it('a last registration attempt told "not there" that fails before its own create, while a stalled run of the job sends its create: nothing refunded, the name recorded as the member\'s', async () => {
    const member = await p.member(10_000);
    // an item a run has already started (its first attempt died), charged
    const { name, orderId } = await chargedProcessingOrder(member.userId, 'regstall');
    const ops = p.services[2]!;
    const orderRows = ops.get(RegistrationOrderRepository);
    const itemId = (await orderRows.items(orderId))[0]!.id;
    const pool = ops.get<EppClientPool>(EPP_CLIENT);
    const info = pool.info.bind(pool);
    // this attempt's domain:info answers "does not exist"; right after, the stalled run (BullMQ started the job again)
    // records its run and its create reaches the registry (its authInfo marked with the item, as the job's create is)
    const infoSpy = jest.spyOn(pool, 'info').mockImplementation(async (n: string, ...rest: unknown[]) => {
      const answer = (info as (...a: unknown[]) => ReturnType<EppClientPool['info']>)(n, ...rest);
      if (n === name) {
        await answer.catch(() => undefined);
        expect(await orderRows.markCreate(itemId, randomUUID())).toBe('marked');
        await epp.create({ name, period: { value: 1, unit: 'y' }, authInfo: itemAuthInfo(itemId) });
      }
      return answer;
    });
    // then this attempt fails before its own create: its proxy contact cannot be had (the database is unreachable)
    let outcome: unknown;
    try {
      outcome = await lastAttemptWithoutContact(ops, orderId, itemId);
    } finally {
      infoSpy.mockRestore();
    }
    // the registry has the name for us: the job fails with the item left processing, nothing refunded (before: refunded)
    expect((await epp.info(name)).clID).not.toBe(REGISTRAR_B);
    expect(outcome).toBeInstanceOf(Error);
    expect((await p.db.query('SELECT status FROM domain_ops.registration_order_items WHERE id = $1', [itemId])).rows[0].status).toBe('processing');
    expect(await entry(`order:${orderId}:${name}:refund`)).toBeNull();
    expect(await p.balance(member.userId)).toBe(10_000 - 2000);
    // the money reconciler asks the registry: the name is the member's
    const order = (await orderRows.find(orderId))!;
    expect(await ops.get(RegisterDomainJob).settleLeftover(order, (await orderRows.items(orderId))[0]!)).toBe('done');
    expect((await p.db.query('SELECT user_id::int AS user_id FROM domain_ops.domains WHERE punycode = $1', [name])).rows[0]?.user_id).toBe(member.userId);
    expect(await entry(`order:${orderId}:${name}:refund`)).toBeNull();
  }, 120_000);

  it('a last registration attempt told "not there" that fails before its create, while an older replica\'s run (no mark) registers the name and ends the item: the item stays registered, nothing refunded', async () => {
    const member = await p.member(10_000);
    const { name, orderId } = await chargedProcessingOrder(member.userId, 'regold');
    const ops = p.services[2]!;
    const orderRows = ops.get(RegistrationOrderRepository);
    const itemId = (await orderRows.items(orderId))[0]!.id;
    const pool = ops.get<EppClientPool>(EPP_CLIENT);
    const info = pool.info.bind(pool);
    // right after this attempt's domain:info ("does not exist"), a run of a replica still on the release before the
    // mark (a rolling upgrade) creates the name and ends the item as registered, writing no mark
    const infoSpy = jest.spyOn(pool, 'info').mockImplementation(async (n: string, ...rest: unknown[]) => {
      const answer = (info as (...a: unknown[]) => ReturnType<EppClientPool['info']>)(n, ...rest);
      if (n === name) {
        await answer.catch(() => undefined);
        await epp.create({ name, period: { value: 1, unit: 'y' }, authInfo: itemAuthInfo(itemId) });
        await p.db.query(`UPDATE domain_ops.registration_order_items SET status = 'done' WHERE id = $1`, [itemId]);
      }
      return answer;
    });
    let outcome: unknown;
    try {
      outcome = await lastAttemptWithoutContact(ops, orderId, itemId);
    } finally {
      infoSpy.mockRestore();
    }
    // before: refunded and the item turned into an error while the registry holds the name for the member
    expect(outcome).toBeInstanceOf(Error);
    expect((await p.db.query('SELECT status FROM domain_ops.registration_order_items WHERE id = $1', [itemId])).rows[0].status).toBe('done');
    expect(await entry(`order:${orderId}:${name}:refund`)).toBeNull();
    expect(await p.balance(member.userId)).toBe(10_000 - 2000);
  }, 120_000);

  it('a last registration attempt told "not there" that fails before its create, no other run having sent one, is refunded; a stalled run\'s create after that is never sent', async () => {
    const member = await p.member(10_000);
    const { name, orderId } = await chargedProcessingOrder(member.userId, 'regvoid');
    const ops = p.services[2]!;
    const orderRows = ops.get(RegistrationOrderRepository);
    const itemId = (await orderRows.items(orderId))[0]!.id;
    expect(await lastAttemptWithoutContact(ops, orderId, itemId)).toEqual({ status: 'error' });
    expect(await entry(`order:${orderId}:${name}:refund`)).toEqual({ delta: '2000', kind: 'refund' });
    // a run that stalled before its create comes back: its create can no longer be recorded, so it is never sent
    expect(await orderRows.markCreate(itemId, randomUUID())).toBe('ended');
    await p.db.query(`UPDATE domain_ops.registration_order_items SET status = 'processing' WHERE id = $1`, [itemId]);
    expect(await orderRows.markCreate(itemId, randomUUID())).toBe('void');
    await p.db.query(`UPDATE domain_ops.registration_order_items SET status = 'error' WHERE id = $1`, [itemId]);
  }, 120_000);

  it('a registry that refuses to tell about a leftover name (2201, as registries hiding others\' domains answer) ends it: refunded, not left open forever', async () => {
    const member = await p.member(10_000);
    const ops = p.services[2]!;
    // a registration whose resumed job ended with the item open, and a renewal the same
    const { name, orderId } = await chargedProcessingOrder(member.userId, 'hidden');
    const renewed = await freeName(epp, 'com', 'hiddenren');
    const domainId = await buyDomain(p, member, renewed);
    const renewalId = randomUUID();
    await p.db.query(`INSERT INTO domain_ops.renewal_orders (id, user_id, idempotency_key, total, payment_type, status, created_at) VALUES ($1, $2, $3, 1800, 'point', 'processing', now() - interval '1 hour')`,
      [renewalId, member.userId, randomUUID()]);
    await p.db.query(`INSERT INTO domain_ops.renewal_order_items (order_id, position, domain_id, name, punycode, period, point, status, spent, from_expiry) VALUES ($1, 0, $2, $3, $3, 1, 1800, 'processing', true, $4)`,
      [renewalId, domainId, renewed, (await epp.info(renewed)).exDate]);
    await spend(member.userId, 1800, `renew:${renewalId}:${renewed}:spend`);
    const pool = ops.get<EppClientPool>(EPP_CLIENT);
    const info = pool.info.bind(pool);
    const refusing = jest.spyOn(pool, 'info').mockImplementation(async (n: string, ...rest: unknown[]) => {
      if (n === name || n === renewed) throw new EppError(EppResultCode.AuthorizationError, 'Authorization error', 'domain:info');
      return (info as (...a: unknown[]) => ReturnType<EppClientPool['info']>)(n, ...rest);
    });
    const orderRows = ops.get(RegistrationOrderRepository);
    const renewals = ops.get(RenewalRepository);
    try {
      const order = (await orderRows.find(orderId))!;
      expect(await ops.get(RegisterDomainJob).settleLeftover(order, (await orderRows.items(orderId))[0]!)).toBe('error');
      const renewal = (await renewals.find(renewalId))!;
      expect(await ops.get(RenewDomainJob).settleLeftover(renewal, (await renewals.items(renewalId))[0]!)).toBe('error');
    } finally {
      refusing.mockRestore();
    }
    expect((await p.db.query('SELECT status, error_msg FROM domain_ops.registration_order_items WHERE order_id = $1', [orderId])).rows[0]).toEqual({ status: 'error', error_msg: M.domainTaken });
    expect((await p.db.query('SELECT status, error_msg FROM domain_ops.renewal_order_items WHERE order_id = $1', [renewalId])).rows[0]).toEqual({ status: 'error', error_msg: M.renewNotManaged });
    expect(await entry(`order:${orderId}:${name}:refund`)).toEqual({ delta: '2000', kind: 'refund' });
    expect(await entry(`renew:${renewalId}:${renewed}:refund`)).toEqual({ delta: '1800', kind: 'refund' });
    expect(await p.balance(member.userId)).toBe(10_000);
    expect(await ledgerSum(member.userId)).toBe(10_000);
  }, 120_000);
});

describe('transfers-in and the money reconciler (ADR 0027)', () => {
  /** A .com name registered by the other registrar, with its AUTHCODE. */
  async function theirDomain(prefix: string): Promise<{ name: string; authcode: string }> {
    theirs ??= eppClient(REGISTRAR_B);
    const name = await freeName(epp, 'com', prefix);
    const authcode = `Tr${randomUUID().slice(0, 12)}1`;
    await theirs.create({ name, period: { value: 2, unit: 'y' }, authInfo: authcode, ns: ['ns1.other.example'] });
    return { name, authcode };
  }

  /**
   * A transfer-in row as the request call leaves it ("requesting"), its send claimed `sentAgoS` seconds ago or never.
   * Its id is far above the serial's (the orders schema outlives this file's domain_ops schema, and the transfer tests'
   * ledger keys `transfer:{id}:…` must not meet these).
   */
  async function storedTransfer(userId: number, name: string, point: number, o: { spent: boolean; sentAgoS: number | null }): Promise<number> {
    const r = await p.db.query(
      `INSERT INTO domain_ops.transfer_ins (id, user_id, request_key, name, punycode, tld, point, payment_type, status, spent, requested_at, send_claimed_at)
       VALUES ($7, $1, $2, $3, $3, 'com', $4, 'point', 'requesting', $5, now() - interval '2 hours', CASE WHEN $6::int IS NULL THEN NULL ELSE now() - make_interval(secs => $6::int) END) RETURNING id`,
      [userId, randomUUID(), name, point, o.spent, o.sentAgoS, 1_000_000_000 + Math.floor(Math.random() * 1_000_000_000)],
    );
    return Number(r.rows[0].id);
  }

  /** Both domain-ops replicas run a reconciler pass at the same moment (as two schedulers' ticks could). */
  async function twoPassesAtOnce(): Promise<MoneyReconcileResult[]> {
    replica ??= await startService('domain-ops', DomainOpsServiceModule, process.env.REDIS_URL);
    return Promise.all([p.services[2]!, replica].map((app) => app.get(MoneyReconcilerJob).handle()));
  }

  const transferRow = async (id: number) => (await p.db.query('SELECT status, refunded, error_msg FROM domain_ops.transfer_ins WHERE id = $1', [id])).rows[0];

  it('charged, killed before the send: given up once by two replicas at once, refunded with a history line; the late charge is refused', async () => {
    const member = await p.member(10_000);
    const { name } = await theirDomain('trkill');
    // the request call took the points, then its process died before it marked them (or sent anything)
    const id = await storedTransfer(member.userId, name, 1_500, { spent: false, sentAgoS: null });
    await spend(member.userId, 1_500, `transfer:${id}:spend`);
    expect(await p.balance(member.userId)).toBe(8_500);

    const passes = await twoPassesAtOnce();
    expect(passes.reduce((n, x) => n + x.abandoned, 0)).toBe(1);
    expect(await transferRow(id)).toEqual({ status: 'error', refunded: true, error_msg: M.transferAbandoned });
    expect((await p.db.query(`SELECT count(*)::int AS n FROM orders.point_entries WHERE idempotency_key = $1`, [`transfer:${id}:refund`])).rows[0].n).toBe(1);
    expect(await p.balance(member.userId)).toBe(10_000);
    expect(await ledgerSum(member.userId)).toBe(10_000);
    const lines = (await historyLines(member)).filter((l) => l.startsWith(`${name}:`));
    expect(lines).toEqual([`${name}: 移管できなかったため1500ポイントを返還しました（${M.transferAbandoned}）`]);
    // the member's transfer list shows it ended, with the reason
    const list = (await member.agent.get('/mypage/transferin/list').set(xhr(member))).body;
    expect(JSON.stringify(list)).toContain(M.transferAbandoned);
    // the same charge replayed takes nothing more; further passes change nothing
    expect(await spend(member.userId, 1_500, `transfer:${id}:spend`)).toMatchObject({ replayed: true });
    expect(await p.balance(member.userId)).toBe(10_000);
    await twoPassesAtOnce();
    expect(await p.balance(member.userId)).toBe(10_000);
    expect((await historyLines(member)).filter((l) => l.startsWith(`${name}:`))).toHaveLength(1);
  }, 180_000);

  it('a request call that never charged (killed before the spend) is ended without a refund; its late charge is refused', async () => {
    const member = await p.member(5_000);
    const { name } = await theirDomain('trnocharge');
    const id = await storedTransfer(member.userId, name, 1_500, { spent: false, sentAgoS: null });
    await twoPassesAtOnce();
    expect(await transferRow(id)).toEqual({ status: 'error', refunded: false, error_msg: M.transferAbandoned });
    await expect(spend(member.userId, 1_500, `transfer:${id}:spend`)).rejects.toMatchObject({ code: OrdersErrorCode.ChargeVoided });
    expect(await p.balance(member.userId)).toBe(5_000);
    expect((await historyLines(member)).filter((l) => l.startsWith(`${name}:`))).toEqual([]);
  }, 180_000);

  it('sent, but the registry has no request of ours: refunded once; sent and pending at the registry: kept for the poll reader', async () => {
    const member = await p.member(10_000);
    const lost = await theirDomain('trlost');
    const arrived = await theirDomain('trarrived');
    // past the registry's 60-day lock after registration (as the transfer tests do)
    await simClock.advanceDays(61);
    const lostId = await storedTransfer(member.userId, lost.name, 2_000, { spent: true, sentAgoS: 3_600 });
    await spend(member.userId, 2_000, `transfer:${lostId}:spend`);
    const arrivedId = await storedTransfer(member.userId, arrived.name, 3_000, { spent: true, sentAgoS: 3_600 });
    await spend(member.userId, 3_000, `transfer:${arrivedId}:spend`);
    // the second one's request did reach the registry before its process died
    expect((await epp.transfer('request', arrived.name, { authInfo: arrived.authcode, period: { value: 1, unit: 'y' } })).trStatus).toBe('pending');
    expect(await p.balance(member.userId)).toBe(5_000);

    await twoPassesAtOnce();
    expect(await transferRow(lostId)).toMatchObject({ status: 'error', refunded: true, error_msg: M.transferAbandoned });
    expect(await transferRow(arrivedId)).toMatchObject({ status: 'pending', refunded: false });
    expect(await p.balance(member.userId)).toBe(7_000);
    expect(await ledgerSum(member.userId)).toBe(7_000);
    expect((await historyLines(member)).filter((l) => l.startsWith(`${lost.name}:`))).toEqual([`${lost.name}: 移管できなかったため2000ポイントを返還しました（${M.transferAbandoned}）`]);
    // the losing registrar approves: the poll reader completes the one that arrived, charged once
    await theirs.transfer('approve', arrived.name);
    await waitFor('the transfer completed', async () => {
      await jobs.run(JobName.DrainPollMessages);
      return (await transferRow(arrivedId)).status === 'done';
    }, 60_000, 500);
    expect(await p.balance(member.userId)).toBe(7_000);
    expect(await ledgerSum(member.userId)).toBe(7_000);
  }, 180_000);

  it('a transfer-in that ended without the domain and whose refund was lost is refunded', async () => {
    const member = await p.member(4_000);
    const { name } = await theirDomain('trorphan');
    const id = await storedTransfer(member.userId, name, 1_200, { spent: true, sentAgoS: 3_600 });
    await spend(member.userId, 1_200, `transfer:${id}:spend`);
    await p.db.query(`UPDATE domain_ops.transfer_ins SET status = 'rejected', error_msg = $2, settled_at = now() WHERE id = $1`, [id, M.transferRejectedByLosing]);
    // (the reconciler looks at spends older than CHARGING_DEADLINE_S)
    await waitFor('the lost refund made', async () => {
      await twoPassesAtOnce();
      return (await transferRow(id)).refunded;
    }, 60_000, 300);
    expect(await p.balance(member.userId)).toBe(4_000);
    expect(await ledgerSum(member.userId)).toBe(4_000);
    expect(await transferRow(id)).toMatchObject({ status: 'rejected', refunded: true });
    expect((await historyLines(member)).filter((l) => l.startsWith(`${name}:`))).toEqual([`${name}: 移管できなかったため1200ポイントを返還しました（${M.transferRejectedByLosing}）`]);
  }, 180_000);
});
