/**
 * Boots the WHOIS mail path for real: the gateway (identity, sessions, CSRF, RolesGuard, and its identity look-ups on
 * the Redis transport), the whois-mail service (inbound SMTP on SMTP_INBOUND_PORT, BullMQ, its schema), the mail
 * catcher that receives forwarded mail, and a small HTTP site standing in for the pages approval links lead to.
 *
 * domain-ops' look-up of per-domain proxy addresses (DomainOpsPatterns.FindByProxyEmail) is answered by a responder
 * on the Redis transport from the addresses a test registers, until the WHOIS issue's proxy addresses land on main.
 */
import 'reflect-metadata';
import { Controller, INestMicroservice, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { Client } from 'pg';
import { DomainOpsPatterns, ProxyAddressDomain } from '@registrar/contracts';
import { startService } from '@registrar/infra';
import { connectGatewayRpc, type CaughtMail } from '@registrar/gateway';
import { WhoisMailServiceModule } from '@registrar/whois-mail';
import { createAccount, Harness, signIn, startHarness } from '../gateway/gateway-harness';

const proxyAddresses = new Map<string, ProxyAddressDomain>();

@Controller()
class ProxyAddressResponder {
  @MessagePattern(DomainOpsPatterns.FindByProxyEmail)
  find(@Payload() req: { email: string }): ProxyAddressDomain | null {
    return proxyAddresses.get(String(req?.email).toLowerCase()) ?? null;
  }
}
@Module({ controllers: [ProxyAddressResponder] })
class ProxyAddressResponderModule {}

export const PROXY_DOMAIN = 'whois-proxy.rakko.example';

export type Signed = Awaited<ReturnType<typeof signIn>>;

export interface LinkSite {
  url: string;
  hits: string[];
  /** answers of the next requests, in order (default 200 OK) */
  answers: { status: number; body: string }[];
}

export interface WhoisMailHarness {
  h: Harness;
  db: Client;
  smtpPort: number;
  site: LinkSite;
  superAdmin: Signed;
  /** a member with a proxied domain: its proxy address and the member's own address */
  memberDomain(name?: string): Promise<{ userId: number; email: string; proxy: string; domain: ProxyAddressDomain }>;
  send(mail: nodemailer.SendMailOptions & { envelope?: { from: string; to: string[] } }): Promise<{ response: string }>;
  caught(to: string): Promise<CaughtMail[]>;
  close(): Promise<void>;
}

export const xhr = (c: Signed) => ({ 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': c.token(), Accept: 'application/json' });

let seq = 0;

export async function startWhoisMailHarness(env: Record<string, string> = {}): Promise<WhoisMailHarness> {
  process.env.NODE_ENV = 'test';
  Object.assign(process.env, { WHOIS_MAIL_ATTEMPTS: '3', WHOIS_MAIL_BACKOFF_MS: '50', ...env });
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  await db.query('DROP SCHEMA IF EXISTS whois_mail CASCADE');

  const site: LinkSite = { url: '', hits: [], answers: [] };
  const server = http.createServer((req, res) => {
    site.hits.push(req.url ?? '');
    const a = site.answers.shift() ?? { status: 200, body: '<p>承認しました</p>' };
    res.writeHead(a.status, { 'Content-Type': 'text/html; charset=utf-8' }).end(a.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const h = await startHarness();
  await connectGatewayRpc(h.app, process.env.REDIS_URL);
  const services: INestMicroservice[] = [];
  services.push(await startService('domain-ops-proxy-responder', ProxyAddressResponderModule, process.env.REDIS_URL));
  services.push(await startService('whois-mail', WhoisMailServiceModule, process.env.REDIS_URL));
  const smtpPort = Number(process.env.SMTP_INBOUND_PORT ?? 2525);
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true, pool: false });

  const admin = await createAccount(h, { adminRole: 1 });
  const superAdmin = await signIn(h, admin);

  return {
    h, db, smtpPort, site, superAdmin,
    memberDomain: async (name) => {
      const account = await createAccount(h);
      const n = ++seq;
      const domain = { domainId: 100_000 + n, userId: account.user.id, name: name ?? `proxied-${Date.now()}-${n}.com` };
      const proxy = `p${Date.now().toString(36)}${n}@${PROXY_DOMAIN}`;
      proxyAddresses.set(proxy.toLowerCase(), domain);
      return { userId: account.user.id, email: account.email, proxy, domain };
    },
    send: (mail) => transport.sendMail(mail) as Promise<{ response: string }>,
    caught: async (to) => {
      const list = await h.redis.lrange('dev:mail', 0, 199);
      return list.map((s) => JSON.parse(s) as CaughtMail).filter((m) => m.to.includes(to));
    },
    close: async () => {
      transport.close();
      for (const s of services.reverse()) await s.close();
      await h.close();
      await new Promise<void>((r) => server.close(() => r()));
      await db.end();
    },
  };
}

/** Waits for a condition by polling (never a fixed sleep). */
export async function until<T>(what: string, f: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
