/**
 * The admin domain page's comparison with the registry and its one-click resynchronisation (docs/registry-sync.md), as
 * an operator uses them: a member's demo domains registered through the registry agree field by field; drift made at
 * the registry (the operator moves an expiry) shows as 相違 on 有効期限; レジストリと再同期 runs the job and the page
 * shows what changed and that both sides agree again. Page checks at 360/1280 px.
 */
import { expect as baseExpect, test } from '@playwright/test';
import { apiSearch, signUpMember } from '../domains/domain-list.page';
import { checkAdminPage, createAdmin, signInAdmin, XHR } from './admin-session';

const expect = baseExpect.configure({ timeout: 30_000 });
const OPERATOR = `http://127.0.0.1:${process.env.EPP_ADMIN_PORT ?? Number(process.env.TEST_EPP_PORT ?? 17700) + 3}`;

test('normal admin: our record beside the registry\'s, drift shown, one click resynchronises', async ({ page, browser }) => {
  test.setTimeout(300_000);
  // a member whose demo domains are registered at the registry
  const ctx = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const { headers } = await signUpMember(ctx.request);
  const seeded = await ctx.request.post('/dev/demo/portfolio', { headers, data: { count: 20, viaRegistry: true } });
  expect(seeded.ok()).toBe(true);
  expect(await seeded.json()).toMatchObject({ inserted: 20, failed: 0 });
  const list = await apiSearch(ctx.request, headers, { pagingNum: 100 });
  await ctx.close();
  // a gTLD name far from its expiry (the portfolio's 15th to 20th are 1 to 3 years out)
  const target = list.validDomains.data.find((d) => /-1[4-9][a-z]?\.(info|xyz|shop|biz)$/.test(d.name))!;
  expect(target).toBeDefined();

  await signInAdmin(page, createAdmin('normal'));
  const url = `/admin/domains/${target.id}`;
  await checkAdminPage(page, url, (p) => p.getByTestId('registry-verdict'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(url);
  const panel = page.getByTestId('registry-comparison');
  await expect(panel.getByRole('heading', { name: 'レジストリとの照合' })).toBeVisible();
  await expect(page.getByTestId('registry-verdict')).toHaveText('当社の記録とレジストリの記録は一致しています');
  for (const label of ['レジストリ登録', '管理レジストラ', '登録日', '有効期限', 'ステータス', 'ネームサーバー', '連絡先（登録者/管理/技術/経理）', 'DNSSEC（DSレコード）']) {
    await expect(panel.getByRole('rowheader', { name: label, exact: true })).toBeVisible();
  }
  await expect(panel.locator('tr[data-equal="0"]')).toHaveCount(0);

  // the registry operator moves the expiry two years on: the page shows the difference
  const info = await (await page.request.get(`/admin/api/domains/${target.id}`, { headers: XHR })).json();
  const registry = info.info.registry as { name: string; crDate: string; exDate: string };
  const moved = await page.request.post(`${OPERATOR}/domain/dates`, { data: { name: registry.name, crDate: registry.crDate, exDate: new Date(new Date(registry.exDate).getTime() + 2 * 365 * 86_400_000).toISOString() } });
  expect(moved.ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId('registry-verdict')).toHaveText('当社の記録とレジストリの記録に相違があります');
  const expires = panel.locator('tr[data-field="expires"]');
  await expect(expires).toHaveAttribute('data-equal', '0');
  await expect(expires.getByText('相違')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('admin-registry-drift-1280.png'), fullPage: true });

  // one click: the job runs, the page says what changed, and both sides agree again
  await page.getByTestId('registry-resync').click();
  const result = page.getByTestId('registry-resync-result');
  await expect(result).toContainText('再同期が完了しました', { timeout: 60_000 });
  await expect(result).toContainText('レジストリの登録日・有効期限を当社の記録に合わせました');
  await expect(page.getByTestId('registry-verdict')).toHaveText('当社の記録とレジストリの記録は一致しています');
  await expect(panel.locator('tr[data-equal="0"]')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('admin-registry-resynced-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: test.info().outputPath('admin-registry-resynced-360.png'), fullPage: true });
});
