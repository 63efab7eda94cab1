/**
 * Card payments end to end through the gateway's endpoints, the orders service and the official stripe SDK, against
 * the local Stripe-compatible server: card registration on the hosted page, a charge under the 50-yen rule, a
 * declined card, a 3-D Secure challenge passed and failed, signed webhooks (a bad signature refused, a duplicate
 * event handled once), and bank-transfer top-ups confirmed by an admin.
 */
import crypto from 'node:crypto';
import request from 'supertest';
import { CardListResult, CreatePaymentSessionResult, OffSessionChargeResult, OrdersPatterns, PointHistoryResult } from '@registrar/contracts';
import { newUserId, OrdersHarness, startOrdersHarness, WEBHOOK_SECRET } from './orders-harness';

let h: OrdersHarness;
beforeAll(async () => {
  process.env.BANK_TRANSFER_ACCOUNT = 'ラッコ銀行 本店営業部 普通 1234567 ラッコドメイン（カ';
  h = await startOrdersHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const XHR = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
const as = (userId: number) => ({ ...XHR, 'X-Test-User': String(userId) });
const get = (userId: number, path: string) => request(h.url).get(path).set(as(userId));
const post = (userId: number, path: string, body: object) => request(h.url).post(path).set(as(userId)).send(body);

/** Saves a card the way a member does: mypage/stripe gives the hosted page, the form is filled there, Stripe sends the browser back. */
async function registerCard(userId: number, number: string): Promise<string> {
  const start = await get(userId, '/mypage/stripe?redirect_url=%2Fmypage%2Fsearch%3Faction%3DcreateDomain').expect(200);
  expect(start.body.url).toMatch(new RegExp(`^${h.stripe.url}/checkout/cs_test_`));
  const page = await fetch(start.body.url);
  expect(await page.text()).toContain('カード情報の登録');
  const submitted = await fetch(start.body.url, { method: 'POST', body: new URLSearchParams({ number, exp: '12/34', cvc: '123' }), redirect: 'manual' });
  expect(submitted.status).toBe(303);
  const back = new URL(submitted.headers.get('location')!);
  expect(back.pathname).toBe('/mypage/stripe/complete');
  const done = await get(userId, `${back.pathname}${back.search}`).expect(200);
  expect(done.body.redirectUrl).toBe('/mypage/search?action=createDomain&cardRegistration=true');
  return done.body.card.id;
}

const domains = (...points: number[]) => points.map((point, i) => ({ name: `example${i}.com`, point, period: 1 }));

async function entriesOf(userId: number) {
  return (await h.call<PointHistoryResult>(OrdersPatterns.PointHistory, { userId, perPage: 100 })).data;
}

describe('card registration', () => {
  it('saves a card through the hosted page and lists it with the newest first', async () => {
    const user = newUserId();
    await registerCard(user, '4242 4242 4242 4242');
    await registerCard(user, '5555555555554444');
    const r = await get(user, '/mypage/credit_card/load').expect(200);
    expect((r.body as CardListResult).cards.map((c) => c.cardInfoText)).toEqual(['MASTERCARD **** 4444 (12/34)', 'VISA **** 4242 (12/34)']);
    // another member sees none of them
    expect((await get(newUserId(), '/mypage/credit_card/load').expect(200)).body).toEqual({ cards: [] });
  });

  it('returns only to a path of the app: a TAB, newline or backslash in redirect_url cannot make "//evil" (issue 23, finding 5)', async () => {
    const user = newUserId();
    for (const evil of ['/\t/evil.example', '/\n/evil.example', '/\\evil.example', '//evil.example', 'https://evil.example']) {
      const start = await get(user, `/mypage/stripe?redirect_url=${encodeURIComponent(evil)}`).expect(200);
      const submitted = await fetch(start.body.url, { method: 'POST', body: new URLSearchParams({ number: '4242424242424242', exp: '12/34', cvc: '123' }), redirect: 'manual' });
      const back = new URL(submitted.headers.get('location')!);
      expect([evil, back.searchParams.get('redirect_url')]).toEqual([evil, '/mypage/domain']);
      // the reviewer's call: the return page's own redirect_url, tampered
      back.searchParams.set('redirect_url', evil);
      const done = await get(user, `${back.pathname}${back.search}`).expect(200);
      expect([evil, done.body.redirectUrl]).toEqual([evil, '/mypage/domain?cardRegistration=true']);
    }
  });

  it('refuses a wrong card number on the hosted page', async () => {
    const user = newUserId();
    const start = await get(user, '/mypage/stripe').expect(200);
    const r = await fetch(start.body.url, { method: 'POST', body: new URLSearchParams({ number: '4242424242424241', exp: '12/34', cvc: '123' }), redirect: 'manual' });
    expect(r.status).toBe(400);
    expect(await r.text()).toContain('カード情報が正しくありません。');
  });

  it('will not record another member\'s checkout', async () => {
    const owner = newUserId();
    const start = await get(owner, '/mypage/stripe').expect(200);
    const submitted = await fetch(start.body.url, { method: 'POST', body: new URLSearchParams({ number: '4242424242424242', exp: '12/34', cvc: '123' }), redirect: 'manual' });
    const back = new URL(submitted.headers.get('location')!);
    const thief = newUserId();
    await get(thief, '/mypage/stripe'); // the thief has a customer too
    await get(thief, `${back.pathname}${back.search}`).expect(404);
  });

  it('is for members only', async () => {
    await request(h.url).get('/mypage/credit_card/load').set(XHR).expect(401);
    await request(h.url).get('/user/point').set(XHR).expect(401);
  });
});

describe('card payment session (POST mypage/point/domain/create/session)', () => {
  it('charges a 20-yen shortfall as 50 yen, credits the 30-yen surplus, and the webhook does not credit again', async () => {
    const user = newUserId();
    await h.grant(user, 980);
    const card = await registerCard(user, '4242424242424242');
    const r = await post(user, '/mypage/point/domain/create/session', { domains: domains(600, 400), amount: 50, stripeCardId: card }).expect(200);
    const body = r.body as CreatePaymentSessionResult;
    expect(body).toMatchObject({ result: true, errors: [], status: 'paid', minimumApplied: true, surplusPoints: 30 });
    expect((await get(user, '/user/point').expect(200)).body).toEqual({ data: { point: 1030 } });
    await h.stripe.flushWebhooks();
    const pi = h.stripe.events.find((e) => e.type === 'payment_intent.succeeded' && e.data.object.metadata?.sessionId === body.sessionId);
    expect(pi?.data.object).toMatchObject({ amount: 50, currency: 'jpy', status: 'succeeded' });
    expect(await h.balance(user)).toBe(1030);
    const kinds = (await entriesOf(user)).map((e) => [e.kind, e.delta]);
    expect(kinds).toEqual([['card_surplus', 30], ['purchase', 20], ['grant', 980]]);
    // the purchase can now spend the whole total from points and 30 points stay
    await h.call(OrdersPatterns.PointSpend, { userId: user, amount: 1000, idempotencyKey: `order-${body.sessionId}` });
    expect(await h.balance(user)).toBe(30);
    const session = await get(user, `/mypage/point/session/${body.sessionId}`).expect(200);
    expect(session.body).toMatchObject({ status: 'paid', amount: 50, total: 1000, pointsUsed: 980, surplusPoints: 30, domains: domains(600, 400) });
  });

  it('charges a shortfall of 50 or more exactly, with no surplus', async () => {
    const user = newUserId();
    const card = await registerCard(user, '4242424242424242');
    const r = await post(user, '/mypage/point/domain/create/session', { domains: domains(1500), amount: 1500, stripeCardId: card }).expect(200);
    expect(r.body).toMatchObject({ result: true, status: 'paid', minimumApplied: false, surplusPoints: 0 });
    expect(await h.balance(user)).toBe(1500);
  });

  it('answers result false with the reason when the amount no longer matches, no card is chosen, or points already cover it', async () => {
    const user = newUserId();
    await h.grant(user, 100);
    const card = await registerCard(user, '4242424242424242');
    const wrong = await post(user, '/mypage/point/domain/create/session', { domains: domains(1000), amount: 1000, stripeCardId: card }).expect(200);
    expect(wrong.body).toEqual({ result: false, sessionId: null, errors: ['お支払い金額が変わりました。画面を再読み込みしてください。'] });
    const noCard = await post(user, '/mypage/point/domain/create/session', { domains: domains(1000), amount: 900, stripeCardId: '' }).expect(200);
    expect(noCard.body.errors).toEqual(['カードを選択してください']);
    const foreign = await post(user, '/mypage/point/domain/create/session', { domains: domains(1000), amount: 900, stripeCardId: 'pm_card_visa' }).expect(200);
    expect(foreign.body.errors).toEqual(['選択されたカードが見つかりません。カードを登録し直してください。']);
    const covered = await post(user, '/mypage/point/domain/create/session', { domains: domains(60), amount: 0, stripeCardId: card }).expect(200);
    expect(covered.body.errors).toEqual(['ポイントで全額お支払いいただけるため、カード決済は不要です。']);
    await post(user, '/mypage/point/domain/create/session', { domains: [], amount: 0, stripeCardId: card }).expect(400);
    expect(await h.balance(user)).toBe(100);
  });

  it('the same payment submitted twice at once (double click, two tabs) is charged once', async () => {
    const user = newUserId();
    const card = await registerCard(user, '4242424242424242');
    const body = { domains: domains(800, 700), amount: 1500, stripeCardId: card };
    const [a, b] = await Promise.all([post(user, '/mypage/point/domain/create/session', body), post(user, '/mypage/point/domain/create/session', body)]);
    expect(a.body.result && b.body.result).toBe(true);
    expect(a.body.sessionId).toBe(b.body.sessionId);
    await h.stripe.flushWebhooks();
    expect(h.stripe.events.filter((e) => e.type === 'payment_intent.succeeded' && e.data.object.metadata?.sessionId === a.body.sessionId)).toHaveLength(1);
    expect(await h.balance(user)).toBe(1500);
    // once the purchase has used it, the same order may be paid again
    await h.call(OrdersPatterns.PointSpend, { userId: user, amount: 1500, idempotencyKey: `order-${a.body.sessionId}` });
    const consumed = await Promise.all([1, 2].map(() => h.call<{ consumed: boolean }>(OrdersPatterns.PaymentSessionConsume, { userId: user, sessionId: a.body.sessionId })));
    expect(consumed.map((c) => c.consumed).sort()).toEqual([false, true]);
    const again = await post(user, '/mypage/point/domain/create/session', body).expect(200);
    expect(again.body.sessionId).not.toBe(a.body.sessionId);
    expect(await h.balance(user)).toBe(1500);
  });

  it('the same payment submitted again after the first was paid (a late second click, a second tab) is answered with the first, not "not needed"', async () => {
    // The points the first one bought now cover the order, so the balance alone would say "no card payment needed".
    // Two submissions at once meet this whenever one is handled after the other has been credited.
    const user = newUserId();
    const card = await registerCard(user, '4242424242424242');
    const body = { domains: domains(800, 700), amount: 1500, stripeCardId: card };
    const first = await post(user, '/mypage/point/domain/create/session', body).expect(200);
    expect(first.body).toMatchObject({ result: true, status: 'paid' });
    const second = await post(user, '/mypage/point/domain/create/session', body).expect(200);
    expect(second.body).toMatchObject({ result: true, status: 'paid', sessionId: first.body.sessionId, minimumApplied: false, surplusPoints: 0, errors: [] });
    await h.stripe.flushWebhooks();
    expect(h.stripe.events.filter((e) => e.type === 'payment_intent.succeeded' && e.data.object.metadata?.userId === String(user))).toHaveLength(1);
    expect(await h.balance(user)).toBe(1500);
    // a different order that the balance covers is still refused as not needing the card
    const other = await post(user, '/mypage/point/domain/create/session', { domains: domains(1000), amount: 1000, stripeCardId: card }).expect(200);
    expect(other.body).toEqual({ result: false, sessionId: null, errors: ['ポイントで全額お支払いいただけるため、カード決済は不要です。'] });
    // once the purchase has used it, the balance is spent and the same order is a new payment
    await h.call(OrdersPatterns.PointSpend, { userId: user, amount: 1500, idempotencyKey: `order-${first.body.sessionId}` });
    await h.call(OrdersPatterns.PaymentSessionConsume, { userId: user, sessionId: first.body.sessionId });
    const again = await post(user, '/mypage/point/domain/create/session', body).expect(200);
    expect(again.body.result).toBe(true);
    expect(again.body.sessionId).not.toBe(first.body.sessionId);
  });

  it('a 50-yen minimum payment submitted again after it was paid keeps minimumApplied and its surplus', async () => {
    const user = newUserId();
    await h.grant(user, 980);
    const card = await registerCard(user, '4242424242424242');
    const body = { domains: domains(1000), amount: 50, stripeCardId: card };
    const first = await post(user, '/mypage/point/domain/create/session', body).expect(200);
    expect(first.body).toMatchObject({ result: true, status: 'paid', minimumApplied: true, surplusPoints: 30 });
    const second = await post(user, '/mypage/point/domain/create/session', body).expect(200);
    expect(second.body).toMatchObject({ result: true, sessionId: first.body.sessionId, minimumApplied: true, surplusPoints: 30 });
    await h.stripe.flushWebhooks();
    expect(await h.balance(user)).toBe(1030);
  });

  it('a declined card: result false with the card message, no points', async () => {
    const user = newUserId();
    await h.grant(user, 200);
    const card = await registerCard(user, '4000000000000002');
    const r = await post(user, '/mypage/point/domain/create/session', { domains: domains(1200), amount: 1000, stripeCardId: card }).expect(200);
    expect(r.body).toMatchObject({ result: false, status: 'failed', errors: ['カードが拒否されました。別のカードをお試しください。'] });
    await h.stripe.flushWebhooks();
    expect(await h.balance(user)).toBe(200);
    expect((await get(user, `/mypage/point/session/${r.body.sessionId}`).expect(200)).body).toMatchObject({ status: 'failed', error: 'カードが拒否されました。別のカードをお試しください。' });
  });

  it('a 3-D Secure card: the browser is sent to the challenge, approves it, comes back, and the points arrive once', async () => {
    const user = newUserId();
    const card = await registerCard(user, '4000002500003155');
    const r = await post(user, '/mypage/point/domain/create/session', { domains: domains(3000), amount: 3000, stripeCardId: card, redirect_url: '/mypage/search?action=createDomain' }).expect(200);
    expect(r.body).toMatchObject({ result: true, status: 'requires_action' });
    expect(r.body.authUrl).toBe(`/mypage/stripe/auth?session_id=${r.body.sessionId}&redirect_url=%2Fmypage%2Fsearch%3Faction%3DcreateDomain`);
    expect(await h.balance(user)).toBe(0);
    // mypage/stripe/auth: where to go -> the authentication page
    const auth = await get(user, r.body.authUrl).expect(200);
    expect(auth.body).toMatchObject({ status: 'requires_action' });
    expect(auth.body.url).toMatch(new RegExp(`^${h.stripe.url}/3ds/pi_`));
    expect(await (await fetch(auth.body.url)).text()).toContain('3-D セキュア認証');
    const approved = await fetch(auth.body.url, { method: 'POST', body: new URLSearchParams({ result: 'approve' }), redirect: 'manual' });
    expect(approved.status).toBe(303);
    const back = new URL(approved.headers.get('location')!);
    expect(back.pathname).toBe('/mypage/stripe/auth');
    expect(back.searchParams.get('session_id')).toBe(r.body.sessionId);
    // the page calls mypage/stripe/auth again on its way back: settled, return to the purchase
    const done = await get(user, `${back.pathname}${back.search}`).expect(200);
    expect(done.body.status).toBe('paid');
    const to = new URL(done.body.url);
    expect(`${to.pathname}`).toBe('/mypage/search');
    expect(Object.fromEntries(to.searchParams)).toEqual({ action: 'createDomain', payment_session: r.body.sessionId, paymentResult: 'success' });
    await h.stripe.flushWebhooks();
    expect(await h.balance(user)).toBe(3000);
    expect((await entriesOf(user)).filter((e) => e.kind === 'purchase')).toHaveLength(1);
  });

  it('a 3-D Secure challenge that fails: back with paymentResult=failed and no points', async () => {
    const user = newUserId();
    const card = await registerCard(user, '4000002500003155');
    const r = await post(user, '/mypage/point/domain/create/session', { domains: domains(700), amount: 700, stripeCardId: card }).expect(200);
    const auth = await get(user, r.body.authUrl).expect(200);
    const failed = await fetch(auth.body.url, { method: 'POST', body: new URLSearchParams({ result: 'fail' }), redirect: 'manual' });
    const back = new URL(failed.headers.get('location')!);
    const done = await get(user, `${back.pathname}${back.search}`).expect(200);
    expect(done.body).toMatchObject({ status: 'failed', error: 'カードの本人認証（3Dセキュア）に失敗しました。' });
    expect(new URL(done.body.url).searchParams.get('paymentResult')).toBe('failed');
    await h.stripe.flushWebhooks();
    expect(await h.balance(user)).toBe(0);
  });

  it('the renewal variant keeps its reserved fields and returns to the renewal modal', async () => {
    const user = newUserId();
    const card = await registerCard(user, '4000002500003155');
    const r = await post(user, '/mypage/point/domain/renew/session', {
      domains: [{ name: 'renew-me.com', point: 1800, period: 2 }], amount: 1800, stripeCardId: card,
      resultRenewDomains: [{ name: 'renew-me.com', years: 2 }], withAutoUpdate: true, allUpdateDuration: 2,
    }).expect(200);
    expect(r.body).toMatchObject({ result: true, status: 'requires_action' });
    expect(r.body.authUrl).toContain('redirect_url=%2Fmypage%2Fdomain%3Faction%3DrenewDomain');
    const s = await get(user, `/mypage/point/session/${r.body.sessionId}`).expect(200);
    expect(s.body).toMatchObject({ purpose: 'renew', resultRenewDomains: [{ name: 'renew-me.com', years: 2 }], withAutoUpdate: true, allUpdateDuration: 2 });
  });

  it('the transfer-in variant buys exactly the amount asked (at least 50 yen)', async () => {
    const user = newUserId();
    await h.grant(user, 400);
    const card = await registerCard(user, '4242424242424242');
    const r = await post(user, '/mypage/point/domain/transfer/session', { amount: 2600, stripeCardId: card }).expect(200);
    expect(r.body).toMatchObject({ result: true, status: 'paid', surplusPoints: 0 });
    expect(await h.balance(user)).toBe(3000);
    await post(user, '/mypage/point/domain/transfer/session', { amount: 49, stripeCardId: card }).expect(400);
  });

  it('another member cannot read or drive someone else\'s session', async () => {
    const user = newUserId();
    const card = await registerCard(user, '4000002500003155');
    const r = await post(user, '/mypage/point/domain/create/session', { domains: domains(700), amount: 700, stripeCardId: card }).expect(200);
    const other = newUserId();
    await get(other, `/mypage/point/session/${r.body.sessionId}`).expect(404);
    await get(other, r.body.authUrl).expect(404);
  });
});

describe('off-session card charge (auto-renew)', () => {
  const charge = (userId: number, amount: number, idempotencyKey: string) => h.call<OffSessionChargeResult>(OrdersPatterns.CardChargeOffSession, { userId, amount, idempotencyKey, purpose: 'renew', reference: 'renew-me.com' });

  it('charges the newest card once per key and credits the points', async () => {
    const user = newUserId();
    await registerCard(user, '4242424242424242');
    const [a, b] = await Promise.all([charge(user, 1500, `autorenew-${user}`), charge(user, 1500, `autorenew-${user}`)]);
    expect(a).toMatchObject({ result: true, errorCode: null, error: null });
    expect(b.sessionId).toBe(a.sessionId);
    expect(await charge(user, 1500, `autorenew-${user}`)).toMatchObject({ result: true, sessionId: a.sessionId });
    expect(await h.balance(user)).toBe(1500);
  });

  it('answers error code 100 without a card, and fails a card that needs the member to authenticate', async () => {
    expect(await charge(newUserId(), 900, 'k')).toEqual({ result: false, sessionId: null, errorCode: 100, error: 'カード情報を登録してください' });
    const user = newUserId();
    await registerCard(user, '4000002500003155');
    expect(await charge(user, 900, `autorenew-${user}`)).toMatchObject({ result: false, errorCode: null, error: 'カードの本人認証（3Dセキュア）に失敗しました。' });
    expect(await h.balance(user)).toBe(0);
  });
});

describe('Stripe webhook (POST stripe/webhook)', () => {
  const sign = (payload: string, secret = WEBHOOK_SECRET, t = Math.floor(Date.now() / 1000)) =>
    `t=${t},v1=${crypto.createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
  const event = (id: string) => JSON.stringify({ id, object: 'event', type: 'customer.created', created: 1, data: { object: { id: 'cus_x', object: 'customer' } } }, null, 2);

  it('refuses a bad signature, a missing one, a stale one and a tampered body', async () => {
    const payload = event(`evt_bad_${Date.now()}`);
    await request(h.url).post('/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', sign(payload, 'whsec_wrong')).send(payload).expect(400);
    await request(h.url).post('/stripe/webhook').set('Content-Type', 'application/json').send(payload).expect(400);
    await request(h.url).post('/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', sign(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600)).send(payload).expect(400);
    await request(h.url).post('/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', sign(payload)).send(payload.replace('cus_x', 'cus_y')).expect(400);
    const { rows } = await h.db.query('SELECT count(*)::int AS n FROM orders.webhook_events WHERE event_id LIKE $1', ['evt_bad_%']);
    expect(rows[0].n).toBe(0);
  });

  it('accepts a signed event over the exact raw bytes, and handles a redelivery once', async () => {
    const id = `evt_ok_${Date.now()}`;
    const payload = event(id);
    await request(h.url).post('/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', sign(payload)).send(payload).expect(200, { received: true });
    await request(h.url).post('/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', sign(payload)).send(payload).expect(200, { received: true });
    const { rows } = await h.db.query('SELECT count(*)::int AS n FROM orders.webhook_events WHERE event_id = $1', [id]);
    expect(rows[0].n).toBe(1);
  });

  it('the local Stripe server\'s own deliveries verify', async () => {
    await h.stripe.flushWebhooks();
    const { rows } = await h.db.query("SELECT count(*)::int AS n FROM orders.webhook_events WHERE type = 'payment_intent.succeeded'");
    expect(rows[0].n).toBeGreaterThan(0);
  });
});

describe('bank transfer top-up', () => {
  it('is pending until an admin confirms receipt, then credits the points once', async () => {
    const user = newUserId();
    const t = await post(user, '/mypage/point/bank_transfer', { amount: 5000 }).expect(200);
    expect(t.body).toMatchObject({ userId: user, amount: 5000, status: 'pending' });
    expect(t.body.reference).toMatch(/^\d{8}$/);
    expect(await h.balance(user)).toBe(0);
    // a member is not an admin
    await request(h.url).post(`/admin/point/bank_transfer/${t.body.id}/confirm`).set(as(user)).expect(403);
    // a normal admin neither lists nor confirms (it credits points: super only)
    const normal = { ...as(newUserId()), 'X-Test-Admin': '2' };
    await request(h.url).get('/admin/point/bank_transfer?status=pending').set(normal).expect(403);
    await request(h.url).post(`/admin/point/bank_transfer/${t.body.id}/confirm`).set(normal).expect(403);
    const admin = { ...as(newUserId()), 'X-Test-Admin': '1' };
    const pending = await request(h.url).get('/admin/point/bank_transfer?status=pending').set(admin).expect(200);
    expect(pending.body.topUps.map((x: { id: number }) => x.id)).toContain(t.body.id);
    const confirmed = await request(h.url).post(`/admin/point/bank_transfer/${t.body.id}/confirm`).set(admin).expect(200);
    expect(confirmed.body).toMatchObject({ status: 'confirmed' });
    await request(h.url).post(`/admin/point/bank_transfer/${t.body.id}/confirm`).set(admin).expect(200);
    expect(await h.balance(user)).toBe(5000);
    expect((await entriesOf(user)).map((e) => e.kind)).toEqual(['bank_transfer']);
    // the member's own list (the ラッコポイント page): the request with its reference and state, and where to pay
    const mine = (await request(h.url).get('/mypage/point/bank_transfer').set(as(user)).expect(200)).body;
    expect(mine.account).toBe('ラッコ銀行 本店営業部 普通 1234567 ラッコドメイン（カ');
    expect(mine.topUps).toEqual([expect.objectContaining({ id: t.body.id, reference: t.body.reference, amount: 5000, status: 'confirmed' })]);
    expect((await request(h.url).get('/mypage/point/bank_transfer').set(as(newUserId())).expect(200)).body.topUps).toEqual([]);
  });

  it('refuses an amount out of range with a clear message', async () => {
    const r = await post(newUserId(), '/mypage/point/bank_transfer', { amount: 500 }).expect(422);
    expect(r.body.message).toBe('お振込金額は1,000円以上1,000,000円以下でご指定ください');
  });
});
