/**
 * Data for the inbox's browser tests, made as in production: a super admin from the CLI who sets up two-factor, a
 * proxied domain of the demo member (rows as a registration leaves them), and mails delivered over real SMTP to the
 * whois-mail service of the running system (SMTP_INBOUND_PORT).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { Client } from 'pg';
import { createAdmin, signInAdmin } from '../admin/admin-session';
import { randomBytes } from 'node:crypto';
// the module alone: the library's index loads the services' decorated config classes
import { REGISTRY_SIGNATURE_HEADER, registryMailSignature } from '../../../libs/infra/src/registry-mail';

/** 20 random characters of the proxy-address alphabet (docs/whois.md). */
const proxyToken = () => Array.from(randomBytes(20), (b) => 'abcdefghijkmnpqrstuvwxyz23456789'[b & 31]).join('');

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
export const PROXY_DOMAIN = 'whois-proxy.rakko.example';

/** A new super admin (CLI, two-factor set up) signed in in the page's context (tests/e2e/admin/admin-session.ts). */
export async function signInAsNewSuperAdmin(page: Page): Promise<void> {
  await signInAdmin(page, createAdmin('super'));
}

/** A proxied domain of the demo member (account 100001) with its own proxy address. */
export async function proxiedDomain(): Promise<{ name: string; proxy: string }> {
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    const n = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const name = `inbox-${n}.com`;
    const token = proxyToken();
    const proxy = `px-${token}@${PROXY_DOMAIN}`;
    await db.query(
      `INSERT INTO domain_ops.domains (user_id, name, idn, punycode, tld, status, is_auto_update_enabled, is_whois_proxy_enabled, is_domain_lock_enabled)
       VALUES (100001, $1, $1, $1, 'com', 'active', true, true, false)`, [name]);
    await db.query('INSERT INTO domain_ops.proxy_identities (punycode, email, registry_contact_id) VALUES ($1, $2, $3)', [name, proxy, `rkpx${token.slice(0, 12)}`]);
    return { name, proxy };
  } finally {
    await db.end();
  }
}

/**
 * The registry the running system's inbox trusts (libs/whois-mail/src/whois-mail.config.ts, its defaults outside
 * production): the registry simulator's sender, its approval links on the admin channel (EPP_ADMIN_PORT, the e2e
 * stage's TEST_EPP_PORT + 3) and the secret its X-Registry-Signature is made with (REGISTRY_SIM_MAIL_SECRET).
 */
export const REGISTRY = {
  sender: process.env.REGISTRY_SIM_MAIL_FROM ?? 'change-of-registrant@registry-sim.example',
  approvalBase: `http://127.0.0.1:${process.env.EPP_ADMIN_PORT ?? Number(process.env.TEST_EPP_PORT ?? 17700) + 3}/registrant-change/`,
  secret: process.env.REGISTRY_SIM_MAIL_SECRET ?? 'registry-sim-local-mail-secret',
};

/**
 * An approval mail as the registry sends it (its sender, its approval link signed with X-Registry-Signature), whose
 * link the registry no longer knows: the inbox opens it, the registry answers 404 with its page, the mail fails.
 */
export function signedApprovalWithUnknownLink(to: string, extra: SendMailOptions = {}): SendMailOptions & { link: string } {
  const link = `${REGISTRY.approvalBase}${randomBytes(12).toString('hex')}`;
  return {
    from: REGISTRY.sender, to, subject: 'Approval required: change of registrant', text: `To approve the change, open this link:\n${link}\n`,
    ...extra, headers: { [REGISTRY_SIGNATURE_HEADER]: registryMailSignature(REGISTRY.secret, link) }, link,
  };
}

/** Sends a mail to the system's inbound SMTP; answers the stored mail's id. */
export async function deliver(mail: SendMailOptions): Promise<number> {
  const t = nodemailer.createTransport({ host: '127.0.0.1', port: Number(process.env.SMTP_INBOUND_PORT ?? 2525), secure: false, ignoreTLS: true });
  try {
    const info = await t.sendMail(mail);
    const m = /Stored as (\d+)/.exec(info.response);
    if (!m) throw new Error(`unexpected answer ${info.response}`);
    return Number(m[1]);
  } finally {
    t.close();
  }
}

/** Waits until the mail's job has ended (status set, not running), through the admin API. */
export async function processed(page: Page, id: number): Promise<{ status: number; type: number }> {
  let email: { status: number; is_processing: number; type: number } | null = null;
  await expect.poll(async () => {
    const r = await page.request.get(`/admin/api/whois/emails/${id}`, { headers: XHR });
    email = (await r.json()).email;
    return email && email.status !== 0 && email.is_processing === 0;
  }, { timeout: 60_000 }).toBe(true);
  return email!;
}

/** No horizontal overflow of the page at the current width. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const o = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(o).toBeLessThanOrEqual(1);
}

/**
 * No serious or critical axe finding (WCAG 2 A/AA) in the inbox screen itself (the admin layout around it is checked
 * by its own tests; the sandboxed mail HTML is the sender's, not ours).
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).include('[data-testid="whois-mail-screen"]').exclude('iframe[sandbox]').analyze();
  const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
}
