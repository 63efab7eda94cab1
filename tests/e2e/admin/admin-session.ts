/**
 * Admin accounts for browser tests: made by the command-line tool (as in production), with two-factor set up through
 * the same calls the /security page makes, so the browser context holds a fully verified admin session.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { generateSync } from 'otplib';
import { CHECK_WIDTHS, expectNoHorizontalOverflow, expectNoSeriousA11yViolations, expectOwnTitle } from '../support/page-checks';

const ROOT = path.resolve(__dirname, '../../..');
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

export interface AdminAccount { email: string; password: string; role: 'super' | 'normal'; id: number }

let seq = 0;
export function createAdmin(role: 'super' | 'normal'): AdminAccount {
  const email = `e2e-${role}-${Date.now()}-${process.pid}-${++seq}@example.test`;
  const password = 'an admin password 1';
  const cli = spawnSync(process.execPath, ['-r', '@swc-node/register', path.join(ROOT, 'scripts/admin/create-admin.ts'), '--email', email, '--role', role], { cwd: ROOT, env: { ...process.env, ADMIN_PASSWORD: password }, encoding: 'utf8' });
  if (cli.status !== 0) throw new Error(cli.stderr);
  const id = Number(/created admin (\d+)/.exec(cli.stdout)?.[1]);
  return { email, password, role, id };
}

/** Signs the page's browser context in as the admin, setting up two-factor; returns the CSRF token. */
export async function signInAdmin(page: Page, a: AdminAccount): Promise<string> {
  let token = (await (await page.request.get('/session', { headers: XHR })).json()).csrfToken as string;
  const login = await page.request.post('/login', { headers: { ...XHR, 'X-CSRF-TOKEN': token }, data: { email: a.email, password: a.password } });
  expect(login.status()).toBe(200);
  token = (await login.json()).csrfToken;
  const setup = await page.request.post('/security/two-factor/setup', { headers: { ...XHR, 'X-CSRF-TOKEN': token }, data: {} });
  const { secret } = await setup.json();
  const enable = await page.request.post('/security/two-factor/enable', { headers: { ...XHR, 'X-CSRF-TOKEN': token }, data: { code: generateSync({ secret }) } });
  expect(enable.status()).toBe(200);
  return (await enable.json()).csrfToken as string;
}

export async function adminPost(page: Page, token: string, url: string, data: unknown) {
  return page.request.post(url, { headers: { ...XHR, 'X-CSRF-TOKEN': token }, data: data as object });
}

/**
 * The page checks of docs/e2e-page-checks.md (no sideways scroll, no serious axe finding, a title of its own) at 360
 * and 1280 px for an admin page whose data may take a while on a busy machine: `ready` is waited for up to a minute.
 */
export async function checkAdminPage(page: Page, url: string, ready: (p: Page) => Locator): Promise<void> {
  for (const width of CHECK_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(url);
    await expect(ready(page).first()).toBeVisible({ timeout: 60_000 });
    await page.evaluate(() => document.fonts.ready);
    await expectNoHorizontalOverflow(page, `${url} at ${width}px`);
    await expectNoSeriousA11yViolations(page, [], `${url} at ${width}px`);
    await expectOwnTitle(page);
    await page.screenshot({ path: test.info().outputPath(`${url.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '')}-${width}.png`), fullPage: true });
  }
}
