/**
 * Boots the WHOIS mail path for real: the gateway (identity, sessions, CSRF, RolesGuard, and its identity look-ups on
 * the Redis transport), the whois-mail service (inbound SMTP on SMTP_INBOUND_PORT, BullMQ, its schema), the mail
 * catcher that receives forwarded mail, and a small HTTP site standing in for the pages approval links lead to.
 * The domain-ops service answers the proxy-address look-ups; a test's member holds a domain with its own proxy
 * identity (rows as a registration leaves them).
 */
import 'reflect-metadata';
import { INestMicroservice } from '@nestjs/common';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { Client } from 'pg';
import { DnsServiceModule } from '@registrar/dns';
import { DomainOpsServiceModule } from '@registrar/domain-ops';
import { REGISTRY_SIGNATURE_HEADER, registryMailSignature, startService } from '@registrar/infra';
import { type CaughtMail } from '@registrar/gateway';
import { WhoisMailServiceModule } from '@registrar/whois-mail';
import { createAccount, Harness, signIn, startHarness } from '../gateway/gateway-harness';
import { randomBytes } from 'node:crypto';

/** 20 random characters of the proxy-address alphabet (docs/whois.md). */
const proxyToken = () => Array.from(randomBytes(20), (b) => 'abcdefghijkmnpqrstuvwxyz23456789'[b & 31]).join('');

export const PROXY_DOMAIN = 'whois-proxy.rakko.example';
export const REGISTRY_TEST_SECRET = 'registry-secret-integration';
/** The header a registry adds to a mail whose link the inbox should open. */
export const signedBy = (link: string, secret = REGISTRY_TEST_SECRET) => ({ [REGISTRY_SIGNATURE_HEADER]: registryMailSignature(secret, link) });

export type Signed = Awaited<ReturnType<typeof signIn>>;

export interface LinkSite {
  url: string;
  hits: string[];
  /** answers of the next requests, in order (default 200 OK) */
  answers: { status: number; body: string; location?: string; hold?: Promise<void> }[];
}

export interface WhoisMailHarness {
  h: Harness;
  db: Client;
  smtpPort: number;
  /** the whois-mail service (its providers, for tests of what SMTP cannot show) */
  whoisMail: INestMicroservice;
  /** the domain-ops service (its proxy address relay) */
  domainOps: INestMicroservice;
  site: LinkSite;
  superAdmin: Signed;
  /** a member with a proxied domain: its proxy address and the member's own address */
  memberDomain(name?: string): Promise<{ userId: number; email: string; proxy: string; domain: { domainId: number; userId: number; name: string } }>;
  send(mail: SendMailOptions & { envelope?: { from: string; to: string[] } }): Promise<{ response: string }>;
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
    // an answer held until the test lets it go (a registry page that is slow to answer)
    if (a.hold) {
      void a.hold.then(() => res.writeHead(a.status, { 'Content-Type': 'text/html; charset=utf-8' }).end(a.body));
      return;
    }
    res.writeHead(a.status, { 'Content-Type': 'text/html; charset=utf-8', ...(a.location ? { Location: a.location } : {}) }).end(a.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // the registry this inbox trusts (issue 23, finding 3): its senders, its approval base URL (the stand-in site) and
  // the secret its X-Registry-Signature is made with
  process.env.WHOIS_MAIL_REGISTRY_SENDERS = env.WHOIS_MAIL_REGISTRY_SENDERS ?? '@registry.example';
  process.env.WHOIS_MAIL_APPROVAL_BASE_URLS = env.WHOIS_MAIL_APPROVAL_BASE_URLS ?? `${site.url}/approve`;
  process.env.WHOIS_MAIL_REGISTRY_SECRET = env.WHOIS_MAIL_REGISTRY_SECRET ?? REGISTRY_TEST_SECRET;
  const h = await startHarness();
  const services: INestMicroservice[] = [];
  const domainOps = await startService('domain-ops', DomainOpsServiceModule, process.env.REDIS_URL);
  services.push(domainOps);
  // the inbound SMTP asks the dns service whether an address outside the proxy domain is forwarded (docs/forwarding.md)
  process.env.DNS_RECONCILE_EVERY_MS ??= '0';
  services.push(await startService('dns', DnsServiceModule, process.env.REDIS_URL));
  const whoisMail = await startService('whois-mail', WhoisMailServiceModule, process.env.REDIS_URL);
  services.push(whoisMail);
  // the schema was dropped above, so its mail ids would start again at 1, while the outbox that forwards them
  // (mail.sent_mails keyed `whois-mail:<id>:forward`, and the same key as the BullMQ job id) outlives it: an earlier
  // file's forward of mail 7 would stand for this file's mail 7, which would then never be sent. Ids carry on past any
  // an earlier harness of this database gave.
  await db.query(`SELECT setval(pg_get_serial_sequence('whois_mail.emails', 'id'), $1)`, [Date.now()]);
  const smtpPort = Number(process.env.SMTP_INBOUND_PORT ?? 2525);
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true, pool: false });

  const admin = await createAccount(h, { adminRole: 1 });
  const superAdmin = await signIn(h, admin);

  return {
    h, db, smtpPort, whoisMail, domainOps, site, superAdmin,
    memberDomain: async (name) => {
      const account = await createAccount(h);
      const n = ++seq;
      const punycode = name ?? `proxied-${Date.now()}-${n}.com`;
      const token = proxyToken();
      const proxy = `px-${token}@${PROXY_DOMAIN}`;
      const { rows } = await db.query(
        `INSERT INTO domain_ops.domains (user_id, name, idn, punycode, tld, status, is_auto_update_enabled, is_whois_proxy_enabled, is_domain_lock_enabled)
         VALUES ($1, $2, $2, $2, 'com', 'active', true, true, false) RETURNING id`, [account.user.id, punycode]);
      await db.query('INSERT INTO domain_ops.proxy_identities (punycode, email, registry_contact_id) VALUES ($1, $2, $3)', [punycode, proxy, `rkpx${token.slice(0, 12)}`]);
      return { userId: account.user.id, email: account.email, proxy, domain: { domainId: Number(rows[0].id), userId: account.user.id, name: punycode } };
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
