/**
 * Wallet payments (PayPal-style Orders v2) end to end through the gateway and the orders service, against the local
 * wallet server: an order for one item 'points' in JPY, the buyer's approval page, the capture taken once, the points
 * credited once.
 */
import request from 'supertest';
import { CreateWalletSessionResult, OrdersPatterns } from '@registrar/contracts';
import { newUserId, OrdersHarness, startOrdersHarness } from './orders-harness';

let h: OrdersHarness;
beforeAll(async () => {
  h = await startOrdersHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const as = (userId: number) => ({ 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json', 'X-Test-User': String(userId) });
const post = (userId: number, path: string, body: object) => request(h.url).post(path).set(as(userId)).send(body);

async function approve(approveUrl: string, decision: 'approve' | 'cancel' = 'approve'): Promise<URL> {
  const r = await fetch(approveUrl, { method: 'POST', body: new URLSearchParams({ decision }), redirect: 'manual' });
  expect(r.status).toBe(303);
  return new URL(r.headers.get('location')!);
}

describe('wallet payment session', () => {
  it('buys exactly the shortfall (no 50-yen minimum), captured once after approval, credited once', async () => {
    const user = newUserId();
    await h.grant(user, 980);
    const created = await post(user, '/mypage/point/domain/create/wallet', { domains: [{ name: 'a.com', point: 1000 }], amount: 20 }).expect(200);
    expect(created.body).toMatchObject({ result: true, errors: [] });
    const page = await (await fetch(created.body.approveUrl)).text();
    expect(page).toContain('ウォレットでのお支払い');
    expect(page).toContain('points: 20円');
    // in Japanese, and from a wallet account only: no card funding offered (001 §7)
    expect(page).toContain('lang="ja-JP"');
    expect(page).not.toContain('data-funding="card"');
    const back = await approve(created.body.approveUrl);
    expect(back.pathname).toBe('/mypage/paypal/return');
    expect(back.searchParams.get('session_id')).toBe(created.body.sessionId);
    expect(back.searchParams.get('token')).toBe(created.body.orderId);
    const capture = { session_id: created.body.sessionId, order_id: back.searchParams.get('token') };
    const done = await post(user, '/mypage/point/wallet/capture', capture).expect(200);
    expect(done.body.status).toBe('paid');
    expect(new URL(done.body.url).searchParams.get('paymentResult')).toBe('success');
    expect(await h.balance(user)).toBe(1000);
    // a second capture (reload, double click) takes nothing and credits nothing
    expect((await post(user, '/mypage/point/wallet/capture', capture).expect(200)).body.status).toBe('paid');
    expect(await h.balance(user)).toBe(1000);
    const session = await request(h.url).get(`/mypage/point/session/${created.body.sessionId}`).set(as(user)).expect(200);
    expect(session.body).toMatchObject({ provider: 'wallet', status: 'paid', amount: 20, surplusPoints: 0 });
  });

  it('before approval the capture sends the buyer back to the approval page; cancelling returns to the app without points', async () => {
    const user = newUserId();
    const created = await post(user, '/mypage/point/domain/create/wallet', { domains: [{ name: 'a.com', point: 700 }], amount: 700 }).expect(200);
    const early = await post(user, '/mypage/point/wallet/capture', { session_id: created.body.sessionId, order_id: created.body.orderId }).expect(200);
    expect(early.body).toMatchObject({ status: 'requires_action', url: created.body.approveUrl });
    const cancelled = await approve(created.body.approveUrl, 'cancel');
    expect(cancelled.pathname).toBe('/mypage/search');
    expect(await h.balance(user)).toBe(0);
  });

  it('refuses another member, another order id, a changed amount', async () => {
    const user = newUserId();
    const created = await post(user, '/mypage/point/domain/create/wallet', { domains: [{ name: 'a.com', point: 700 }], amount: 700 }).expect(200);
    await approve(created.body.approveUrl);
    await post(newUserId(), '/mypage/point/wallet/capture', { session_id: created.body.sessionId, order_id: created.body.orderId }).expect(404);
    await post(user, '/mypage/point/wallet/capture', { session_id: created.body.sessionId, order_id: 'ABCDEF0123456789A' }).expect(404);
    const wrong = await post(user, '/mypage/point/domain/create/wallet', { domains: [{ name: 'a.com', point: 700 }], amount: 699 }).expect(200);
    expect(wrong.body).toMatchObject({ result: false, errors: ['お支払い金額が変わりました。画面を再読み込みしてください。'] });
    expect(await h.balance(user)).toBe(0);
  });

  it('a 50-yen card payment naming an unpaid 14,080-yen wallet session settles nothing (issue 23, finding 2)', async () => {
    const user = newUserId();
    const created = await post(user, '/mypage/point/domain/create/wallet', { domains: [{ name: 'a.com', point: 14_080 }], amount: 14_080 }).expect(200);
    const sessionId: string = created.body.sessionId;
    // anyone holding the local server's key makes a PaymentIntent that points at the member's session
    const stripeApi = (path: string, body: Record<string, string>) => fetch(`http://127.0.0.1:${h.stripe.port}${path}`, {
      method: 'POST', headers: { authorization: 'Bearer sk_test_integration', 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body),
    }).then((r) => r.json() as Promise<{ id: string; status: string }>);
    const pi = await stripeApi('/v1/payment_intents', { amount: '50', currency: 'jpy', payment_method: 'pm_card_visa', confirm: 'true', 'metadata[sessionId]': sessionId });
    expect(pi.status).toBe('succeeded');
    await h.stripe.flushWebhooks();
    // the webhook was delivered and handled...
    const { rows } = await h.db.query("SELECT count(*)::int AS n FROM orders.webhook_events WHERE type = 'payment_intent.succeeded'");
    expect(rows[0].n).toBeGreaterThan(0);
    // ...and the session is still unpaid, with no points
    const session = await request(h.url).get(`/mypage/point/session/${sessionId}`).set(as(user)).expect(200);
    expect(session.body).toMatchObject({ provider: 'wallet', status: 'requires_action' });
    expect(await h.balance(user)).toBe(0);
  });
  describe('keyed session (the domain market), asked for again', () => {
    const keyed = (userId: number, key: string, amount: number, point: number) => h.call<CreateWalletSessionResult>(OrdersPatterns.WalletSessionCreate, {
      userId, purpose: 'market', idempotencyKey: key, domains: [{ name: 'keyed.com', point }], amount, appUrl: 'http://app.test', redirectUrl: '/market/trade/1',
    });

    it('after the first was paid: answered with the first session (paid), not "not needed", and nothing is charged again', async () => {
      const user = newUserId();
      await h.grant(user, 980);
      const key = `market-trade-late-${user}`;
      const first = await keyed(user, key, 20, 1000);
      expect(first).toMatchObject({ result: true, errors: [] });
      const back = await approve(first.approveUrl!);
      const done = await post(user, '/mypage/point/wallet/capture', { session_id: first.sessionId, order_id: back.searchParams.get('token') }).expect(200);
      expect(done.body.status).toBe('paid');
      expect(await h.balance(user)).toBe(1000);
      // the balance now covers the order: a late duplicate of the keyed request is the first session, paid
      const again = await keyed(user, key, 20, 1000);
      expect(again).toMatchObject({ result: true, sessionId: first.sessionId, orderId: first.orderId, status: 'paid', approveUrl: null, errors: [] });
      expect(await h.balance(user)).toBe(1000);
      const { rows } = await h.db.query("SELECT count(*)::int AS n FROM orders.payment_sessions WHERE user_id = $1", [user]);
      expect(rows[0].n).toBe(1);
    });

    it('while the first awaits approval: answered with the first order\'s approval page, no second order', async () => {
      const user = newUserId();
      const key = `market-trade-open-${user}`;
      const first = await keyed(user, key, 700, 700);
      const again = await keyed(user, key, 700, 700);
      expect(again).toMatchObject({ result: true, sessionId: first.sessionId, orderId: first.orderId, approveUrl: first.approveUrl, status: 'requires_action' });
      await approve(again.approveUrl!);
      expect((await post(user, '/mypage/point/wallet/capture', { session_id: first.sessionId, order_id: first.orderId }).expect(200)).body.status).toBe('paid');
      expect(await h.balance(user)).toBe(700);
    });

    it('a key is the member\'s own: another member with the same key gets a session of their own, never the first one', async () => {
      const a = newUserId();
      const b = newUserId();
      const key = `market-trade-shared-${a}`;
      const first = await keyed(a, key, 700, 700);
      const other = await keyed(b, key, 700, 700);
      expect(other).toMatchObject({ result: true, status: 'requires_action', errors: [] });
      expect(other.sessionId).not.toBe(first.sessionId);
      expect(other.orderId).not.toBe(first.orderId);
      expect(other.approveUrl).not.toBe(first.approveUrl);
      // B cannot capture A's order, nor see A's session
      await post(b, '/mypage/point/wallet/capture', { session_id: first.sessionId, order_id: first.orderId }).expect(404);
      await request(h.url).get(`/mypage/point/session/${first.sessionId}`).set(as(b)).expect(404);
    });

    it('a key reused for another payment (other items, another amount) is refused, never answered with the first payment\'s session', async () => {
      const user = newUserId();
      const key = `market-trade-reused-${user}`;
      const first = await keyed(user, key, 700, 700);
      expect(first).toMatchObject({ result: true, status: 'requires_action' });
      // the same key for a payment of other items and another amount: not the first one's approval page
      const other = await h.call<CreateWalletSessionResult>(OrdersPatterns.WalletSessionCreate, {
        userId: user, purpose: 'market', idempotencyKey: key, domains: [{ name: 'another.com', point: 500 }], amount: 500, appUrl: 'http://app.test', redirectUrl: '/market/trade/2',
      });
      expect(other).toMatchObject({ result: false, sessionId: null, orderId: null, approveUrl: null });
      expect(other.errors).toHaveLength(1);
      // nor the same items for another amount
      const changed = await keyed(user, key, 500, 700);
      expect(changed).toMatchObject({ result: false, sessionId: null, approveUrl: null });
      // the first session is untouched and nothing else was made
      const { rows } = await h.db.query('SELECT id, status FROM orders.payment_sessions WHERE user_id = $1', [user]);
      expect(rows).toEqual([{ id: first.sessionId, status: 'requires_action' }]);
    });

    it('a different amount under no key is still refused as before (the look-up is for keyed sessions only)', async () => {
      const user = newUserId();
      await h.grant(user, 1000);
      const r = await post(user, '/mypage/point/domain/create/wallet', { domains: [{ name: 'a.com', point: 1000 }], amount: 20 }).expect(200);
      expect(r.body).toMatchObject({ result: false, errors: ['ポイントで全額お支払いいただけるため、カード決済は不要です。'] });
    });
  });
});
