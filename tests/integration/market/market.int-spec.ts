/**
 * The domain market through the real gateway, market, orders and domain-ops services (docs/market.md): listing holds
 * the domain (出品中; moves, trash and AUTHCODE refused), the public search, buying (pay into escrow → local move →
 * seller credit) with the points ledger checked against its entries, and the races: two buyers at once, a seller who
 * cancels while a buyer pays, a process killed after a step's money moved, a move that fails (full refund); offers;
 * payouts; the super admins' oversight (hide with a reason the seller sees, cancel and refund), normal admins refused.
 */
import { INestMicroservice } from '@nestjs/common';
import { Queue } from 'bullmq';
import { JobName, QueueName } from '@registrar/contracts';
import { redisOptions, startService } from '@registrar/infra';
import { MarketServiceModule, tradeKeys } from '@registrar/market';
import { M, MK } from '@registrar/messages';
import { client, createAccount, signIn } from '../gateway/gateway-harness';
import { Member, xhr } from '../purchase/purchase-harness';
import { OpsHarness, startOpsHarness } from '../operations/operations-harness';

let o: OpsHarness;
let market: INestMicroservice;
let queue: Queue;
let superAdmin: Member;
let normalAdmin: Member;

beforeAll(async () => {
  Object.assign(process.env, { MARKET_SWEEP_EVERY_S: '0', MARKET_BACKOFF_MS: '50', MARKET_ATTEMPTS: '4', MARKET_COMMISSION_PERCENT: '10', MARKET_HOLD_S: '0' });
  o = await startOpsHarness();
  await o.w.p.db.query('DROP SCHEMA IF EXISTS market CASCADE');
  market = await startService('market', MarketServiceModule, process.env.REDIS_URL);
  const r = redisOptions(process.env.REDIS_URL!);
  queue = new Queue(QueueName.Market, { connection: { host: r.host, port: r.port, password: r.password, db: r.db } });
  const s = await createAccount(o.w.p.h, { adminRole: 1 });
  superAdmin = { ...(await signIn(o.w.p.h, s)), userId: s.user.id };
  const n = await createAccount(o.w.p.h, { adminRole: 2 });
  normalAdmin = { ...(await signIn(o.w.p.h, n)), userId: n.user.id };
}, 240_000);

afterAll(async () => {
  await queue?.close();
  await market?.close();
  await o?.close();
}, 60_000);

const q = async (sql: string, params: unknown[] = []) => (await o.w.p.db.query(sql, params)).rows;
const DAY = 24 * 3600_000;
const endsAt = () => new Date(Date.now() + 30 * DAY).toISOString();

/** Domains held for more than the 60-day transfer lock (created at the registry, recorded for the member). */
async function held(c: Member, n = 1): Promise<Array<{ id: number; name: string }>> {
  const ds = await o.seed(c, n);
  await q(`UPDATE domain_ops.domains SET created_at = now() - interval '100 days' WHERE id = ANY($1::bigint[])`, [ds.map((d) => d.id)]);
  return ds;
}

