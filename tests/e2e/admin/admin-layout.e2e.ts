/**
 * The admin area's own layout: super admins see every item of the 002 §6 menu, normal admins exactly their four
 * (domain management, domain info, action log, registrar log; a super-only screen tells them so while the server
 * answers 403, and the queue board refuses them); customers never get in; admin pages are no-store;
 * the audit log shows an action with its before/after.
 */
import { expect, test } from '@playwright/test';
import { M } from '@registrar/messages';
import { adminPost, createAdmin, signInAdmin, XHR } from './admin-session';

// the screens built so far (the menu lists a screen once its route exists)
const SUPER_ONLY = ['管理操作ログ', 'APIコマンド', 'ドメインインポート', 'ユーザー', '銀行振込確認', '個別価格設定', 'TLDインポート', '契約推移', 'お知らせ管理', 'WHOIS代理メール', 'キュー（Bull Board）'];
// 002 §6: "Other admin roles see only domain management, DomainInfo, action log and registrar log"
const EVERY_ADMIN = ['ドメイン管理', 'ドメイン情報', 'アクションログ', 'レジストラログ'];

test('a super admin gets the whole menu and reads an action in the audit log', async ({ page }) => {
  const token = await signInAdmin(page, createAdmin('super'));
  const nav = await page.goto('/admin');
  expect(nav?.headers()['cache-control']).toContain('no-store');
  // /admin is the dashboard (issue 26)
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(page.getByTestId('admin-dashboard')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('admin-role')).toHaveText('スーパー管理者');
  const menu = page.getByTestId('admin-menu');
  for (const label of [...EVERY_ADMIN, ...SUPER_ONLY]) await expect(menu.getByText(label, { exact: true })).toBeVisible();

  expect((await adminPost(page, token, '/admin/api/users/100001/identity/approve', {})).status()).toBe(200);
  await menu.getByText('管理操作ログ', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/audit_log$/);
  const row = page.getByTestId('audit-row').filter({ hasText: 'user.identity.approve' }).first();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '変更後' }).click();
  await expect(page.getByTestId('json-modal-body')).toContainText('"identity_verify_status": 1');
  await page.screenshot({ path: test.info().outputPath('admin-audit-1280.png'), fullPage: true });
  await page.getByRole('button', { name: '閉じる' }).click();

  await page.setViewportSize({ width: 360, height: 780 });
  await expect(page.getByTestId('audit-row').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('button', { name: '管理メニュー' }).click();
  await expect(menu.getByText('管理操作ログ', { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('admin-menu-360.png') });

  // the operators' queue view (Bull Board), reached from the menu
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/onamae_log');
  await menu.getByText('キュー（Bull Board）', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/queues/);
  await expect(page.getByText('domain-ops-lifecycle', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('queues-1280.png'), fullPage: true });
});

test('a normal admin sees only the normal menu, and super-only screens and calls are refused', async ({ page }) => {
  await signInAdmin(page, createAdmin('normal'));
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(page.getByTestId('admin-role')).toHaveText('管理者');
  const menu = page.getByTestId('admin-menu');
  // the dashboard, then exactly these four, in this order
  await expect(menu.getByRole('link')).toHaveText(['ダッシュボード', ...EVERY_ADMIN, 'サイトのトップへ']);
  for (const label of SUPER_ONLY) await expect(menu.getByText(label, { exact: true })).toHaveCount(0);
  await page.goto('/admin/audit_log');
  await expect(page.getByTestId('admin-forbidden')).toBeVisible();
  expect((await page.request.get('/admin/api/audit_log', { headers: XHR })).status()).toBe(403);
  await page.screenshot({ path: test.info().outputPath('admin-normal-1280.png'), fullPage: true });

  // the operators' queue view (Bull Board) is super only: not in the menu, and its URL answers 403
  const queues = await page.goto('/admin/queues');
  expect(queues?.status()).toBe(403);
  await expect(page.getByText(M.forbidden)).toBeVisible();
  expect((await page.request.get('/admin/queues/api/queues')).status()).toBe(403);
});

test('customers and guests never reach the admin area', async ({ page }) => {
  await page.goto('/admin/audit_log');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByLabel('メールアドレス').fill('demo@example.com');
  await page.getByLabel(/^パスワード/).fill('demo-pass-1234');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  // signed in: the login page sends the member on (leaving now would cancel the sign-in on a busy machine)
  await expect(page).not.toHaveURL(/\/login/, { timeout: 60_000 });
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/mypage\/domain$/);
  expect((await page.request.get('/admin/api/users/100001', { headers: XHR })).status()).toBe(403);
});
