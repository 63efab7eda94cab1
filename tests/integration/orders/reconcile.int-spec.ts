/**
 * Reconciliation (JobName.ReconcilePayments on the orders queue, the real BullMQ worker): with no webhook delivered and
 * no browser coming back, money taken by the card after 3-D Secure, or approved in the wallet, still becomes points —
 * once, however often the job runs.
 */
import { Queue, QueueEvents } from 'bullmq';
import request from 'supertest';
import { JobName, QueueName } from '@registrar/contracts';
import { redisOptions } from '@registrar/infra';
import { newUserId, OrdersHarness, startOrdersHarness } from './orders-harness';

let h: OrdersHarness;
let queue: Queue;
let events: QueueEvents;
beforeAll(async () => {
  h = await startOrdersHarness({ webhooks: false });
  const o = redisOptions(process.env.REDIS_URL!);
  const connection = { host: o.host, port: o.port, db: o.db, password: o.password, maxRetriesPerRequest: null };
  queue = new Queue(QueueName.Orders, { connection });
  events = new QueueEvents(QueueName.Orders, { connection });
  await events.waitUntilReady();
}, 120_000);
afterAll(async () => {
  await events?.close();
  await queue?.close();
  await h?.close();
});

const as = (userId: number) => ({ 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json', 'X-Test-User': String(userId) });

async function reconcile(): Promise<{ checked: number; paid: number; failed: number }> {
  const job = await queue.add(JobName.ReconcilePayments, {});
  return job.waitUntilFinished(events, 30_000);
}

async function registerCard(userId: number, number: string): Promise<string> {
  const start = await request(h.url).get('/mypage/stripe').set(as(userId)).expect(200);
  const submitted = await fetch(start.body.url, { method: 'POST', body: new URLSearchParams({ number, exp: '12/34', cvc: '123' }), redirect: 'manual' });
  const back = new URL(submitted.headers.get('location')!);
  return (await request(h.url).get(`${back.pathname}${back.search}`).set(as(userId)).expect(200)).body.card.id;
}

describe('payment reconciliation', () => {
  it('credits a 3-D Secure payment whose buyer never came back and whose webhook never came, once', async () => {
    const user = newUserId();
    const card = await registerCard(user, '4000002500003155');
    const r = await request(h.url).post('/mypage/point/domain/create/session').set(as(user)).send({ domains: [{ name: 'a.com', point: 2000 }], amount: 2000, stripeCardId: card }).expect(200);
    const auth = await request(h.url).get(r.body.authUrl).set(as(user)).expect(200);
    await fetch(auth.body.url, { method: 'POST', body: new URLSearchParams({ result: 'approve' }), redirect: 'manual' }); // the browser stops here
    expect(await h.balance(user)).toBe(0);
    expect(await reconcile()).toMatchObject({ paid: 1 });
    expect(await h.balance(user)).toBe(2000);
    expect(await reconcile()).toMatchObject({ paid: 0 });
    expect(await h.balance(user)).toBe(2000);
  });

  it('captures and credits a wallet order the buyer approved but never returned from', async () => {
    const user = newUserId();
    const created = await request(h.url).post('/mypage/point/domain/create/wallet').set(as(user)).send({ domains: [{ name: 'a.com', point: 900 }], amount: 900 }).expect(200);
    await fetch(created.body.approveUrl, { method: 'POST', body: new URLSearchParams({ decision: 'approve' }), redirect: 'manual' });
    expect(await h.balance(user)).toBe(0);
    await reconcile();
    expect(await h.balance(user)).toBe(900);
    // the buyer's late return changes nothing
    const late = await request(h.url).post('/mypage/point/wallet/capture').set(as(user)).send({ session_id: created.body.sessionId, order_id: created.body.orderId }).expect(200);
    expect(late.body.status).toBe('paid');
    expect(await h.balance(user)).toBe(900);
  });

  it('marks a session failed when the challenge failed and nothing else reported it', async () => {
    const user = newUserId();
    const card = await registerCard(user, '4000002500003155');
    const r = await request(h.url).post('/mypage/point/domain/create/session').set(as(user)).send({ domains: [{ name: 'a.com', point: 600 }], amount: 600, stripeCardId: card }).expect(200);
    const auth = await request(h.url).get(r.body.authUrl).set(as(user)).expect(200);
    await fetch(auth.body.url, { method: 'POST', body: new URLSearchParams({ result: 'fail' }), redirect: 'manual' });
    await reconcile();
    const s = await request(h.url).get(`/mypage/point/session/${r.body.sessionId}`).set(as(user)).expect(200);
    expect(s.body).toMatchObject({ status: 'failed', error: 'カードの本人認証（3Dセキュア）に失敗しました。' });
    expect(await h.balance(user)).toBe(0);
  });
});

describe('a lost answer from the card provider', () => {
  it('charged at Stripe but the answer never came: the member is told to retry later, and reconciliation credits it once', async () => {
    const user = newUserId();
    const card = await registerCard(user, '4242424242424242');
    h.stripe.failNext('/confirm', 10, 'after');
    const r = await request(h.url).post('/mypage/point/domain/create/session').set(as(user)).send({ domains: [{ name: 'a.com', point: 1200 }], amount: 1200, stripeCardId: card }).expect(200);
    expect(r.body).toMatchObject({ result: false, status: 'created', errors: ['エラーが発生しました（しばらくしてから再度お試しください）'] });
    expect(await h.balance(user)).toBe(0);
    h.stripe.failNext('/confirm', 0, 'after');
    await reconcile();
    expect(await h.balance(user)).toBe(1200);
    await reconcile();
    expect(await h.balance(user)).toBe(1200);
  });

  it('the charge never reached Stripe: nothing is taken and reconciliation closes the session as failed', async () => {
    const user = newUserId();
    const card = await registerCard(user, '4242424242424242');
    h.stripe.failNext('/confirm', 10, 'before');
    const r = await request(h.url).post('/mypage/point/domain/create/session').set(as(user)).send({ domains: [{ name: 'a.com', point: 800 }], amount: 800, stripeCardId: card }).expect(200);
    expect(r.body).toMatchObject({ result: false, status: 'created' });
    h.stripe.failNext('/confirm', 0, 'before');
    await reconcile();
    const s = await request(h.url).get(`/mypage/point/session/${r.body.sessionId}`).set(as(user)).expect(200);
    expect(s.body.status).toBe('failed');
    expect(await h.balance(user)).toBe(0);
    expect(h.stripe.events.filter((e) => e.type === 'payment_intent.succeeded' && e.data.object.metadata?.sessionId === r.body.sessionId)).toHaveLength(0);
  });
});
