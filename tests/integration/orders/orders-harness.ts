/**
 * Boots the real orders service (a microservice on the Redis transport, its PostgreSQL schema and migrations), the
 * local Stripe-compatible server (the official stripe SDK inside the service talks to it over HTTP), and the gateway's
 * orders endpoints on random ports, against the PostgreSQL and Redis that the test runner started.
 *
 * The gateway's identity module (sessions, CSRF, RolesGuard) is not part of this harness: a test-only middleware plays
 * the signed-in member from the X-Test-User header (and an admin from X-Test-Admin: 1 super, anything else normal), the
 * way RolesGuard sets req.user.
 */
import 'reflect-metadata';
import { INestMicroservice, MiddlewareConsumer, Module, NestModule, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { OrdersPatterns, PointEntryDto } from '@registrar/contracts';
import { BullRpcClient, rpc, startService } from '@registrar/infra';
import { OrdersServiceModule } from '@registrar/orders';
import { CatalogServiceModule } from '@registrar/catalog';
import { AvailabilityServiceModule } from '@registrar/availability';
import { startStripeLocal, startWalletLocal, StripeLocalServer, WalletLocalServer } from '@registrar/stripe-local';
import { PaymentsModule } from '../../../libs/gateway/src/payments/payments.module';

function testIdentity(req: Request & { user?: unknown }, _res: Response, next: NextFunction) {
  const id = Number(req.headers['x-test-user'] ?? 0);
  const admin = req.headers['x-test-admin'];
  if (id > 0) req.user = { id, adminRole: admin === '1' ? 1 : admin ? 2 : null };
  next();
}

@Module({ imports: [PaymentsModule] })
class OrdersGatewayTestModule implements NestModule {
  configure(consumer: MiddlewareConsumer) {
    consumer.apply(testIdentity).forRoutes('*');
  }
}

export const WEBHOOK_SECRET = 'whsec_integration_test';

export interface OrdersHarness {
  url: string;
  stripe: StripeLocalServer;
  wallet: WalletLocalServer;
  db: Client;
  /** the orders service itself (its providers, for tests that drive the ledger in-process) */
  orders: INestMicroservice;
  call<T>(pattern: string, payload?: unknown): Promise<T>;
  grant(userId: number, amount: number): Promise<PointEntryDto>;
  balance(userId: number): Promise<number>;
  close(): Promise<void>;
}

let nextUser = 1000 + Math.floor(Math.random() * 1_000_000) * 10;
/** A member id no other test uses. */
export const newUserId = () => ++nextUser;

/** withCatalog: also runs the real catalog service (it loads the bundled master data into an empty catalogue), for the cart's prices,
 * and the availability service, for the cart's claim check against the registry simulator. */
export async function startOrdersHarness(o: { withCatalog?: boolean; webhooks?: boolean } = {}): Promise<OrdersHarness> {
  process.env.NODE_ENV = 'test';
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  await db.query('DROP SCHEMA IF EXISTS orders CASCADE');

  // the gateway first (on a random port), so the Stripe server knows where to send webhooks
  const gateway = await NestFactory.create<NestExpressApplication>(OrdersGatewayTestModule, { logger: ['error'], rawBody: true });
  gateway.useGlobalPipes(new ValidationPipe({ whitelist: true, transform: true, forbidNonWhitelisted: false }));
  await gateway.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}`;

  const stripe = await startStripeLocal({ port: 0, secretKey: 'sk_test_integration', webhookSecret: WEBHOOK_SECRET, webhookUrl: o.webhooks === false ? undefined : `${url}/stripe/webhook` });
  const wallet = await startWalletLocal({ port: 0, clientId: 'wallet-client-it', clientSecret: 'wallet-secret-it' });
  Object.assign(process.env, {
    ORDERS_RECONCILE_EVERY_S: '0',
    ORDERS_RECONCILE_AFTER_S: '0',
    PAYPAL_CLIENT_ID: 'wallet-client-it',
    PAYPAL_CLIENT_SECRET: 'wallet-secret-it',
    PAYPAL_API_BASE: `http://127.0.0.1:${wallet.port}`,
    STRIPE_SECRET_KEY: 'sk_test_integration',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(stripe.port),
    STRIPE_API_PROTOCOL: 'http',
    APP_URL: url,
  });
  const catalog: INestMicroservice | null = o.withCatalog ? await startService('catalog', CatalogServiceModule, process.env.REDIS_URL) : null;
  const availability: INestMicroservice | null = o.withCatalog ? await startService('availability', AvailabilityServiceModule, process.env.REDIS_URL) : null;
  const service: INestMicroservice = await startService('orders', OrdersServiceModule, process.env.REDIS_URL);
  const client = new BullRpcClient(process.env.REDIS_URL!);
  await client.connect();
  const call = <T>(pattern: string, payload: unknown = {}) => rpc<T>(client, pattern, payload, 30_000);
  let grants = 0;
  return {
    url,
    stripe,
    wallet,
    db,
    orders: service,
    call,
    grant: (userId, amount) => call<PointEntryDto>(OrdersPatterns.PointGrant, { userId, amount, idempotencyKey: `test-grant-${userId}-${++grants}-${Date.now()}` }),
    balance: async (userId) => (await call<{ point: number }>(OrdersPatterns.PointBalance, { userId })).point,
    close: async () => {
      await stripe.flushWebhooks();
      await client.close();
      await stripe.close();
      await wallet.close();
      await gateway.close();
      await service.close();
      await availability?.close();
      await catalog?.close();
      await db.end();
    },
  };
}
