/**
 * The domain market paid directly by card or wallet, and disputes (docs/market.md): the real gateway, market, orders
 * and domain-ops services, the official Stripe SDK inside the orders service against the local Stripe-compatible
 * server, the local wallet server. Every case checks the ledger against its entries:
 * - a card pays the whole price (or the rest after the points the buyer chose) in one step: the session buys the points,
 *   the pay step spends them into escrow; the buyer's inspection period, then their receipt releases it to the seller;
 * - a refused card: 402, the trade cancelled, the listing back on the market, nothing taken;
 * - 3-D Secure: the buyer authenticates and comes back; a process killed after the card was paid: the sweep finishes it;
 * - a wallet payment not made in time: the trade given up and the listing sold to someone else; the payment made after
 *   all lands as the buyer's points, never in the cancelled trade;
 * - an accepted offer the buyer's points do not cover: it waits for the buyer, who pays it by the same checkout (points
 *   first, the rest by card or wallet, the session keyed by the trade); a refused card takes nothing; two payments at
 *   once make one charge; a card paid while the process was gone is finished once by the sweep; not paid by its due
 *   date it ends; paid after the listing went to someone else, the money is the buyer's points and they are told;
 * - disputes: buyer or seller, a thread with a super admin, the escrow held while open; resolved by refund (the domain
 *   given back) or by release; none once the escrow is released; normal admins refused; every super admin is mailed
 *   (and notified in the bell) when one opens and when a party writes in it.
 */
import { INestMicroservice } from '@nestjs/common';
import { Queue } from 'bullmq';
import { JobName, QueueName } from '@registrar/contracts';
import { redisOptions, startService } from '@registrar/infra';
import { MarketServiceModule, tradeKeys } from '@registrar/market';
import { MK } from '@registrar/messages';
import { startWalletLocal, WalletLocalServer } from '@registrar/stripe-local';
import { createAccount, signIn } from '../gateway/gateway-harness';
import request from 'supertest';
import { Member, saveCard, xhr } from '../purchase/purchase-harness';
import { OpsHarness, startOpsHarness } from '../operations/operations-harness';

let o: OpsHarness;
let market: INestMicroservice;
let queue: Queue;
let wallet: WalletLocalServer;
let superAdmin: Member;
let superAdminEmail: string;
let normalAdmin: Member;
let normalAdminEmail: string;

beforeAll(async () => {
  // an hour's inspection period: a moved trade waits for the buyer's receipt (or a dispute's resolution)
  Object.assign(process.env, { MARKET_SWEEP_EVERY_S: '0', MARKET_BACKOFF_MS: '50', MARKET_ATTEMPTS: '4', MARKET_COMMISSION_PERCENT: '10', MARKET_HOLD_S: '3600', MARKET_STALE_S: '60', MARKET_PAY_DEADLINE_S: '1800' });
  wallet = await startWalletLocal({ port: 0, clientId: 'wallet-client-market', clientSecret: 'wallet-secret-market' });
  Object.assign(process.env, { PAYPAL_CLIENT_ID: 'wallet-client-market', PAYPAL_CLIENT_SECRET: 'wallet-secret-market', PAYPAL_API_BASE: `http://127.0.0.1:${wallet.port}` });
  o = await startOpsHarness();
  await o.w.p.db.query('DROP SCHEMA IF EXISTS market CASCADE');
  market = await startService('market', MarketServiceModule, process.env.REDIS_URL);
  // the ledger outlives the market schema between spec files: trade ids of their own, so no trade meets another's keys
  await o.w.p.db.query(`SELECT setval('market.trades_id_seq', 1000000 + floor(random() * 1000000)::bigint)`);
  const r = redisOptions(process.env.REDIS_URL!);
  queue = new Queue(QueueName.Market, { connection: { host: r.host, port: r.port, password: r.password, db: r.db } });
  const s = await createAccount(o.w.p.h, { adminRole: 1 });
  superAdmin = { ...(await signIn(o.w.p.h, s)), userId: s.user.id };
  superAdminEmail = s.email;
  const n = await createAccount(o.w.p.h, { adminRole: 2 });
  normalAdmin = { ...(await signIn(o.w.p.h, n)), userId: n.user.id };
  normalAdminEmail = n.email;
}, 240_000);

afterAll(async () => {
  await queue?.close();
  await market?.close();
  await o?.close();
  await wallet?.close();
}, 60_000);

const q = async (sql: string, params: unknown[] = []) => (await o.w.p.db.query(sql, params)).rows;
const DAY = 24 * 3600_000;

async function held(c: Member): Promise<{ id: number; name: string }> {
  const [d] = await o.seed(c, 1);
  await q(`UPDATE domain_ops.domains SET created_at = now() - interval '100 days' WHERE id = $1`, [d!.id]);
  return d!;
}

