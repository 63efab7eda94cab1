/**
 * The money endpoints behind the real gateway (identity, sessions, CSRF, RolesGuard) and the real orders service:
 * guests are refused, a member who is not yet verified may save a card and fill a cart but not buy, a verified member
 * buys, a super admin (with two-factor) confirms a bank transfer that a member and a normal admin may not, and one member cannot reach
 * another's payment session.
 */
import 'reflect-metadata';
import { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { startService } from '@registrar/infra';
import { OrdersServiceModule } from '@registrar/orders';
import { startStripeLocal, StripeLocalServer } from '@registrar/stripe-local';
import { createAccount, Harness, signIn, startHarness } from '../gateway/gateway-harness';

let h: Harness;
let stripe: StripeLocalServer;
let orders: INestMicroservice;
let db: Client;

beforeAll(async () => {
  db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  await db.query('DROP SCHEMA IF EXISTS orders CASCADE');
  stripe = await startStripeLocal({ port: 0, secretKey: 'sk_test_access', webhookSecret: 'whsec_access' });
  Object.assign(process.env, { STRIPE_SECRET_KEY: 'sk_test_access', STRIPE_WEBHOOK_SECRET: 'whsec_access', STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(stripe.port), STRIPE_API_PROTOCOL: 'http', ORDERS_RECONCILE_EVERY_S: '0' });
  orders = await startService('orders', OrdersServiceModule, process.env.REDIS_URL);
  h = await startHarness();
}, 120_000);

afterAll(async () => {
  await h?.close();
  await orders?.close();
  await stripe?.close();
  await db?.end();
}, 90_000);

type Signed = Awaited<ReturnType<typeof signIn>>;
const xhr = (c: Signed) => ({ 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': c.token(), Accept: 'application/json' });

async function saveCard(c: Signed, number: string): Promise<string> {
  const start = await c.agent.get('/mypage/stripe?redirect_url=%2Fmypage%2Fsearch').set(xhr(c)).expect(200);
  const submitted = await fetch(start.body.url, { method: 'POST', body: new URLSearchParams({ number, exp: '12/34', cvc: '123' }), redirect: 'manual' });
  const back = new URL(submitted.headers.get('location')!);
  return (await c.agent.get(`${back.pathname}${back.search}`).set(xhr(c)).expect(200)).body.card.id;
}

describe('money endpoints behind the real gateway', () => {
  it('a member not yet verified may save a card, read points and use the cart, but not buy', async () => {
    const account = await createAccount(h);
    const c = await signIn(h, account);
    expect((await c.agent.get('/user/point').set(xhr(c)).expect(200)).body).toEqual({ data: { point: 0 } });
    const card = await saveCard(c, '4242424242424242');
    // the cart is open to members (the catalog service is not running here: the cart says it could not add)
    const cart = await c.agent.post('/mypage/cart/add').set(xhr(c)).send({ domainNames: ['example-access.com'] }).expect(200);
    expect(cart.body.errors).toEqual(['ドメインをカートに追加できませんでした。もう一度お試しください。']);
    const buy = await c.agent.post('/mypage/point/domain/create/session').set(xhr(c)).send({ domains: [{ name: 'a.com', point: 1000 }], amount: 1000, stripeCardId: card });
    expect(buy.status).toBe(403);
    await c.agent.post('/mypage/point/bank_transfer').set(xhr(c)).send({ amount: 5000 }).expect(403);
  }, 90_000);

  it('a verified member buys points with the card; the header shows them', async () => {
    const account = await createAccount(h);
    await h.users.update(account.user.id, { profileCompletedAt: new Date(), hasPriorUsage: true });
    const c = await signIn(h, account);
    const card = await saveCard(c, '4242424242424242');
    const r = await c.agent.post('/mypage/point/domain/create/session').set(xhr(c)).send({ domains: [{ name: 'a.com', point: 1020 }], amount: 1020, stripeCardId: card }).expect(200);
    expect(r.body).toMatchObject({ result: true, status: 'paid' });
    expect((await c.agent.get('/user/point').set(xhr(c)).expect(200)).body).toEqual({ data: { point: 1020 } });
    // a state-changing call without the CSRF token is refused (419) and changes nothing
    await c.agent.post('/mypage/point/domain/create/session').set('X-Requested-With', 'XMLHttpRequest').send({ domains: [{ name: 'b.com', point: 2000 }], amount: 980, stripeCardId: card }).expect(419);
    expect((await c.agent.get('/user/point').set(xhr(c)).expect(200)).body).toEqual({ data: { point: 1020 } });
    // another member cannot see this session
    const other = await signIn(h, await createAccount(h));
    await other.agent.get(`/mypage/point/session/${r.body.sessionId}`).set(xhr(other)).expect(404);
  });

  it('only a super admin lists and confirms bank transfers (a normal admin is refused: it credits points)', async () => {
    const account = await createAccount(h);
    await h.users.update(account.user.id, { profileCompletedAt: new Date(), hasPriorUsage: true });
    const member = await signIn(h, account);
    const t = await member.agent.post('/mypage/point/bank_transfer').set(xhr(member)).send({ amount: 3000 }).expect(200);
    await member.agent.post(`/admin/point/bank_transfer/${t.body.id}/confirm`).set(xhr(member)).expect(403);
    const normal = await signIn(h, await createAccount(h, { adminRole: 2 }));
    await normal.agent.get('/admin/point/bank_transfer?status=pending').set(xhr(normal)).expect(403);
    await normal.agent.post(`/admin/point/bank_transfer/${t.body.id}/confirm`).set(xhr(normal)).expect(403);
    // refused before anything happened: no points, the top-up still pending
    expect((await member.agent.get('/user/point').set(xhr(member)).expect(200)).body).toEqual({ data: { point: 0 } });
    const superAdmin = await signIn(h, await createAccount(h, { adminRole: 1 }));
    const pending = await superAdmin.agent.get('/admin/point/bank_transfer?status=pending').set(xhr(superAdmin)).expect(200);
    expect(pending.body.topUps.map((x: { id: number }) => x.id)).toContain(t.body.id);
    await superAdmin.agent.post(`/admin/point/bank_transfer/${t.body.id}/confirm`).set(xhr(superAdmin)).expect(200);
    expect((await member.agent.get('/user/point').set(xhr(member)).expect(200)).body).toEqual({ data: { point: 3000 } });
  });
});
