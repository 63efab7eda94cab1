/**
 * Boots the purchase path for real: the gateway (identity, sessions, CSRF, RolesGuard), the catalog, orders and
 * domain-ops services on the Redis transport, their PostgreSQL schemas, and the registry simulator the test runner
 * started (EPP over TLS). Members are created verified (they may buy) and signed in through the gateway.
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { OrdersPatterns, PointEntryDto } from '@registrar/contracts';
import { CLOCK, BullRpcClient, rpc, startService, SystemClock } from '@registrar/infra';
import { CatalogServiceModule } from '@registrar/catalog';
import { OrdersServiceModule } from '@registrar/orders';
import { DomainOpsServiceModule } from '@registrar/domain-ops';
import { DnsServiceModule } from '@registrar/dns';
import { registrationTotal } from '@registrar/rules';
import { startStripeLocal } from '@registrar/stripe-local';
import { createAccount, Harness, signIn, startHarness } from '../gateway/gateway-harness';
import { simClock } from '../epp/epp-harness';

export type Member = Awaited<ReturnType<typeof signIn>> & { userId: number };

export interface PurchaseHarness {
  h: Harness;
  db: Client;
  member(points?: number): Promise<Member>;
  grant(userId: number, amount: number): Promise<PointEntryDto>;
  balance(userId: number): Promise<number>;
  /** the services started here (to read their providers, e.g. the clock) */
  services: INestMicroservice[];
  /** moves every service's clock to the registry simulator's (one test clock for both sides) */
  syncClock(): Promise<Date>;
  close(): Promise<void>;
}

export const xhr = (c: Member) => ({ 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': c.token(), Accept: 'application/json' });

export async function startPurchaseHarness(o: { port?: number } = {}): Promise<PurchaseHarness> {
  process.env.NODE_ENV = 'test';
  Object.assign(process.env, { ORDERS_RECONCILE_EVERY_S: '0', REGISTER_BACKOFF_MS: '400', REGISTER_ATTEMPTS: '6', EPP_POOL_SIZE: '4' });
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  await db.query('DROP SCHEMA IF EXISTS domain_ops CASCADE');
  await db.query('DROP SCHEMA IF EXISTS dns CASCADE');
  process.env.DNS_RECONCILE_EVERY_MS ??= '0';
  // the card path: the official stripe SDK inside the orders service talks to the local Stripe-compatible server
  const stripe = await startStripeLocal({ port: 0, secretKey: 'sk_test_purchase', webhookSecret: 'whsec_purchase' });
  Object.assign(process.env, { STRIPE_SECRET_KEY: 'sk_test_purchase', STRIPE_WEBHOOK_SECRET: 'whsec_purchase', STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(stripe.port), STRIPE_API_PROTOCOL: 'http' });
  const services: INestMicroservice[] = [];
  services.push(await startService('catalog', CatalogServiceModule, process.env.REDIS_URL));
  services.push(await startService('orders', OrdersServiceModule, process.env.REDIS_URL));
  services.push(await startService('domain-ops', DomainOpsServiceModule, process.env.REDIS_URL));
  // the zones of domains on our name servers (PowerDNS on DNS_PORT reads the dns schema), the detail view's records
  services.push(await startService('dns', DnsServiceModule, process.env.REDIS_URL));
  const h = await startHarness(o);
  // the site's address in the links the jobs' mails carry (a deployment sets APP_URL)
  process.env.APP_URL = h.url;
  const client = new BullRpcClient(process.env.REDIS_URL!);
  await client.connect();
  let grants = 0;
  const grant = (userId: number, amount: number) =>
    rpc<PointEntryDto>(client, OrdersPatterns.PointGrant, { userId, amount, idempotencyKey: `purchase-test-grant-${userId}-${++grants}-${Date.now()}` }, 90_000);
  return {
    h,
    db,
    services,
    syncClock: async () => {
      const { offsetMs, now } = await simClock.get();
      // the apps with a business clock (orders has none; Nest's get() on a missing token ends the process)
      for (const s of [services[0], services[2], h.app]) s.get<SystemClock>(CLOCK, { strict: false }).setOffset(offsetMs);
      return new Date(now);
    },
    grant,
    balance: async (userId) => (await rpc<{ point: number }>(client, OrdersPatterns.PointBalance, { userId }, 30_000)).point,
    member: async (points = 0) => {
      const account = await createAccount(h);
      await h.users.update(account.user.id, { profileCompletedAt: new Date(), hasPriorUsage: true });
      const c = await signIn(h, account);
      if (points > 0) await grant(account.user.id, points);
      return { ...c, userId: account.user.id };
    },
    close: async () => {
      await client.close();
      await h.close();
      for (const s of services.reverse()) await s.close();
      await stripe.close();
      await db.end();
    },
  };
}

/** Saves a test card through the local Stripe server's hosted page, as a member does; answers the card id. */
export async function saveCard(c: Member, number = '4242424242424242'): Promise<string> {
  const start = await c.agent.get('/mypage/stripe?redirect_url=%2Fmypage%2Fsearch').set(xhr(c)).expect(200);
  const submitted = await fetch(start.body.url, { method: 'POST', body: new URLSearchParams({ number, exp: '12/34', cvc: '123' }), redirect: 'manual' });
  const back = new URL(submitted.headers.get('location')!);
  return (await c.agent.get(`${back.pathname}${back.search}`).set(xhr(c)).expect(200)).body.card.id;
}

/** Buys `name` with the member's points (the member has them) through the purchase flow; its domain id once the order is done. */
export async function buyWithPoints(c: Member, name: string): Promise<number> {
  const est = (await c.agent.get(`/mypage/domain/price/estimate/campaign?domainNames[]=${encodeURIComponent(name)}`).set(xhr(c)).expect(200)).body[0];
  const point = registrationTotal(est.registerPrice, est.renewPrice, est.minimum_years);
  const r = await c.agent.post('/mypage/domain/create').set(xhr(c))
    .send({ domains: [{ name, period: est.minimum_years, point }], totalFee: point, point, payment: { type: 'point' }, idempotencyKey: randomUUID() }).expect(200);
  expect(r.body.result).toBe(true);
  const done = await waitForOrder(c, r.body.orderId);
  expect(done.domains[0].status).toBe('done');
  return Number(done.domains[0].domain_pk_id);
}

/** Polls the status resource as the result step does, until every row has ended. */
export async function waitForOrder(c: Member, orderId: string, timeoutMs = 90_000): Promise<any> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await c.agent.get(`/mypage/domain/create/status?orderId=${orderId}`).set(xhr(c));
    if (r.status !== 200) throw new Error(`status ${r.status} ${JSON.stringify(r.body)}`);
    if (r.body.done) return r.body;
    if (Date.now() > until) throw new Error(`order ${orderId} not done: ${JSON.stringify(r.body)}`);
    await new Promise((res) => setTimeout(res, 250));
  }
}
