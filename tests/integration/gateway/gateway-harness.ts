/**
 * Boots the real GatewayModule (identity included) on a random port against the PostgreSQL and Redis that the test
 * runner started, with a mail catcher, as `npm test -- integration` does for every gateway test.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import IORedis from 'ioredis';
import type { AddressInfo } from 'node:net';
import { generateSync } from 'otplib';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { configureGatewayApp, GatewayModule, MailCatcher, startMailCatcher } from '@registrar/gateway';
import { PasswordService, UserEntity, UsersRepository } from '@registrar/identity';
import { GATEWAY_REDIS } from '../../../libs/gateway/src/tokens';

export interface Harness {
  app: NestExpressApplication;
  url: string;
  redis: IORedis;
  users: UsersRepository;
  catcher: MailCatcher;
  close(): Promise<void>;
}

/** `port`: listen there instead of a random port (a test whose URL another process must know in advance). */
export async function startHarness(o: { port?: number } = {}): Promise<Harness> {
  process.env.NODE_ENV = 'test';
  const catcher = await startMailCatcher({ port: 0, redisUrl: process.env.REDIS_URL! });
  process.env.SMTP_URL = catcher.url;
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule, { logger: ['error'] });
  configureGatewayApp(app);
  await app.listen(o.port ?? 0, '127.0.0.1');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  const redis = new IORedis(process.env.REDIS_URL!);
  return {
    app, url: `http://127.0.0.1:${port}`, redis, users: app.get(UsersRepository), catcher,
    close: async () => {
      redis.disconnect();
      const shared = app.get<IORedis>(GATEWAY_REDIS, { strict: false });
      await app.close();
      shared.disconnect(); // GatewayModule's shared connection is not closed by the app
      await catcher.close();
    },
  };
}

let seq = 0;
export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${++seq}@example.test`;

/** Creates a confirmed account directly (admins get TOTP set up). */
export async function createAccount(h: Harness, o: { adminRole?: 1 | 2 | null; password?: string; email?: string } = {}): Promise<{ user: UserEntity; email: string; password: string; totpSecret: string | null }> {
  const password = o.password ?? 'correct horse battery';
  const email = o.email ?? uniqueEmail(o.adminRole ? `admin${o.adminRole}` : 'member');
  const hash = await h.app.get(PasswordService).hash(password);
  const totpSecret = o.adminRole ? 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' : null;
  const user = await h.users.create({ email, passwordHash: hash, emailVerifiedAt: new Date(), adminRole: o.adminRole ?? null, totpSecret, totpEnabledAt: totpSecret ? new Date() : null });
  return { user, email, password, totpSecret };
}

const lastStep = new Map<string, number>();
/**
 * A TOTP code the gateway has not accepted yet for this account (each 30 s step is accepted once): the current step's
 * code, or the next step's (within the ±1 step tolerance), or it waits until the clock reaches a usable step.
 */
export async function freshTotp(account: string, secret: string): Promise<string> {
  for (;;) {
    const now = Math.floor(Date.now() / 30_000);
    const step = Math.max(now, (lastStep.get(account) ?? -1) + 1);
    if (step <= now + 1) {
      lastStep.set(account, step);
      return generateSync({ secret, epoch: step * 30 });
    }
    await new Promise((res) => setTimeout(res, 200));
  }
}

/** A cookie-keeping client with the session's CSRF token, like the web app. */
export async function client(h: Harness): Promise<{ agent: TestAgent; token: () => string; refresh: () => Promise<void> }> {
  const agent = request.agent(h.url);
  let csrf = '';
  const refresh = async () => {
    const r = await agent.get('/session').set('X-Requested-With', 'XMLHttpRequest');
    csrf = r.body.csrfToken;
  };
  await refresh();
  return { agent, token: () => csrf, refresh };
}

export async function signIn(h: Harness, account: { email: string; password: string; totpSecret: string | null }) {
  const c = await client(h);
  const r = await c.agent.post('/login').set('X-Requested-With', 'XMLHttpRequest').set('X-CSRF-TOKEN', c.token()).send({ email: account.email, password: account.password });
  if (r.status !== 200) throw new Error(`login failed ${r.status} ${JSON.stringify(r.body)}`);
  if (r.body.two_factor_required) {
    const r2 = await c.agent.post('/login/two-factor').set('X-Requested-With', 'XMLHttpRequest').set('X-CSRF-TOKEN', r.body.csrfToken).send({ code: await freshTotp(account.email, account.totpSecret!) });
    if (r2.status !== 200) throw new Error(`2FA failed ${r2.status} ${JSON.stringify(r2.body)}`);
  }
  await c.refresh();
  return c;
}