async function list(c: Member, domainId: number, price = 20_000, extra: Record<string, unknown> = {}) {
  const r = await c.agent.post('/mypage/market/listing').set(xhr(c)).send({ domainId, price, description: 'ブランドに最適', endsAt: endsAt(), ...extra });
  if (r.status !== 200) throw new Error(`listing: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as { id: number; domain: string; status: string; price: number };
}

async function waitTrade(c: Member, id: number, until: (s: string) => boolean = (s) => ['completed', 'refunded', 'cancelled'].includes(s)) {
  const end = Date.now() + 90_000;
  for (;;) {
    const r = await c.agent.get(`/market/trade/${id}`).set(xhr(c)).expect(200);
    if (until(r.body.status)) return r.body;
    if (Date.now() > end) throw new Error(`trade ${id} still ${r.body.status}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

/** Every ledger entry of a trade's keys: the money a trade moved, read from the ledger itself. */
async function entriesOf(tradeId: number) {
  const k = tradeKeys(tradeId);
  const rows = await q('SELECT user_id, delta, kind, idempotency_key FROM orders.point_entries WHERE idempotency_key = ANY($1::text[]) ORDER BY id', [[k.pay, k.refund, k.credit]]);
  return rows.map((r: any) => ({ userId: Number(r.user_id), delta: Number(r.delta), key: r.idempotency_key as string }));
}

/** The balance the ledger derives equals the sum of the member's entries (nothing moved outside the ledger). */
async function ledgerConsistent(userId: number) {
  const sum = Number((await q('SELECT coalesce(sum(delta), 0) AS s FROM orders.point_entries WHERE user_id = $1', [userId]))[0].s);
  expect(await o.w.p.balance(userId)).toBe(sum);
}

describe('listing', () => {
  it('holds the domain: 出品中 in the list; move, trash and AUTHCODE are refused; a second listing and a fresh domain are refused', async () => {
    const seller = await o.w.p.member();
    const [fresh] = await o.seed(seller, 1);
    const tooSoon = await seller.agent.post('/mypage/market/listing').set(xhr(seller)).send({ domainId: fresh!.id, price: 10_000, endsAt: endsAt() });
    expect(tooSoon.status).toBe(422);
    expect(tooSoon.body.message).toBe(MK.transferLock);

    const [d] = await held(seller);
    const bad = await seller.agent.post('/mypage/market/listing').set(xhr(seller)).send({ domainId: d!.id, price: 500, endsAt: endsAt() });
    expect([bad.status, bad.body.message]).toEqual([422, MK.priceRange]);

    const l = await list(seller, d!.id, 30_000, { minOffer: 20_000 });
    expect(l).toMatchObject({ domain: d!.name, status: 'active', price: 30_000 });
    const again = await seller.agent.post('/mypage/market/listing').set(xhr(seller)).send({ domainId: d!.id, price: 10_000, endsAt: endsAt() });
    expect(again.status).toBe(409);

    const rows = (await seller.agent.post('/mypage/domain/search').set(xhr(seller)).send({ key: d!.name }).expect(200)).body;
    const row = (rows.validDomains?.data ?? []).find((x: { name: string }) => x.name === d!.name);
    expect(row?.is_market_listed_flg).toBe(1);

    const other = await o.w.p.member();
    for (const [path, body] of [
      ['/mypage/domain/move/user', { domains: [d!.id], userId: String(other.userId), requestEmail: '', autoUpdate: 0 }],
      ['/mypage/domain/trash', { domains: [d!.id], is_trash_flg: 1 }],
    ] as const) {
      const r = await seller.agent.post(path).set(xhr(seller)).send(body);
      expect(JSON.stringify(r.body)).toContain(MK.listed);
    }
    const still = (await q('SELECT user_id, is_trash, market_listing_id FROM domain_ops.domains WHERE id = $1', [d!.id]))[0];
    expect([Number(still.user_id), still.is_trash, Number(still.market_listing_id)]).toEqual([seller.userId, false, l.id]);

    // public search and page (a visitor without a session)
    const visitor = (await client(o.w.p.h)).agent;
    const found = (await visitor.get('/market').query({ keyword: d!.name.split('.')[0], tld: 'com' }).set({ 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' }).expect(200)).body;
    expect(found.data.map((x: { id: number }) => x.id)).toContain(l.id);
    const page = (await visitor.get(`/market/${l.id}`).set({ 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' }).expect(200)).body;
    expect(page).toMatchObject({ domain: d!.name, price: 30_000, min_offer: 20_000 });
    expect(page.seller_id).toBeUndefined();

    // cancelling gives the domain back to every operation
    await seller.agent.post(`/mypage/market/listing/${l.id}/cancel`).set(xhr(seller)).expect(200);
    expect((await q('SELECT market_listing_id FROM domain_ops.domains WHERE id = $1', [d!.id]))[0].market_listing_id).toBeNull();
  });
});

describe('buying', () => {
  it('pays into escrow, moves the domain, then credits the seller the price less 10%; the ledger holds exactly those entries', async () => {
    const seller = await o.w.p.member();
    const buyer = await o.w.p.member(50_000);
    const [d] = await held(seller);
    const l = await list(seller, d!.id, 20_000);
    const t = (await buyer.agent.post(`/market/${l.id}/buy`).set(xhr(buyer)).send({ key: 'k1' }).expect(200)).body;
    const done = await waitTrade(buyer, t.id);
    expect(done).toMatchObject({ status: 'completed', price: 20_000, commission: 2_000, payout: 18_000, role: 'buyer' });
    expect(done.steps.map((s: { step: string; status: string }) => `${s.step}:${s.status}`)).toEqual(['order:done', 'pay:done', 'move:started', 'move:done', 'credit:started', 'credit:done']);
    const dom = (await q('SELECT user_id, market_listing_id, is_auto_update_enabled FROM domain_ops.domains WHERE id = $1', [d!.id]))[0];
    expect([Number(dom.user_id), dom.market_listing_id, dom.is_auto_update_enabled]).toEqual([buyer.userId, null, false]);
    expect(await entriesOf(t.id)).toEqual([
      { userId: buyer.userId, delta: -20_000, key: tradeKeys(t.id).pay },
      { userId: seller.userId, delta: 18_000, key: tradeKeys(t.id).credit },
    ]);
    expect(await o.w.p.balance(buyer.userId)).toBe(30_000);
    expect(await o.w.p.balance(seller.userId)).toBe(18_000);
    await ledgerConsistent(buyer.userId);
    await ledgerConsistent(seller.userId);
    // the same request again answers the same trade (a double click), and the listing is sold
    const replay = (await buyer.agent.post(`/market/${l.id}/buy`).set(xhr(buyer)).send({ key: 'k1' }).expect(200)).body;
    expect(replay.id).toBe(t.id);
    expect((await seller.agent.get(`/market/${l.id}`).set(xhr(seller)).expect(200)).body.status).toBe('sold');
    // the seller's sales
    const sales = (await seller.agent.get('/sales').set(xhr(seller)).expect(200)).body;
    expect(sales.totals).toMatchObject({ sales: 20_000, commission: 2_000, credited: 18_000 });
    // the bell: each side's events, unread until the bell is opened
    const sellerBell = (await seller.agent.get('/mypage/market/notices').set(xhr(seller)).expect(200)).body;
    expect(sellerBell.data.map((n: { title: string }) => n.title)).toEqual([`${d!.name} が売れました（売上 18,000円）`, `${d!.name} を出品しました（20,000円）`]);
    expect(sellerBell.unread).toBe(2);
    const buyerBell = (await buyer.agent.get('/mypage/market/notices').set(xhr(buyer)).expect(200)).body;
    expect(buyerBell.data).toMatchObject([{ title: `${d!.name} の購入が完了しました`, link: `/market/trade/${t.id}`, is_read: false }]);
    await buyer.agent.post('/mypage/market/notices/read').set(xhr(buyer)).send({}).expect(200);
    expect((await buyer.agent.get('/mypage/market/notices').set(xhr(buyer)).expect(200)).body.unread).toBe(0);
    // and the mails, through the mail queue to the catcher: 売れました to the seller, 購入しました to the buyer
    for (const [u, subject] of [[seller, `【ラッコドメイン】ドメインが売れました（${d!.name}）`], [buyer, `【ラッコドメイン】ドメインを購入しました（${d!.name}）`]] as const) {
      const email = (await q('SELECT email FROM identity.users WHERE id = $1', [u.userId]))[0].email as string;
      const end = Date.now() + 60_000;
      for (;;) {
        const r = await u.agent.get('/dev/mail/api/messages').query({ to: email }).set({ 'X-Requested-With': 'XMLHttpRequest' });
        if (JSON.stringify(r.body).includes(subject)) break;
        if (Date.now() > end) throw new Error(`no mail "${subject}" to ${email}: ${JSON.stringify(r.body).slice(0, 500)}`);
        await new Promise((res) => setTimeout(res, 200));
      }
    }
  });

  it('refuses a buyer without enough points, and a member buying their own listing', async () => {
    const seller = await o.w.p.member(100_000);
    const poor = await o.w.p.member(100);
    const [d] = await held(seller);
    const l = await list(seller, d!.id, 20_000);
    const r = await poor.agent.post(`/market/${l.id}/buy`).set(xhr(poor)).send({ key: 'p' });
    expect([r.status, r.body.message]).toEqual([402, MK.insufficientPoints]);
    const own = await seller.agent.post(`/market/${l.id}/buy`).set(xhr(seller)).send({ key: 'own' });
    expect([own.status, own.body.message]).toEqual([422, MK.cannotBuyOwn]);
  });

  it('two buyers at once: one trade, one charge; the other is told someone is buying', async () => {
    const seller = await o.w.p.member();
    const b1 = await o.w.p.member(30_000);
    const b2 = await o.w.p.member(30_000);
    const [d] = await held(seller);
    const l = await list(seller, d!.id, 25_000);
    const rs = await Promise.all([b1, b2].map((b) => b.agent.post(`/market/${l.id}/buy`).set(xhr(b)).send({ key: 'race' })));
    expect(rs.map((r) => r.status).sort()).toEqual([200, 409]);
    const lost = rs.find((r) => r.status === 409)!;
    expect(lost.body.message).toBe(MK.tradeRunning);
    const winner = rs[0]!.status === 200 ? b1 : b2;
    const loser = winner === b1 ? b2 : b1;
    const t = await waitTrade(winner, rs.find((r) => r.status === 200)!.body.id);
    expect(t.status).toBe('completed');
    expect(await o.w.p.balance(winner.userId)).toBe(5_000);
    expect(await o.w.p.balance(loser.userId)).toBe(30_000);
    expect((await q('SELECT count(*)::int AS n FROM market.trades WHERE listing_id = $1', [l.id]))[0].n).toBe(1);
    for (const u of [winner, loser, seller]) await ledgerConsistent(u.userId);
  });

  it('the same request twice at once (a double click, a retried call): one trade, one charge, both answered with it', async () => {
    const seller = await o.w.p.member();
    const buyer = await o.w.p.member(10_000);
    const [d] = await held(seller);
    const l = await list(seller, d!.id, 6_000);
    const rs = await Promise.all([1, 2].map(() => buyer.agent.post(`/market/${l.id}/buy`).set(xhr(buyer)).send({ key: 'twice' })));
    expect(rs.map((r) => r.status)).toEqual([200, 200]);
    expect(rs[0]!.body.id).toBe(rs[1]!.body.id);
    expect((await waitTrade(buyer, rs[0]!.body.id)).status).toBe('completed');
    expect(await o.w.p.balance(buyer.userId)).toBe(4_000);
    await ledgerConsistent(buyer.userId);
  });

  it('a seller who cancels while a buyer pays: exactly one of them wins, and no money is lost', async () => {
    for (let i = 0; i < 3; i++) {
      const seller = await o.w.p.member();
      const buyer = await o.w.p.member(10_000);
      const [d] = await held(seller);
      const l = await list(seller, d!.id, 10_000);
      const [buy, cancel] = await Promise.all([
        buyer.agent.post(`/market/${l.id}/buy`).set(xhr(buyer)).send({ key: `c${i}` }),
        seller.agent.post(`/mypage/market/listing/${l.id}/cancel`).set(xhr(seller)).send({}),
      ]);
      expect([buy.status === 200, cancel.status === 200].filter(Boolean)).toHaveLength(1);
      if (buy.status === 200) {
        expect(cancel.body.message).toBe(MK.cannotCancelTrading);
        expect((await waitTrade(buyer, buy.body.id)).status).toBe('completed');
        expect(await o.w.p.balance(buyer.userId)).toBe(0);
        expect(await o.w.p.balance(seller.userId)).toBe(9_000);
      } else {
        expect(buy.status).toBe(409);
        expect(await o.w.p.balance(buyer.userId)).toBe(10_000);
        expect((await q('SELECT user_id, market_listing_id FROM domain_ops.domains WHERE id = $1', [d!.id]))[0]).toEqual({ user_id: String(seller.userId), market_listing_id: null });
      }
      await ledgerConsistent(buyer.userId);
      await ledgerConsistent(seller.userId);
    }
  });

  it('a move that fails refunds the buyer in full and ends the listing; the seller gets nothing', async () => {
    const seller = await o.w.p.member();
    const buyer = await o.w.p.member(15_000);
    const [d] = await held(seller);
    const l = await list(seller, d!.id, 12_000);
    // an operator locks the domain after it was listed: the move is refused
    await q('UPDATE domain_ops.domains SET admin_lock_status = 1 WHERE id = $1', [d!.id]);
    const t = (await buyer.agent.post(`/market/${l.id}/buy`).set(xhr(buyer)).send({ key: 'f' }).expect(200)).body;
    const done = await waitTrade(buyer, t.id);
    expect(done.status).toBe('refunded');
    expect(done.error).toBe(M.adminLocked);
    expect(await entriesOf(t.id)).toEqual([
      { userId: buyer.userId, delta: -12_000, key: tradeKeys(t.id).pay },
      { userId: buyer.userId, delta: 12_000, key: tradeKeys(t.id).refund },
    ]);
    expect(await o.w.p.balance(buyer.userId)).toBe(15_000);
    expect(await o.w.p.balance(seller.userId)).toBe(0);
    expect((await q('SELECT user_id, market_listing_id FROM domain_ops.domains WHERE id = $1', [d!.id]))[0]).toEqual({ user_id: String(seller.userId), market_listing_id: null });
    expect((await q('SELECT status FROM market.listings WHERE id = $1', [l.id]))[0].status).toBe('cancelled');
  });

  it('a process killed after a step moved money or the domain: running the step again charges, moves and credits once', async () => {
    const seller = await o.w.p.member();
    const buyer = await o.w.p.member(40_000);
    const [d] = await held(seller);
    const l = await list(seller, d!.id, 30_000);
    // the state a process leaves when it dies after the ledger took the price but before the trade recorded it
    const t = (await q(
      `WITH t AS (INSERT INTO market.trades (listing_id, buyer_id, seller_id, domain_id, domain, price, commission, payout, status, request_key)
                  VALUES ($1, $2, $3, $4, $5, 30000, 3000, 27000, 'paying', 'killed') RETURNING id)
       SELECT id FROM t`,
      [l.id, buyer.userId, seller.userId, d!.id, d!.name],
    ))[0];
    const id = Number(t.id);
    await q(`UPDATE market.listings SET status = 'trading' WHERE id = $1`, [l.id]);
    await o.w.call('orders.point.spend', { userId: buyer.userId, amount: 30_000, idempotencyKey: tradeKeys(id).pay, reference: 'killed mid-step' });
    // the sweep (or BullMQ's stalled-job check) puts the step back: twice here, as two replicas might
    await queue.add(JobName.MarketPay, { tradeId: id }, { jobId: `market-${id}-pay-again-1` });
    await queue.add(JobName.MarketPay, { tradeId: id }, { jobId: `market-${id}-pay-again-2` });
    const done = await waitTrade(buyer, id);
    expect(done.status).toBe('completed');
    // and a move step run again after completion changes nothing
    await queue.add(JobName.MarketMove, { tradeId: id }, { jobId: `market-${id}-move-again` });
    await queue.add(JobName.MarketCredit, { tradeId: id }, { jobId: `market-${id}-credit-again` });
    const end = Date.now() + 30_000;
    while ((await queue.getJobCounts('waiting', 'active', 'delayed')).waiting + (await queue.getJobCounts('active')).active > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    expect(await entriesOf(id)).toEqual([
      { userId: buyer.userId, delta: -30_000, key: tradeKeys(id).pay },
      { userId: seller.userId, delta: 27_000, key: tradeKeys(id).credit },
    ]);
    expect(await o.w.p.balance(buyer.userId)).toBe(10_000);
    expect(await o.w.p.balance(seller.userId)).toBe(27_000);
    expect((await q('SELECT count(*)::int AS n FROM domain_ops.market_moves WHERE trade_id = $1', [id]))[0].n).toBe(1);
  });
});

describe('offers, payouts and oversight', () => {
  it('an accepted offer trades at the offered amount; a declined one moves nothing', async () => {
    const seller = await o.w.p.member();
    const buyer = await o.w.p.member(30_000);
    const [d] = await held(seller);
    const l = await list(seller, d!.id, 30_000, { minOffer: 10_000 });
    const low = await buyer.agent.post(`/market/${l.id}/offer`).set(xhr(buyer)).send({ amount: 5_000 });
    expect([low.status, low.body.message]).toEqual([422, MK.offerTooLow]);
    const offer = (await buyer.agent.post(`/market/${l.id}/offer`).set(xhr(buyer)).send({ amount: 15_000, message: 'お願いします' }).expect(200)).body;
    const received = (await seller.agent.get('/mypage/market/offers').set(xhr(seller)).expect(200)).body.received;
    expect(received.map((x: { id: number }) => x.id)).toContain(offer.id);
    const r = (await seller.agent.post(`/mypage/market/offer/${offer.id}/answer`).set(xhr(seller)).send({ accept: true }).expect(200)).body;
    const t = await waitTrade(buyer, r.trade.id);
    expect(t).toMatchObject({ status: 'completed', price: 15_000, payout: 13_500 });
    expect(await o.w.p.balance(buyer.userId)).toBe(15_000);
  });

  it('payouts: at most the credited sales; a super admin pays or rejects (points back); normal admins are refused', async () => {
    const seller = await o.w.p.member();
    const buyer = await o.w.p.member(20_000);
    const [d] = await held(seller);
    const l = await list(seller, d!.id, 20_000);
    const t = (await buyer.agent.post(`/market/${l.id}/buy`).set(xhr(buyer)).send({ key: 'po' }).expect(200)).body;
    await waitTrade(buyer, t.id);
    const bank = { bankName: 'ラッコ銀行', branchName: '本店', accountType: '普通', accountNumber: '1234567', accountHolder: 'ラッコ タロウ' };
    const over = await seller.agent.post('/sales/payout').set(xhr(seller)).send({ amount: 18_001, key: 'p0', ...bank });
    expect([over.status, over.body.message]).toEqual([422, MK.payoutOver]);
    const p1 = (await seller.agent.post('/sales/payout').set(xhr(seller)).send({ amount: 10_000, key: 'p1', ...bank }).expect(200)).body;
    expect(await o.w.p.balance(seller.userId)).toBe(8_000);
    const p2 = (await seller.agent.post('/sales/payout').set(xhr(seller)).send({ amount: 8_000, key: 'p2', ...bank }).expect(200)).body;
    expect((await normalAdmin.agent.get('/admin/api/market').set(xhr(normalAdmin))).status).toBe(403);
    expect((await normalAdmin.agent.post(`/admin/api/market/payout/${p1.id}`).set(xhr(normalAdmin)).send({ action: 'paid' })).status).toBe(403);
    await superAdmin.agent.post(`/admin/api/market/payout/${p1.id}`).set(xhr(superAdmin)).send({ action: 'paid' }).expect(200);
    await superAdmin.agent.post(`/admin/api/market/payout/${p2.id}`).set(xhr(superAdmin)).send({ action: 'rejected', note: '口座名義が一致しません' }).expect(200);
    const again = await superAdmin.agent.post(`/admin/api/market/payout/${p2.id}`).set(xhr(superAdmin)).send({ action: 'paid' });
    expect([again.status, again.body.message]).toEqual([409, MK.payoutEnded]);
    expect(await o.w.p.balance(seller.userId)).toBe(8_000);
    const sales = (await seller.agent.get('/sales').set(xhr(seller)).expect(200)).body;
    expect(sales.totals).toMatchObject({ credited: 18_000, paid_out: 10_000, requested: 0 });
    await ledgerConsistent(seller.userId);
    const audits = (await superAdmin.agent.get('/admin/api/audit_log').query({ action: 'market.payout.paid' }).set(xhr(superAdmin)).expect(200)).body;
    expect(JSON.stringify(audits)).toContain(String(p1.id));
  });

  it('a super admin hides a listing with a reason the seller sees, and cancels a trade in escrow with a full refund', async () => {
    const seller = await o.w.p.member();
    const buyer = await o.w.p.member(20_000);
    const [d1, d2] = await held(seller, 2);
    const l1 = await list(seller, d1!.id, 10_000);
    await superAdmin.agent.post(`/admin/api/market/list/${l1.id}/hide`).set(xhr(superAdmin)).send({ hidden: true, reason: '商標権侵害の申し立て' }).expect(200);
    expect((await buyer.agent.get(`/market/${l1.id}`).set(xhr(buyer))).status).toBe(404);
    expect((await seller.agent.get(`/market/${l1.id}`).set(xhr(seller)).expect(200)).body).toMatchObject({ hidden: true, hidden_reason: '商標権侵害の申し立て' });
    const adminList = (await superAdmin.agent.get('/admin/api/market/list').query({ hidden: '1', keyword: d1!.name }).set(xhr(superAdmin)).expect(200)).body;
    expect(adminList.data.map((x: { id: number }) => x.id)).toEqual([l1.id]);

    // a trade whose move has failed cannot be cancelled any more (it is refunded already)
    const l2 = await list(seller, d2!.id, 10_000);
    await q('UPDATE domain_ops.domains SET admin_lock_status = 1 WHERE id = $1', [d2!.id]);
    const t = (await buyer.agent.post(`/market/${l2.id}/buy`).set(xhr(buyer)).send({ key: 'esc' }).expect(200)).body;
    expect((await waitTrade(buyer, t.id)).status).toBe('refunded');
    const late = await superAdmin.agent.post(`/admin/api/market/trade/${t.id}/cancel`).set(xhr(superAdmin)).send({ reason: '紛争' });
    expect([late.status, late.body.message]).toEqual([409, MK.cannotCancelTrade]);
    const overview = (await superAdmin.agent.get('/admin/api/market').query({ keyword: d2!.name }).set(xhr(superAdmin)).expect(200)).body;
    expect(overview.trades.data[0]).toMatchObject({ id: t.id, status: 'refunded', buyer_id: buyer.userId, seller_id: seller.userId });

    // a trade in escrow (paid, not yet moving: the state between two steps) is cancelled by a super admin: full refund
    const [d3] = await held(seller);
    const l3 = await list(seller, d3!.id, 10_000);
    const row = (await q(
      `INSERT INTO market.trades (listing_id, buyer_id, seller_id, domain_id, domain, price, commission, payout, status, request_key)
       VALUES ($1, $2, $3, $4, $5, 10000, 1000, 9000, 'escrowed', 'escrow') RETURNING id`,
      [l3.id, buyer.userId, seller.userId, d3!.id, d3!.name],
    ))[0];
    const id = Number(row.id);
    await q(`UPDATE market.listings SET status = 'trading' WHERE id = $1`, [l3.id]);
    await o.w.call('orders.point.spend', { userId: buyer.userId, amount: 10_000, idempotencyKey: tradeKeys(id).pay, reference: 'escrow' });
    expect(await o.w.p.balance(buyer.userId)).toBe(10_000);
    const noReason = await superAdmin.agent.post(`/admin/api/market/trade/${id}/cancel`).set(xhr(superAdmin)).send({ reason: ' ' });
    expect([noReason.status, noReason.body.message]).toEqual([422, MK.cancelReasonRequired]);
    expect((await normalAdmin.agent.post(`/admin/api/market/trade/${id}/cancel`).set(xhr(normalAdmin)).send({ reason: '紛争' })).status).toBe(403);
    await superAdmin.agent.post(`/admin/api/market/trade/${id}/cancel`).set(xhr(superAdmin)).send({ reason: '出品者との紛争' }).expect(200);
    const cancelled = await waitTrade(buyer, id);
    expect(cancelled).toMatchObject({ status: 'refunded', error: '出品者との紛争' });
    expect(await entriesOf(id)).toEqual([
      { userId: buyer.userId, delta: -10_000, key: tradeKeys(id).pay },
      { userId: buyer.userId, delta: 10_000, key: tradeKeys(id).refund },
    ]);
    expect((await q('SELECT user_id, market_listing_id FROM domain_ops.domains WHERE id = $1', [d3!.id]))[0]).toEqual({ user_id: String(seller.userId), market_listing_id: null });
    expect(await o.w.p.balance(buyer.userId)).toBe(20_000);
  });
});
