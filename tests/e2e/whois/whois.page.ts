/**
 * Helpers of the WHOIS browser tests: points for a new member through a bank transfer confirmed by an admin of this
 * test's own (created by the CLI, two-factor set up through the API), and domains bought with them through the real
 * purchase path (so they exist at the registry simulator).
 */
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { generateSync } from 'otplib';
import { registrationTotal } from '@registrar/rules';
import { estimate, freeName } from '../purchase/purchase.page';

const ROOT = path.resolve(__dirname, '../../..');
const XHR = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
const csrf = async (r: APIRequestContext) => ({ ...XHR, 'X-CSRF-TOKEN': (await (await r.get('/session', { headers: XHR })).json()).csrfToken as string });

/** Credits `amount` RP to the signed-in member: a bank transfer request, confirmed by a new super admin (only super admins confirm transfers, 002 §6). */
export async function grantPoints(member: APIRequestContext, headers: Record<string, string>, amount: number): Promise<void> {
  const topUp = await member.post('/mypage/point/bank_transfer', { headers, data: { amount } });
  expect(topUp.ok(), await topUp.text()).toBe(true);
  const { id } = await topUp.json();
  const email = `whois-ops-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  const password = 'an admin password 13';
  const cli = spawnSync(process.execPath, ['-r', '@swc-node/register', path.join(ROOT, 'scripts/admin/create-admin.ts'), '--email', email, '--role', 'super'], { cwd: ROOT, env: { ...process.env, ADMIN_PASSWORD: password }, encoding: 'utf8' });
  expect(cli.status, cli.stderr).toBe(0);
  const admin = await playwrightRequest.newContext({ baseURL: process.env.BASE_URL ?? 'http://localhost:8080' });
  try {
    expect((await admin.post('/login', { headers: await csrf(admin), data: { email, password } })).ok()).toBe(true);
    const setup = await (await admin.post('/security/two-factor/setup', { headers: await csrf(admin) })).json();
    const enabled = await admin.post('/security/two-factor/enable', { headers: await csrf(admin), data: { code: generateSync({ secret: setup.secret }) } });
    expect(enabled.ok(), await enabled.text()).toBe(true);
    const confirm = await admin.post(`/admin/point/bank_transfer/${id}/confirm`, { headers: await csrf(admin) });
    expect(confirm.ok(), await confirm.text()).toBe(true);
  } finally {
    await admin.dispose();
  }
}

/** The .co.jp WHOIS given at purchase (the organisation's name unique per test, one .co.jp per organisation). */
export function coJpWhois(org: string) {
  const base = { cc: 'JP', pc: '1500002', sp: 'Tokyo', city: 'Shibuya-ku', street1: '1-1-1 Shibuya', phone: '0312345678', email: 'org@example.jp' };
  return {
    org: { ...base, organization: org, organization_jp: org, organization_type: 10, registration_date: '2020/04/01', name: 'Taro Yamada' },
    reg: { ...base, role: 'organization', organization: org, organization_jp: org, last_name: 'Yamada', first_name: 'Taro' },
  };
}

/** Buys a free name of each TLD with points and waits until the registration is done; answers the names. */
export async function buyWithPoints(member: APIRequestContext, headers: Record<string, string>, tlds: string[]): Promise<string[]> {
  const names: string[] = [];
  for (const tld of tlds) names.push(await freeName(member, headers, tld, 'whois'));
  for (const name of names.filter((n) => n.endsWith('.co.jp'))) {
    const contact = coJpWhois(`Whois Test ${name}`);
    const r = await member.post('/mypage/domain/create/prereq', { headers, data: { domainName: name, contact, preRegister: false, isDifferentTec: false, isDifferentAdm: false, isDifferentBil: false } });
    expect((await r.json()).result).toBe(true);
  }
  const est = await estimate(member, headers, names);
  const domains = est.map((e) => ({ name: e.requestDomain, period: e.minimum_years, point: registrationTotal(e.registerPrice, e.renewPrice, e.minimum_years) }));
  const total = domains.reduce((s, d) => s + d.point, 0);
  const r = await member.post('/mypage/domain/create', { headers, data: { domains, totalFee: total, point: total, payment: { type: 'point' }, idempotencyKey: `whois-${Date.now()}-${Math.random()}` } });
  const body = await r.json();
  expect(body.orderId, JSON.stringify(body)).toBeTruthy();
  await expect.poll(async () => (await (await member.get(`/mypage/domain/create/status?orderId=${body.orderId}`, { headers })).json()).domains.map((d: { status: string }) => d.status), { timeout: 60_000 })
    .toEqual(names.map(() => 'done'));
  return names;
}
