/**
 * Admins: created by the command-line tool (never a default password), made to set up two-factor at first login,
 * held back from admin calls until then; a normal admin is refused super-only calls; the next login asks for the code.
 */
import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { generateSync } from 'otplib';
import { M } from '@registrar/messages';

const ROOT = path.resolve(__dirname, '../../..');
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test('an admin from the CLI sets up two-factor at first login and only then reaches admin calls', async ({ page }) => {
  test.setTimeout(240_000);
  const email = `ops-${Date.now()}@example.test`;
  const password = 'an admin password 1';
  const cli = spawnSync(process.execPath, ['-r', '@swc-node/register', path.join(ROOT, 'scripts/admin/create-admin.ts'), '--email', email, '--role', 'normal'], { cwd: ROOT, env: { ...process.env, ADMIN_PASSWORD: password }, encoding: 'utf8' });
  expect(cli.status, cli.stderr).toBe(0);
  expect(cli.stdout).toContain(`<${email}> admin_role 2`);

  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel(/^パスワード/).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/security$/);
  await expect(page.getByText(M.adminNeedsTwoFactor)).toBeVisible();
  // a normal admin's own call (the domain search's name-server choices) waits for the second factor
  const before = await page.request.get('/admin/api/domains/search/condition', { headers: XHR });
  expect(before.status()).toBe(403);
  expect((await before.json()).message).toBe(M.adminNeedsTwoFactor);

  await page.getByRole('button', { name: '二段階認証を設定する' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('認証アプリに表示された6桁のコード').fill(generateSync({ secret }));
  await page.getByRole('button', { name: '有効にする' }).click();
  await expect(page.getByText(M.twoFactorEnabled)).toBeVisible();

  const after = await page.request.get('/admin/api/domains/search/condition', { headers: XHR });
  expect(after.status()).toBe(200);
  expect((await after.json()).result).toBe(true);
  // members' records are for super admins only (issue 23, finding 6)
  expect((await page.request.get('/admin/api/users/100001', { headers: XHR })).status()).toBe(403);
  const token = (await (await page.request.get('/session', { headers: XHR })).json()).csrfToken as string;
  const superOnly = await page.request.post('/admin/api/users/100001/admin-role', { headers: { ...XHR, 'X-CSRF-TOKEN': token }, data: { admin_role: 2 } });
  expect(superOnly.status()).toBe(403);

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await page.waitForLoadState('networkidle');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel(/^パスワード/).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  // each 30 s step is accepted once per account: the code of the next step (within the ±1 step tolerance) is still unused
  await page.getByLabel('認証コード').fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  // an admin lands on the dashboard (issue 26)
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeVisible();
  expect((await page.request.get('/admin/api/domains/search/condition', { headers: XHR })).status()).toBe(200);
});