async function list(c: Member, domainId: number, price: number, minOffer: number | null = null) {
  const r = await c.agent.post('/mypage/market/listing').set(xhr(c)).send({ domainId, price, minOffer, description: '', endsAt: new Date(Date.now() + 30 * DAY).toISOString() });
  if (r.status !== 200) throw new Error(`listing: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as { id: number; domain: string };
}

async function waitTrade(c: Member, id: number, until: (s: string) => boolean) {
  const end = Date.now() + 90_000;
  for (;;) {
    const r = await c.agent.get(`/market/trade/${id}`).set(xhr(c)).expect(200);
    if (until(r.body.status)) return r.body;
    if (Date.now() > end) throw new Error(`trade ${id} still ${r.body.status}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}
const ended = (s: string) => ['completed', 'refunded', 'cancelled'].includes(s);

/** The market's entries of a trade, and the card / wallet purchase entries of its session, read from the ledger. */
async function entriesOf(tradeId: number) {
  const k = tradeKeys(tradeId);
  const rows = await q('SELECT user_id, delta, idempotency_key FROM orders.point_entries WHERE idempotency_key = ANY($1::text[]) ORDER BY id', [[k.pay, k.refund, k.credit]]);
  return rows.map((r: any) => ({ userId: Number(r.user_id), delta: Number(r.delta), key: r.idempotency_key as string }));
}
async function sessionOf(tradeId: number) {
  const r = (await q(`SELECT id, provider, purpose, status, amount, points_used FROM orders.payment_sessions WHERE fingerprint = $1`, [`key:market-trade-${tradeId}`]))[0];
  return r ? { ...r, amount: Number(r.amount), points_used: Number(r.points_used) } : r;
}
async function purchasesOf(sessionId: string) {
  return (await q(`SELECT delta FROM orders.point_entries WHERE reference = $1 ORDER BY id`, [`payment_session:${sessionId}`])).map((r: any) => Number(r.delta));
}
async function ledgerConsistent(userId: number) {
  const sum = Number((await q('SELECT coalesce(sum(delta), 0) AS s FROM orders.point_entries WHERE user_id = $1', [userId]))[0].s);
  expect(await o.w.p.balance(userId)).toBe(sum);
}
async function emailOf(userId: number): Promise<string> {
  return (await q('SELECT email FROM identity.users WHERE id = $1', [userId]))[0].email;
}
async function owner(domainId: number) {
  return Number((await q('SELECT user_id FROM domain_ops.domains WHERE id = $1', [domainId]))[0].user_id);
}
/** The mails the local mail catcher received for an address (newest first). */
async function mailsTo(to: string): Promise<Array<{ subject: string; text: string }>> {
  return (await request(o.w.p.h.url).get(`/dev/mail/api/messages?to=${encodeURIComponent(to)}`)).body.messages ?? [];
}
async function waitMail(to: string, match: (m: { subject: string; text: string }) => boolean) {
  const end = Date.now() + 60_000;
  for (;;) {
    const m = (await mailsTo(to)).find(match);
    if (m) return m;
    if (Date.now() > end) throw new Error(`no such mail to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A listing with offers allowed, an offer of `amount` from a buyer holding `points`, accepted by the seller. */
async function acceptedOffer(price: number, amount: number, points: number) {
  const seller = await o.w.p.member();
  const buyer = await o.w.p.member(points);
  const d = await held(seller);
  const l = await list(seller, d.id, price, 1_000);
  const offer = (await buyer.agent.post(`/market/${l.id}/offer`).set(xhr(buyer)).send({ amount }).expect(200)).body;
  const r = (await seller.agent.post(`/mypage/market/offer/${offer.id}/answer`).set(xhr(seller)).send({ accept: true }).expect(200)).body;
  return { seller, buyer, d, l, offerId: Number(offer.id), id: Number(r.trade.id) };
}

/** Runs the market's sweep once (as the scheduler does every minute), and waits until its jobs have run. */
async function sweep(tag: string) {
  await queue.add(JobName.MarketSweep, {}, { jobId: `sweep-${tag}-${Date.now()}` });
  const end = Date.now() + 60_000;
  for (;;) {
    const c = await queue.getJobCounts('waiting', 'active', 'prioritized');
    if (c.waiting + c.active + c.prioritized === 0) return;
    if (Date.now() > end) throw new Error('market queue not idle');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('paying by card', () => {
  it('a card pays the whole price in one step: the points it buys go into escrow; after the receipt the seller is credited', async () => {
    const seller = await o.w.p.member();
    const buyer = await o.w.p.member();
    const d = await held(seller);
    const l = await list(seller, d.id, 12_000);
    const card = await saveCard(buyer);
    // the charge the page showed must be the charge: a changed amount is refused before anything is reserved
    const wrong = await buyer.agent.post(`/market/${l.id}/buy`).set(xhr(buyer)).send({ key: 'w', method: 'card', stripeCardId: card, amount: 11_000, pointsToUse: 0 });
    expect([wrong.status, wrong.body.message]).toEqual([422, MK.payAmountChanged]);
    expect((await q('SELECT count(*)::int AS n FROM market.trades WHERE listing_id = $1', [l.id]))[0].n).toBe(0);

    const r = await buyer.agent.post(`/market/${l.id}/buy`).set(xhr(buyer)).send({ key: 'c1', method: 'card', stripeCardId: card, amount: 12_000, pointsToUse: 0 }).expect(200);
    expect(r.body).toMatchObject({ pay_method: 'card', charge: 12_000, points_used: 0 });
    expect(r.body.payment_url ?? null).toBeNull();
    const moved = await waitTrade(buyer, r.body.id, (s) => s === 'moved' || ended(s));
    expect(moved.status).toBe('moved');
    expect(new Date(moved.release_at).getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    expect(await owner(d.id)).toBe(buyer.userId);
    // held for the inspection period: the seller has nothing yet, even when the credit step runs again
    await queue.add(JobName.MarketCredit, { tradeId: r.body.id }, { jobId: `early-credit-${r.body.id}` });
    await sweep('held');
    expect(await o.w.p.balance(seller.userId)).toBe(0);
    // the buyer confirms receipt: released now
    await buyer.agent.post(`/market/trade/${r.body.id}/receipt`).set(xhr(buyer)).send({}).expect(200);
    const done = await waitTrade(buyer, r.body.id, ended);
    expect(done.status).toBe('completed');
    expect(done.steps.map((s: { step: string; status: string }) => `${s.step}:${s.status}`)).toEqual(['order:done', 'pay:done', 'move:started', 'move:done', 'release:done', 'credit:started', 'credit:done']);
    const s = await sessionOf(r.body.id);
    expect(s).toMatchObject({ provider: 'card', purpose: 'market', status: 'used', amount: 12_000 });
    // the card bought exactly the price as points, the pay step spent them, the seller got the price less 10%
    expect(await purchasesOf(s.id)).toEqual([12_000]);
    expect(await entriesOf(r.body.id)).toEqual([
      { userId: buyer.userId, delta: -12_000, key: tradeKeys(r.body.id).pay },
      { userId: seller.userId, delta: 10_800, key: tradeKeys(r.body.id).credit },
    ]);
    expect(await o.w.p.balance(buyer.userId)).toBe(0);
    expect(await o.w.p.balance(seller.userId)).toBe(10_800);
    await ledgerConsistent(buyer.userId);
    await ledgerConsistent(seller.userId);
    // the buyer's statement names the market
    const st = (await buyer.agent.get('/mypage/account_statement').set(xhr(buyer)).expect(200)).body;
    expect(JSON.stringify(st)).toContain('ラッコポイント購入（ドメインマーケット）');
  });

  it('points first, the rest by card: the card is charged only the rest', async () => {
    const seller = await o.w.p.member();
    const buyer = await o.w.p.member(3_000);
    const d = await held(seller);
    const l = await list(seller, d.id, 10_000);
    const card = await saveCard(buyer);
    const r = await buyer.agent.post(`/market/${l.id}/buy`).set(xhr(buyer)).send({ key: 'mix', method: 'card', stripeCardId: card, amount: 7_000, pointsToUse: 3_000 }).expect(200);
    expect(r.body).toMatchObject({ charge: 7_000, points_used: 3_000 });
    await waitTrade(buyer, r.body.id, (st) => st === 'moved' || ended(st));
    expect((await sessionOf(r.body.id)).amount).toBe(7_000);
    expect(await o.w.p.balance(buyer.userId)).toBe(0);
    await ledgerConsistent(buyer.userId);
  });

  it('a refused card: 402 with the reason, the trade cancelled, the listing back on the market, nothing taken', async () => {
    const seller = await o.w.p.member();
    const buyer = await o.w.p.member();
    const d = await held(seller);
    const l = await list(seller, d.id, 5_000);
    const card = await saveCard(buyer, '4000000000000002');
    const r = await buyer.agent.post(`/market/${l.id}/buy`).set(xhr(buyer)).send({ key: 'no', method: 'card', stripeCardId: card, amount: 5_000, pointsToUse: 0 });
    expect(r.status).toBe(402);
    expect(r.body.message).toBeTruthy();
    const t = (await q('SELECT id, status FROM market.trades WHERE listing_id = $1', [l.id]))[0];
    expect(t.status).toBe('cancelled');
    expect((await q('SELECT status FROM market.listings WHERE id = $1', [l.id]))[0].status).toBe('active');
    expect(await entriesOf(Number(t.id))).toEqual([]);
    expect(await o.w.p.balance(buyer.userId)).toBe(0);
    expect(await owner(d.id)).toBe(seller.userId);
    // another member buys it with points
    const other = await o.w.p.member(5_000);
    const b = await other.agent.post(`/market/${l.id}/buy`).set(xhr(other)).send({ key: 'next' }).expect(200);
    expect((await waitTrade(other, b.body.id, (s) => s === 'moved' || ended(s))).status).toBe('moved');
  });

  it('3-D Secure: the buyer authenticates and comes back; a card paid while the process was gone is finished by the sweep', async () => {
    const seller = await o.w.p.member();
    const d = await held(seller);
    const l = await list(seller, d.id, 8_000);
    const buyer = await o.w.p.member();
    const card = await saveCard(buyer, '4000002500003155');
    const r = await buyer.agent.post(`/market/${l.id}/buy`).set(xhr(buyer)).send({ key: '3ds', method: 'card', stripeCardId: card, amount: 8_000, pointsToUse: 0 }).expect(200);
    expect(r.body.status).toBe('paying');
    expect(r.body.payment_url).toMatch(/^\/mypage\/stripe\/auth\?session_id=/);
    // the browser goes to the card company's page and approves
    const auth = (await buyer.agent.get(r.body.payment_url).set(xhr(buyer)).expect(200)).body;
    const approved = await fetch(auth.url, { method: 'POST', body: new URLSearchParams({ result: 'approve' }), redirect: 'manual' });
    const back = new URL(approved.headers.get('location')!);
    const after = (await buyer.agent.get(`${back.pathname}${back.search}`).set(xhr(buyer)).expect(200)).body;
    expect(new URL(after.url).pathname).toBe(`/market/trade/${r.body.id}`);
    // ... but the process dies before the trade page reports back: nothing runs the pay step, the buyer's points wait
    expect((await q('SELECT status FROM market.trades WHERE id = $1', [r.body.id]))[0].status).toBe('paying');
    // the sweep (every minute) finds the trade stale and runs the pay step: escrow, move, once
    await q(`UPDATE market.trades SET updated_at = now() - interval '5 minutes' WHERE id = $1`, [r.body.id]);
    await sweep('3ds');
    await sweep('3ds-again');
    const t = await waitTrade(buyer, r.body.id, (s) => s === 'moved' || ended(s));
    expect(t.status).toBe('moved');
    // the trade page's report arriving late changes nothing
    await buyer.agent.post(`/market/trade/${r.body.id}/confirm-payment`).set(xhr(buyer)).send({}).expect(200);
    expect(await entriesOf(r.body.id)).toEqual([{ userId: buyer.userId, delta: -8_000, key: tradeKeys(r.body.id).pay }]);
    expect(await o.w.p.balance(buyer.userId)).toBe(0);
    await ledgerConsistent(buyer.userId);
  });
});

describe('a process killed before the payment was asked for', () => {
  it('a card trade with no session: given up once stale, the listing back on the market, nothing taken', async () => {
    const seller = await o.w.p.member();
    const buyer = await o.w.p.member();
    const d = await held(seller);
    const l = await list(seller, d.id, 4_000);
    // the state a process leaves when it dies between reserving the listing and asking the orders service to charge
    const t = (await q(
      `INSERT INTO market.trades (listing_id, buyer_id, seller_id, domain_id, domain, price, commission, payout, status, request_key, pay_method, points_used, charge, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 4000, 400, 3600, 'paying', 'killed-card', 'card', 0, 4000, now() - interval '5 minutes', now() - interval '5 minutes') RETURNING id`,
      [l.id, buyer.userId, seller.userId, d.id, d.name],
    ))[0];
    await q(`UPDATE market.listings SET status = 'trading' WHERE id = $1`, [l.id]);
    await sweep('killed-card');
    const done = await waitTrade(buyer, Number(t.id), ended);
    expect([done.status, done.error]).toEqual(['cancelled', MK.paymentFailed]);
    expect((await q('SELECT status FROM market.listings WHERE id = $1', [l.id]))[0].status).toBe('active');
    expect(await entriesOf(Number(t.id))).toEqual([]);
    // the pay key is void: a spend arriving now (a step of the dead process waking up) is refused
    await o.w.p.grant(buyer.userId, 4_000);
    await expect(o.w.call('orders.point.spend', { userId: buyer.userId, amount: 4_000, idempotencyKey: tradeKeys(Number(t.id)).pay, reference: 'late' })).rejects.toBeTruthy();
    expect(await o.w.p.balance(buyer.userId)).toBe(4_000);
    await ledgerConsistent(buyer.userId);
  });
});

describe('paying by wallet', () => {
  it('a payment not made in time gives the trade up; the listing sells to someone else; the payment made after all is the buyer\'s points', async () => {
    const seller = await o.w.p.member();
    const d = await held(seller);
    const l = await list(seller, d.id, 9_000);
    const late = await o.w.p.member(1_000);
    const r = await late.agent.post(`/market/${l.id}/buy`).set(xhr(late)).send({ key: 'wl', method: 'wallet', amount: 8_000, pointsToUse: 1_000 }).expect(200);
    expect(new URL(r.body.payment_url).port).toBe(String(wallet.port));
    // someone else cannot buy while it is reserved
    const other = await o.w.p.member(9_000);
    expect((await other.agent.post(`/market/${l.id}/buy`).set(xhr(other)).send({ key: 'o1' })).status).toBe(409);
    // 30 minutes pass without the approval: the sweep gives the trade up
    await q(`UPDATE market.trades SET created_at = now() - interval '2 hours', updated_at = now() - interval '2 hours' WHERE id = $1`, [r.body.id]);
    await sweep('wallet-late');
    const cancelled = await waitTrade(late, r.body.id, ended);
    expect([cancelled.status, cancelled.error]).toEqual(['cancelled', MK.paymentTimedOut]);
    // the listing is sold to the other member meanwhile
    const b = await other.agent.post(`/market/${l.id}/buy`).set(xhr(other)).send({ key: 'o2' }).expect(200);
    expect((await waitTrade(other, b.body.id, (s) => s === 'moved' || ended(s))).status).toBe('moved');
    // now the late buyer approves at the wallet and comes back: the money becomes their points, not the trade's
    const approved = await fetch(r.body.payment_url, { method: 'POST', body: new URLSearchParams({ decision: 'approve' }), redirect: 'manual' });
    const back = new URL(approved.headers.get('location')!);
    const s = await sessionOf(r.body.id);
    const cap = await late.agent.post('/mypage/point/wallet/capture').set(xhr(late)).send({ session_id: s.id, order_id: back.searchParams.get('token') }).expect(200);
    expect(cap.body.status).toBe('paid');
    const t = (await late.agent.post(`/market/trade/${r.body.id}/confirm-payment`).set(xhr(late)).send({}).expect(200)).body;
    expect(t.status).toBe('cancelled');
    expect(t.steps.map((x: { step: string; status: string; message: string }) => `${x.step}:${x.status}:${x.message ?? ''}`)).toContain(`refund:done:${MK.paidAfterCancel}`);
    expect(await purchasesOf(s.id)).toEqual([8_000]);
    expect(await entriesOf(r.body.id)).toEqual([]);
    expect(await o.w.p.balance(late.userId)).toBe(9_000);
    expect(await owner(d.id)).toBe(other.userId);
    const bell = (await late.agent.get('/mypage/market/notices').set(xhr(late)).expect(200)).body;
    expect(bell.data.map((n: { title: string }) => n.title)).toContain(`${d.name}: 取消後のお支払いをポイントとしてお返ししました`);
    await ledgerConsistent(late.userId);
    await ledgerConsistent(other.userId);
  });
});

describe('paying an accepted offer', () => {
  it('an offer the points do not cover waits for the buyer, who pays the rest by card after the points: one session, the exact charge, credited once', async () => {
    const { seller, buyer, d, l, id } = await acceptedOffer(12_000, 9_000, 2_000);
    const t0 = (await buyer.agent.get(`/market/trade/${id}`).set(xhr(buyer)).expect(200)).body;
    expect(t0).toMatchObject({ status: 'paying', pay_method: null, price: 9_000 });
    expect(new Date(t0.pay_due_at).getTime()).toBeGreaterThan(Date.now() + 2 * DAY);
    // the pay step and the sweep leave it waiting for the buyer (nothing taken, nothing cancelled)
    await q(`UPDATE market.trades SET updated_at = now() - interval '5 minutes' WHERE id = $1`, [id]);
    await sweep('offer-wait');
    expect((await q('SELECT status, pay_method FROM market.trades WHERE id = $1', [id]))[0]).toEqual({ status: 'paying', pay_method: null });
    expect(await o.w.p.balance(buyer.userId)).toBe(2_000);
    // the listing is reserved for the buyer meanwhile; the seller cannot pay the buyer's trade
    const other = await o.w.p.member(12_000);
    expect((await other.agent.post(`/market/${l.id}/buy`).set(xhr(other)).send({ key: 'x' })).status).toBe(409);
    expect((await seller.agent.post(`/market/trade/${id}/pay`).set(xhr(seller)).send({ method: 'points' })).status).toBe(404);
    // points alone are short; a charge other than the one the page showed is refused before anything happens
    const short = await buyer.agent.post(`/market/trade/${id}/pay`).set(xhr(buyer)).send({ method: 'points' });
    expect([short.status, short.body.message]).toEqual([402, MK.insufficientPoints]);
    const card = await saveCard(buyer);
    const wrong = await buyer.agent.post(`/market/trade/${id}/pay`).set(xhr(buyer)).send({ method: 'card', stripeCardId: card, amount: 9_000, pointsToUse: 2_000 });
    expect([wrong.status, wrong.body.message]).toEqual([422, MK.payAmountChanged]);
    expect(await sessionOf(id)).toBeUndefined();
    // two tabs pay at the same moment: one payment, one charge
    const [a, b] = await Promise.all([0, 1].map(() => buyer.agent.post(`/market/trade/${id}/pay`).set(xhr(buyer)).send({ method: 'card', stripeCardId: card, amount: 7_000, pointsToUse: 2_000 })));
    expect([a!.status, b!.status]).toEqual([200, 200]);
    expect(a!.body).toMatchObject({ pay_method: 'card', charge: 7_000, points_used: 2_000 });
    await waitTrade(buyer, id, (s) => s === 'moved' || ended(s));
    const s = await sessionOf(id);
    expect(s).toMatchObject({ provider: 'card', purpose: 'market', status: 'used', amount: 7_000 });
    expect((await q(`SELECT count(*)::int AS n FROM orders.payment_sessions WHERE fingerprint = $1`, [`key:market-trade-${id}`]))[0].n).toBe(1);
    expect(await purchasesOf(s.id)).toEqual([7_000]);
    // paid: the trade takes no second payment
    const again = await buyer.agent.post(`/market/trade/${id}/pay`).set(xhr(buyer)).send({ method: 'wallet', amount: 7_000, pointsToUse: 2_000 });
    expect([again.status, again.body.message]).toEqual([409, MK.offerPayNotAwaited]);
    await buyer.agent.post(`/market/trade/${id}/receipt`).set(xhr(buyer)).send({}).expect(200);
    expect((await waitTrade(buyer, id, ended)).status).toBe('completed');
    expect(await owner(d.id)).toBe(buyer.userId);
    expect(await entriesOf(id)).toEqual([
      { userId: buyer.userId, delta: -9_000, key: tradeKeys(id).pay },
      { userId: seller.userId, delta: 8_100, key: tradeKeys(id).credit },
    ]);
    expect(await o.w.p.balance(buyer.userId)).toBe(0);
    expect(await o.w.p.balance(seller.userId)).toBe(8_100);
    await ledgerConsistent(buyer.userId);
    await ledgerConsistent(seller.userId);
  });

  it('a refused card takes nothing: the trade ends, the listing is back on the market, the offer ends', async () => {
    const { buyer, l, offerId, id } = await acceptedOffer(6_000, 5_000, 0);
    const card = await saveCard(buyer, '4000000000000002');
    const r = await buyer.agent.post(`/market/trade/${id}/pay`).set(xhr(buyer)).send({ method: 'card', stripeCardId: card, amount: 5_000, pointsToUse: 0 });
    expect(r.status).toBe(402);
    expect(r.body.message).toBeTruthy();
    expect((await q('SELECT status FROM market.trades WHERE id = $1', [id]))[0].status).toBe('cancelled');
    expect((await q('SELECT status FROM market.listings WHERE id = $1', [l.id]))[0].status).toBe('active');
    expect((await q('SELECT status FROM market.offers WHERE id = $1', [offerId]))[0].status).toBe('withdrawn');
    expect(await entriesOf(id)).toEqual([]);
    expect(await o.w.p.balance(buyer.userId)).toBe(0);
    await ledgerConsistent(buyer.userId);
  });

  it('3-D Secure passed while the process was gone: the sweep finishes the offer\'s trade once', async () => {
    const { buyer, d, id } = await acceptedOffer(10_000, 8_000, 0);
    const card = await saveCard(buyer, '4000002500003155');
    const r = (await buyer.agent.post(`/market/trade/${id}/pay`).set(xhr(buyer)).send({ method: 'card', stripeCardId: card, amount: 8_000, pointsToUse: 0 }).expect(200)).body;
    expect(r.payment_url).toMatch(/^\/mypage\/stripe\/auth\?session_id=/);
    const auth = (await buyer.agent.get(r.payment_url).set(xhr(buyer)).expect(200)).body;
    const approved = await fetch(auth.url, { method: 'POST', body: new URLSearchParams({ result: 'approve' }), redirect: 'manual' });
    const back = new URL(approved.headers.get('location')!);
    await buyer.agent.get(`${back.pathname}${back.search}`).set(xhr(buyer)).expect(200);
    expect((await q('SELECT status FROM market.trades WHERE id = $1', [id]))[0].status).toBe('paying');
    await q(`UPDATE market.trades SET updated_at = now() - interval '5 minutes' WHERE id = $1`, [id]);
    await sweep('offer-3ds');
    await sweep('offer-3ds-again');
    expect((await waitTrade(buyer, id, (s) => s === 'moved' || ended(s))).status).toBe('moved');
    await buyer.agent.post(`/market/trade/${id}/confirm-payment`).set(xhr(buyer)).send({}).expect(200);
    expect(await entriesOf(id)).toEqual([{ userId: buyer.userId, delta: -8_000, key: tradeKeys(id).pay }]);
    expect(await owner(d.id)).toBe(buyer.userId);
    expect(await o.w.p.balance(buyer.userId)).toBe(0);
    await ledgerConsistent(buyer.userId);
  });

  it('not paid by the due date: the trade ends (a payment then is refused), both sides are told, the listing is back', async () => {
    const { seller, buyer, l, id } = await acceptedOffer(7_000, 6_000, 0);
    await q(`UPDATE market.trades SET pay_due_at = now() - interval '1 minute', updated_at = now() - interval '5 minutes' WHERE id = $1`, [id]);
    await o.w.p.grant(buyer.userId, 6_000);
    // the buyer pays at the moment the sweep ends it: the due date has passed, so the payment is refused
    const [late] = await Promise.all([buyer.agent.post(`/market/trade/${id}/pay`).set(xhr(buyer)).send({ method: 'points' }), sweep('offer-due')]);
    expect([late!.status, late!.body.message]).toEqual([409, MK.offerPayNotAwaited]);
    const t = await waitTrade(buyer, id, ended);
    expect([t.status, t.error]).toEqual(['cancelled', MK.offerPayExpired]);
    expect((await q('SELECT status FROM market.listings WHERE id = $1', [l.id]))[0].status).toBe('active');
    expect(await entriesOf(id)).toEqual([]);
    expect(await o.w.p.balance(buyer.userId)).toBe(6_000);
    for (const c of [buyer, seller]) {
      const bell = (await c.agent.get('/mypage/market/notices').set(xhr(c)).expect(200)).body.data.map((n: { title: string }) => n.title);
      expect(bell).toContain(`${l.domain}: お支払い期限を過ぎたため取引を取り消しました`);
    }
    await ledgerConsistent(buyer.userId);
  });

  it('a super admin may end an accepted offer awaiting the buyer\'s payment (nothing was taken); a payment then is refused', async () => {
    const { buyer, l, id } = await acceptedOffer(5_000, 4_000, 0);
    expect((await normalAdmin.agent.post(`/admin/api/market/trade/${id}/cancel`).set(xhr(normalAdmin)).send({ reason: 'x' })).status).toBe(403);
    await superAdmin.agent.post(`/admin/api/market/trade/${id}/cancel`).set(xhr(superAdmin)).send({ reason: '出品者からの依頼により取り消します' }).expect(200);
    expect((await q('SELECT status FROM market.trades WHERE id = $1', [id]))[0].status).toBe('cancelled');
    expect((await q('SELECT status FROM market.listings WHERE id = $1', [l.id]))[0].status).toBe('active');
    await o.w.p.grant(buyer.userId, 4_000);
    const late = await buyer.agent.post(`/market/trade/${id}/pay`).set(xhr(buyer)).send({ method: 'points' });
    expect([late.status, late.body.message]).toEqual([409, MK.offerPayNotAwaited]);
    expect(await entriesOf(id)).toEqual([]);
    expect(await o.w.p.balance(buyer.userId)).toBe(4_000);
  });

  it('a wallet payment not made in time: the listing sells to someone else; the payment made after all is the buyer\'s points, and they are told', async () => {
    const { buyer, d, l, id } = await acceptedOffer(9_000, 8_500, 500);
    const r = (await buyer.agent.post(`/market/trade/${id}/pay`).set(xhr(buyer)).send({ method: 'wallet', amount: 8_000, pointsToUse: 500 }).expect(200)).body;
    expect(new URL(r.payment_url).port).toBe(String(wallet.port));
    // the payment's deadline counts from when the buyer began paying (not from the acceptance): not given up yet
    await q(`UPDATE market.trades SET created_at = now() - interval '2 days', updated_at = now() - interval '5 minutes' WHERE id = $1`, [id]);
    await sweep('offer-wallet-early');
    expect((await q('SELECT status FROM market.trades WHERE id = $1', [id]))[0].status).toBe('paying');
    await q(`UPDATE market.trades SET pay_started_at = now() - interval '2 hours', updated_at = now() - interval '2 hours' WHERE id = $1`, [id]);
    // the pay step as the next sweep runs it (one sweep puts a trade back on its step once per MARKET_STALE_S window)
    await queue.add(JobName.MarketPay, { tradeId: id }, { jobId: `offer-wallet-late-${id}` });
    await sweep('offer-wallet-late');
    expect([(await waitTrade(buyer, id, ended)).error]).toEqual([MK.paymentTimedOut]);
    const other = await o.w.p.member(9_000);
    const b = await other.agent.post(`/market/${l.id}/buy`).set(xhr(other)).send({ key: 'o' }).expect(200);
    expect((await waitTrade(other, b.body.id, (s) => s === 'moved' || ended(s))).status).toBe('moved');
    const approved = await fetch(r.payment_url, { method: 'POST', body: new URLSearchParams({ decision: 'approve' }), redirect: 'manual' });
    const back = new URL(approved.headers.get('location')!);
    const s = await sessionOf(id);
    expect((await buyer.agent.post('/mypage/point/wallet/capture').set(xhr(buyer)).send({ session_id: s.id, order_id: back.searchParams.get('token') }).expect(200)).body.status).toBe('paid');
    // the sweep's look at late payments tells the buyer (the trade page's report would too)
    await sweep('offer-wallet-paid-late');
    expect(await purchasesOf(s.id)).toEqual([8_000]);
    expect(await entriesOf(id)).toEqual([]);
    expect(await o.w.p.balance(buyer.userId)).toBe(8_500);
    expect(await owner(d.id)).toBe(other.userId);
    const bell = (await buyer.agent.get('/mypage/market/notices').set(xhr(buyer)).expect(200)).body.data.map((n: { title: string }) => n.title);
    expect(bell).toContain(`${d.name}: 取消後のお支払いをポイントとしてお返ししました`);
    await ledgerConsistent(buyer.userId);
    await waitMail(await emailOf(buyer.userId), (m) => m.subject.includes('お支払いをポイントとしてお返ししました'));
  }, 180_000);
});

describe('listings that end', () => {
  it('the end date passing expires the listing: off the market (404), 出品中 gone, the domain free for every operation', async () => {
    const seller = await o.w.p.member();
    const d = await held(seller);
    const l = await list(seller, d.id, 3_000);
    await q(`UPDATE market.listings SET ends_at = now() - interval '1 minute' WHERE id = $1`, [l.id]);
    // until the sweep has run, nobody can buy it either
    const buyer = await o.w.p.member(3_000);
    const early = await buyer.agent.post(`/market/${l.id}/buy`).set(xhr(buyer)).send({ key: 'late' });
    expect([early.status, early.body.message]).toEqual([409, MK.listingNotActive]);
    await sweep('expire');
    expect((await q('SELECT status, released_at FROM market.listings WHERE id = $1', [l.id]))[0]).toMatchObject({ status: 'expired', released_at: expect.any(Date) });
    expect((await q('SELECT market_listing_id FROM domain_ops.domains WHERE id = $1', [d.id]))[0].market_listing_id).toBeNull();
    expect((await buyer.agent.get(`/market/${l.id}`).set(xhr(buyer))).status).toBe(404);
    const rows = (await seller.agent.post('/mypage/domain/search').set(xhr(seller)).send({ key: d.name }).expect(200)).body.validDomains.data;
    expect(rows.find((x: { name: string }) => x.name === d.name)?.is_market_listed_flg).toBe(0);
  });
});

describe('disputes', () => {
  async function movedTrade(price = 20_000) {
    const seller = await o.w.p.member();
    const buyer = await o.w.p.member(price);
    const d = await held(seller);
    const l = await list(seller, d.id, price);
    const r = await buyer.agent.post(`/market/${l.id}/buy`).set(xhr(buyer)).send({ key: 'd' }).expect(200);
    await waitTrade(buyer, r.body.id, (s) => s === 'moved' || ended(s));
    return { seller, buyer, d, id: Number(r.body.id) };
  }

  it('a super admin cannot cancel a trade held by an open dispute: it is resolved, not left open beside a refund', async () => {
    const { buyer, id } = await movedTrade(7_000);
    await buyer.agent.post(`/market/trade/${id}/dispute`).set(xhr(buyer)).send({ reason: '届いたドメインが説明と違います' }).expect(200);
    // the state a dispute opened before the move leaves (the move waits for the resolution)
    await q(`UPDATE market.trades SET status = 'escrowed' WHERE id = $1`, [id]);
    const r = await superAdmin.agent.post(`/admin/api/market/trade/${id}/cancel`).set(xhr(superAdmin)).send({ reason: '取消' });
    expect([r.status, r.body.message]).toEqual([409, MK.disputeOpenCancel]);
    expect((await q('SELECT status FROM market.trades WHERE id = $1', [id]))[0].status).toBe('escrowed');
    expect((await q(`SELECT status FROM market.disputes WHERE trade_id = $1`, [id]))[0].status).toBe('open');
    expect(await o.w.p.balance(buyer.userId)).toBe(0);
    await q(`UPDATE market.trades SET status = 'moved' WHERE id = $1`, [id]);
  });

  it('the buyer disputes in the inspection period: a thread with the seller and a super admin, the escrow held, then refunded with the domain given back', async () => {
    const { seller, buyer, d, id } = await movedTrade();
    const empty = await buyer.agent.post(`/market/trade/${id}/dispute`).set(xhr(buyer)).send({ reason: '  ' });
    expect([empty.status, empty.body.message]).toEqual([422, MK.disputeReasonRequired]);
    const stranger = await o.w.p.member();
    expect((await stranger.agent.post(`/market/trade/${id}/dispute`).set(xhr(stranger)).send({ reason: 'x' })).status).toBe(404);
    const opened = (await buyer.agent.post(`/market/trade/${id}/dispute`).set(xhr(buyer)).send({ reason: '説明と違い、ドメインが迷惑メールのブラックリストに載っています' }).expect(200)).body;
    expect(opened).toMatchObject({ status: 'open', opener_role: 'buyer', messages: [{ author_role: 'buyer' }] });
    expect((await seller.agent.post(`/market/trade/${id}/dispute`).set(xhr(seller)).send({ reason: 'again' })).status).toBe(409);
    await seller.agent.post(`/market/trade/${id}/dispute/message`).set(xhr(seller)).send({ body: '出品時には載っていませんでした' }).expect(200);
    expect((await normalAdmin.agent.post(`/admin/api/market/trade/${id}/dispute/message`).set(xhr(normalAdmin)).send({ body: 'x' })).status).toBe(403);
    expect((await normalAdmin.agent.get('/admin/api/market/disputes').set(xhr(normalAdmin))).status).toBe(403);
    await superAdmin.agent.post(`/admin/api/market/trade/${id}/dispute/message`).set(xhr(superAdmin)).send({ body: '状況を確認しています' }).expect(200);
    const thread = (await buyer.agent.get(`/market/trade/${id}/dispute`).set(xhr(buyer)).expect(200)).body.dispute;
    expect(thread.messages.map((m: { author_role: string }) => m.author_role)).toEqual(['buyer', 'seller', 'admin']);
    // the escrow is held: neither the buyer's receipt nor the credit step releases it
    await buyer.agent.post(`/market/trade/${id}/receipt`).set(xhr(buyer)).send({}).expect(200);
    await queue.add(JobName.MarketCredit, { tradeId: id }, { jobId: `disputed-credit-${id}` });
    await q(`UPDATE market.trades SET release_at = now() - interval '1 minute', updated_at = now() - interval '5 minutes' WHERE id = $1`, [id]);
    await sweep('disputed');
    expect((await buyer.agent.get(`/market/trade/${id}`).set(xhr(buyer)).expect(200)).body).toMatchObject({ status: 'moved', dispute: { status: 'open' } });
    expect(await o.w.p.balance(seller.userId)).toBe(0);
    // the super admin sees it and refunds the buyer: the domain goes back to the seller first
    const list = (await superAdmin.agent.get('/admin/api/market/disputes').set(xhr(superAdmin)).expect(200)).body.data;
    expect(list.find((x: { trade_id: number }) => x.trade_id === id)).toMatchObject({ status: 'open', buyer_id: buyer.userId, seller_id: seller.userId });
    const bad = await superAdmin.agent.post(`/admin/api/market/trade/${id}/dispute/resolve`).set(xhr(superAdmin)).send({ outcome: 'refund', note: ' ' });
    expect([bad.status, bad.body.message]).toEqual([422, MK.resolutionRequired]);
    const resolved = (await superAdmin.agent.post(`/admin/api/market/trade/${id}/dispute/resolve`).set(xhr(superAdmin)).send({ outcome: 'refund', note: 'ブラックリスト掲載を確認したため返金します' }).expect(200)).body;
    expect(resolved.status).toBe('refunded');
    const done = await waitTrade(buyer, id, ended);
    expect(done.status).toBe('refunded');
    expect(await owner(d.id)).toBe(seller.userId);
    expect(await entriesOf(id)).toEqual([
      { userId: buyer.userId, delta: -20_000, key: tradeKeys(id).pay },
      { userId: buyer.userId, delta: 20_000, key: tradeKeys(id).refund },
    ]);
    expect(await o.w.p.balance(buyer.userId)).toBe(20_000);
    expect(await o.w.p.balance(seller.userId)).toBe(0);
    // closed: no more messages; both sides were told (bell)
    expect((await buyer.agent.post(`/market/trade/${id}/dispute/message`).set(xhr(buyer)).send({ body: 'x' })).status).toBe(409);
    const sellerBell = (await seller.agent.get('/mypage/market/notices').set(xhr(seller)).expect(200)).body.data.map((n: { title: string }) => n.title);
    expect(sellerBell).toEqual(expect.arrayContaining([`${d.name} の取引に異議が申し立てられました`, `${d.name} の異議申し立てが解決しました（購入者へ全額返金します）`]));
    await ledgerConsistent(buyer.userId);
    await ledgerConsistent(seller.userId);
  });

  it('every super admin is mailed and notified when a dispute opens and when a party writes in it; normal admins are not', async () => {
    const { seller, buyer, d, id } = await movedTrade(6_000);
    await buyer.agent.post(`/market/trade/${id}/dispute`).set(xhr(buyer)).send({ reason: 'ドメインのDNS設定が消えています' }).expect(200);
    const opened = await waitMail(superAdminEmail, (m) => m.subject.includes('異議申し立てがありました') && m.subject.includes(d.name));
    expect(opened.text).toContain(`取引番号 ${id}`);
    expect(opened.text).toContain('購入者から異議が申し立てられました');
    expect(opened.text).toContain('ドメインのDNS設定が消えています');
    expect(opened.text).toContain('/admin/market?status=disputed');
    await seller.agent.post(`/market/trade/${id}/dispute/message`).set(xhr(seller)).send({ body: '設定は出品時のままです' }).expect(200);
    const msg = await waitMail(superAdminEmail, (m) => m.subject.includes('異議申し立てにメッセージがあります') && m.subject.includes(d.name));
    expect(msg.text).toContain('出品者からメッセージが届きました');
    expect(msg.text).toContain('設定は出品時のままです');
    // the bell of the super admin shows both
    const bell = (await superAdmin.agent.get('/mypage/market/notices').set(xhr(superAdmin)).expect(200)).body;
    expect(bell.data.map((n: { title: string; link: string }) => [n.title, n.link])).toEqual(expect.arrayContaining([
      [`【運営】${d.name} の取引に異議申し立てがありました`, '/admin/market?status=disputed'],
      [`【運営】${d.name} の異議申し立てに出品者からメッセージがあります`, '/admin/market?status=disputed'],
    ]));
    // a super admin's own message goes to the parties, not back to the staff; the normal admin got nothing of it
    await superAdmin.agent.post(`/admin/api/market/trade/${id}/dispute/message`).set(xhr(superAdmin)).send({ body: '確認します' }).expect(200);
    await waitMail(await emailOf(buyer.userId), (m) => m.text.includes('確認します'));
    expect((await mailsTo(superAdminEmail)).filter((m) => m.subject.includes(d.name)).length).toBe(2);
    expect((await mailsTo(normalAdminEmail)).filter((m) => m.subject.includes(d.name))).toEqual([]);
    await superAdmin.agent.post(`/admin/api/market/trade/${id}/dispute/resolve`).set(xhr(superAdmin)).send({ outcome: 'release', note: '問題はありません' }).expect(200);
    await waitTrade(buyer, id, ended);
  });

  it('a seller\'s dispute released to the seller: credited at once; no dispute once the escrow is released', async () => {
    const { seller, buyer, id } = await movedTrade(10_000);
    await seller.agent.post(`/market/trade/${id}/dispute`).set(xhr(seller)).send({ reason: '購入者と連絡が取れません' }).expect(200);
    await superAdmin.agent.post(`/admin/api/market/trade/${id}/dispute/resolve`).set(xhr(superAdmin)).send({ outcome: 'release', note: '移動は完了しているため出品者へ支払います' }).expect(200);
    const done = await waitTrade(seller, id, ended);
    expect(done.status).toBe('completed');
    expect(await o.w.p.balance(seller.userId)).toBe(9_000);
    const late = await buyer.agent.post(`/market/trade/${id}/dispute`).set(xhr(buyer)).send({ reason: 'x' });
    expect(late.status).toBe(409);
    // a completed trade without a dispute: the window is closed
    const other = await movedTrade(5_000);
    await other.buyer.agent.post(`/market/trade/${other.id}/receipt`).set(xhr(other.buyer)).send({}).expect(200);
    await waitTrade(other.buyer, other.id, ended);
    const closed = await other.buyer.agent.post(`/market/trade/${other.id}/dispute`).set(xhr(other.buyer)).send({ reason: 'x' });
    expect([closed.status, closed.body.message]).toEqual([422, MK.disputeWindowClosed]);
    await ledgerConsistent(seller.userId);
  });
});
