/**
 * The admin domain list (002 §2) as operators use it, as super and as normal admin: every member's domains with the
 * row rules (expired dashes, the WHOIS spinner, the inflow chart), keyword search (line breaks become spaces), the
 * advanced search, the CSV download, the detail page; page checks (overflow at 360/1280, axe) on the list.
 */
import { expect as baseExpect, test, type Browser } from '@playwright/test';
import fs from 'node:fs';
import { parseCsv } from '@registrar/csv';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations } from '../support/page-checks';
import { seedPortfolio, signUpMember } from '../domains/domain-list.page';
import { checkAdminPage, createAdmin, signInAdmin, XHR } from './admin-session';

const expect = baseExpect.configure({ timeout: 30_000 });

/** A member of its own with a demo portfolio (every state of the list), in a browser context of its own. */
async function memberWithDomains(browser: Browser, count: number): Promise<{ id: number; email: string }> {
  const ctx = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const { email, headers } = await signUpMember(ctx.request);
  await seedPortfolio(ctx.request, headers, count);
  const id = (await (await ctx.request.get('/session', { headers: XHR })).json()).user.id as number;
  await ctx.close();
  return { id, email };
}

test('super admin: every member\'s domains, row rules, keyword and advanced search, CSV and detail', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const member = await memberWithDomains(browser, 100);
  await signInAdmin(page, createAdmin('super'));

  await checkAdminPage(page, `/admin/domains?userId=${member.id}`, (p) => p.getByTestId('admin-domain-row'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByTestId('admin-domains-total')).toHaveText(/^\d+件$/);
  const total = Number((await page.getByTestId('admin-domains-total').textContent())!.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(50);
  await expect(page.getByTestId('admin-domain-row')).toHaveCount(50);
  await expect(page.getByRole('navigation', { name: 'ページ（上）' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'ページ（下）' })).toBeVisible();
  await expect(page.getByTestId('admin-domain-row').first().getByRole('link').first()).toHaveText(String(member.id));

  // the expired tab is not a tab here: expired rows are listed with dashes for auto-renew, WHOIS proxy and lock
  await page.goto(`/admin/domains?userId=${member.id}&isStatus=3`);
  const expired = page.getByTestId('admin-domain-row').first();
  await expect(expired).toHaveAttribute('data-expired', '1');
  const cells = expired.locator('td');
  for (const i of [4, 5, 6]) await expect(cells.nth(i)).toHaveText('-');
  await expect(expired.getByTestId('influx-chart')).toBeVisible();

  // a domain whose WHOIS change is in progress shows a spinner in the WHOIS cell
  await page.goto(`/admin/domains?userId=${member.id}&isWhoisProxy=processing`);
  await expect(page.getByTestId('whois-processing').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('admin-domains-processing-1280.png'), fullPage: true });

  // keyword: disabled while empty; line breaks become spaces
  await page.goto(`/admin/domains?userId=${member.id}`);
  const box = page.getByLabel('キーワード（ドメイン名）');
  await expect(page.getByRole('button', { name: '検索', exact: true })).toBeDisabled();
  await box.fill('  \n ');
  await expect(page.getByRole('button', { name: '検索', exact: true })).toBeDisabled();
  await box.fill('rakko\ndomain');
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page).toHaveURL(/key=rakko(\+|%20)domain/);
  await expect(page.getByTestId('admin-empty')).toHaveText('一致するデータがありませんでした');

  // advanced search: the member and a status
  await page.goto('/admin/domains');
  await page.getByRole('button', { name: '詳細検索' }).click();
  const dialog = page.getByRole('dialog', { name: '詳細検索' });
  await dialog.getByLabel('ラッコID').fill(String(member.id));
  await dialog.getByLabel('有効期限（開始）').fill('2030-01-02');
  await dialog.getByLabel('有効期限（終了）').fill('2030-01-01');
  await dialog.getByRole('button', { name: 'この条件で検索' }).click();
  await expect(dialog.getByTestId('advanced-errors')).toContainText('有効期限');
  await dialog.getByLabel('有効期限（開始）').fill('');
  await dialog.getByLabel('有効期限（終了）').fill('');
  await dialog.getByRole('combobox', { name: 'ステータス' }).click();
  await page.getByRole('option', { name: '期限切れ（復旧可能）' }).click();
  await page.setViewportSize({ width: 360, height: 900 });
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'この条件で検索' }).click();
  // the conditions live in the URL (the router quotes digit strings: userId=%22100004%22)
  const q = (k: string, v: string | number) => `${k}=(%22)?${v}(%22)?`;
  await expect(page).toHaveURL(new RegExp(`${q('isStatus', 4)}.*${q('userId', member.id)}|${q('userId', member.id)}.*${q('isStatus', 4)}`));
  // the rows of the new conditions (the previous page's rows stay on screen while they load): the member's, expired
  await expect.poll(() => page.getByTestId('admin-domain-row').evaluateAll((rows, id) => rows.length > 0 && rows.every((r) => r.getAttribute('data-expired') === '1' && r.querySelector('a')?.textContent === id), String(member.id))).toBe(true);
  const restorable = await page.getByTestId('admin-domain-row').count();

  // the CSV of the same conditions: the member's id first
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('admin-domains-csv').click()]);
  const rows = parseCsv(fs.readFileSync((await download.path())!, 'utf8'));
  expect(rows[0]!.slice(0, 2)).toEqual(['ラッコID', 'ドメイン名']);
  expect(rows.length - 1).toBe(restorable);
  expect(rows.slice(1).every((r) => r[0] === String(member.id))).toBe(true);

  // the detail page of a row
  const name = (await page.getByTestId('admin-domain-row').first().locator('td').nth(2).getByRole('link').textContent())!;
  await page.getByTestId('admin-domain-row').first().locator('td').nth(2).getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/domains\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByTestId('admin-domain-summary')).toContainText(String(member.id));
  await page.screenshot({ path: test.info().outputPath('admin-domain-detail-1280.png'), fullPage: true });
});

test('normal admin: the domain list without the super-only tools', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const member = await memberWithDomains(browser, 30);
  await signInAdmin(page, createAdmin('normal'));
  await checkAdminPage(page, `/admin/domains?userId=${member.id}`, (p) => p.getByTestId('admin-domain-row'));
  await page.screenshot({ path: test.info().outputPath('admin-domains-normal-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(page.getByTestId('admin-domain-row').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('admin-domains-normal-1280.png'), fullPage: true });
  const menu = page.getByTestId('admin-menu');
  await expect(menu.getByText('ドメイン管理', { exact: true })).toBeVisible();
  for (const label of ['TLDインポート', '個別価格設定', 'ドメインインポート']) await expect(menu.getByText(label, { exact: true })).toHaveCount(0);
  // the spec's address of the DomainInfo page (002 §2) opens it
  await page.goto('/admin/api/domains/info');
  await expect(page).toHaveURL(/\/admin\/domains\/info$/);
  await expect(page.getByRole('heading', { name: 'ドメイン情報' })).toBeVisible();
});
