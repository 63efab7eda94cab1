/**
 * The admin screens as a person uses them, as super and as normal admin: the command console's run shows up in the
 * registrar log (URL query, parameter modal), the action log's any-condition alert, the user page's points adjustment
 * through the ledger, domain import's messages, domain info's empty state, and the normal admin's limits (002 §6: the
 * four screens; an owner's user page read-only; bank transfers and the other super-only screens refused).
 */
import { expect, test, type Page } from '@playwright/test';
import { M } from '@registrar/messages';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations } from '../support/page-checks';
import { createAdmin, signInAdmin } from './admin-session';
import { freeName } from '../purchase/purchase.page';

/** The page checks (docs/e2e-page-checks.md) where the page is: no sideways scroll and no serious axe finding. */
async function noOverflow(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
}

test('super admin: command console, registrar log, user points, import and info screens', async ({ page }) => {
  test.setTimeout(300_000);
  const admin = createAdmin('super');
  await signInAdmin(page, admin);
  // a name the registry does not hold (the simulator holds a share of all names as taken): import refuses it and info
  // has nothing to show
  const csrf = (await (await page.request.get('/session', { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json()).csrfToken as string;
  const label = (await freeName(page.request, { 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': csrf }, 'com', 'e2e-console')).replace(/\.com$/, '');

  await page.goto('/admin/api_command');
  await page.getByLabel('コマンド').fill(`command=check\ndomainname=${label}\ntld[0]=com\ntld[1]=net`);
  await page.getByRole('button', { name: '実行' }).click();
  await expect(page.getByTestId('api-command-result')).toContainText(`${label}.net`);
  await page.screenshot({ path: test.info().outputPath('api-command-1280.png'), fullPage: true });
  await noOverflow(page, 1280);

  await page.getByTestId('admin-menu').getByText('レジストラログ', { exact: true }).click();
  await page.getByLabel('ユーザーID').fill(String(admin.id));
  await page.getByRole('button', { name: '検索' }).click();
  await expect(page).toHaveURL(new RegExp(`userId=${admin.id}`));
  const row = page.getByTestId('onamae-row').filter({ hasText: 'domain:check' }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('成功');
  await row.getByRole('button', { name: '表示' }).first().click();
  await expect(page.getByTestId('json-modal-body')).toContainText(`${label}.com`);
  await page.getByRole('button', { name: '閉じる' }).click();
  await page.screenshot({ path: test.info().outputPath('onamae-log-1280.png'), fullPage: true });
  await page.reload();
  await expect(page.getByTestId('onamae-row').first()).toBeVisible(); // the conditions survive a reload
  await noOverflow(page, 360);
  await page.screenshot({ path: test.info().outputPath('onamae-log-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/admin/action_log');
  let alerted = '';
  page.once('dialog', (d) => { alerted = d.message(); void d.dismiss(); });
  await page.getByRole('button', { name: '検索' }).click();
  await expect.poll(() => alerted).toBe(M.specifyAnyCondition);

  await page.goto('/admin/users?q=demo%40example.com');
  await page.getByTestId('user-row').first().getByRole('link').click();
  await expect(page.getByTestId('user-profile')).toContainText('demo@example.com');
  const balance = page.getByTestId('user-point-balance');
  await expect(balance).toContainText('RP');
  const before = Number((await balance.textContent())!.replace(/[^\d]/g, ''));
  await page.getByLabel('調整（マイナスで減算）').fill('123');
  await page.getByLabel('理由').fill('e2e お詫び');
  page.once('dialog', (x) => void x.accept());
  await page.getByRole('button', { name: '調整する' }).click();
  await expect(page.getByTestId('adjust-done')).toBeVisible();
  await expect(balance).toHaveText(`${(before + 123).toLocaleString('ja-JP')} RP`);
  await expect(page.getByTestId('point-entry').first()).toContainText('e2e お詫び');
  await page.screenshot({ path: test.info().outputPath('user-page-1280.png'), fullPage: true });
  await noOverflow(page, 360);
  await page.screenshot({ path: test.info().outputPath('user-page-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/admin/domains/import');
  await page.getByRole('button', { name: 'インポート' }).click();
  await expect(page.getByText(M.enterAccountId)).toBeVisible();
  await expect(page.getByText(M.enterDomainNames)).toBeVisible();
  await page.getByLabel('ラッコID').fill('abc');
  await page.getByRole('button', { name: 'インポート' }).click();
  await expect(page.getByText(M.accountIdDigits)).toBeVisible();
  await page.getByLabel('ラッコID').fill('100001');
  await page.getByLabel('ドメイン名（1行に1つ）').fill(`${label}.com`);
  await page.getByRole('button', { name: 'インポート' }).click();
  await expect(page.getByTestId('admin-error')).toContainText('レジストリに存在しません');

  await page.goto('/admin/domains/info');
  await page.getByLabel('ドメイン名').fill(`${label}.com`);
  await page.getByRole('button', { name: '表示' }).click();
  await expect(page.getByText(M.noDomainInfo)).toBeVisible();
  await noOverflow(page, 1280);

  await page.goto('/admin/audit_log');
  await expect(page.getByRole('heading', { name: '管理操作ログ' })).toBeVisible();
  await expect(page.getByTestId('admin-loading')).toHaveCount(0);
  await noOverflow(page, 1280);
  await noOverflow(page, 360);
});

test('normal admin: the four screens of 002 §6; members\' pages and the super-only screens refused', async ({ page }) => {
  test.setTimeout(180_000);
  const unverified = createAdmin('normal'); // any fresh account: its identity is not yet approved
  await signInAdmin(page, createAdmin('normal'));
  await page.goto('/admin/onamae_log');
  await expect(page.getByTestId('onamae-table').or(page.getByTestId('admin-empty'))).toBeVisible();
  const menu = page.getByTestId('admin-menu');
  await expect(menu.getByRole('link')).toHaveText(['ダッシュボード', 'ドメイン管理', 'ドメイン情報', 'アクションログ', 'レジストラログ', 'サイトのトップへ']);
  for (const label of ['APIコマンド', 'ドメインインポート', 'ユーザー', '銀行振込確認', 'キュー（Bull Board）']) await expect(menu.getByText(label, { exact: true })).toHaveCount(0);
  await page.goto('/admin/api_command');
  await expect(page.getByTestId('admin-forbidden')).toBeVisible();
  // 002 §6 (issue 23, finding 6): a member's page (address, phone, points, domains) is not a normal admin's
  for (const id of [100001, unverified.id]) {
    await page.goto(`/admin/users/${id}`);
    await expect(page.getByTestId('admin-forbidden')).toBeVisible();
    await expect(page.getByTestId('user-profile')).toHaveCount(0);
  }
  await page.screenshot({ path: test.info().outputPath('user-page-normal-1280.png'), fullPage: true });
  await page.goto('/admin/bank_transfers');
  await expect(page.getByTestId('admin-forbidden')).toBeVisible();
  await expect(page.getByRole('radio', { name: '入金待ち' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('bank-transfers-normal-1280.png'), fullPage: true });
  await noOverflow(page, 1280);
  await noOverflow(page, 360);
});
