/**
 * Issue 26's admin rows, as operators use them: /admin opens on a dashboard (today's sales and registrations, failed
 * and stuck jobs, transfers under way, the WHOIS mail backlog, each linked); a normal admin sees the domain figures
 * only; an expired domain's page says 期限切れ and shows readable records; a ledger entry links to its order; the
 * action log opens on the latest entries; the header shows マイページ only once the second factor is given.
 * Page checks (no sideways scroll, no serious axe finding, own title) and screenshots at 360 and 1280 px.
 */
import { expect as baseExpect, test } from '@playwright/test';
import { signUpPurchaser } from '../purchase/purchase.page';
import { buyWithPoints, grantPoints } from '../whois/whois.page';
import { seedPortfolio } from '../domains/domain-list.page';
import { checkAdminPage, createAdmin, signInAdmin, XHR } from './admin-session';

const expect = baseExpect.configure({ timeout: 30_000 });

test('super admin: the dashboard, and a ledger entry opens its order', async ({ page, browser }) => {
  test.setTimeout(480_000);
  // a member who bought a .com with points today
  const ctx = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const headers = await signUpPurchaser(ctx.request);
  await grantPoints(ctx.request, headers, 10_000);
  const [name] = await buyWithPoints(ctx.request, headers, ['com']);
  const memberId = (await (await ctx.request.get('/session', { headers: XHR })).json()).user.id as number;
  await ctx.close();

  await signInAdmin(page, createAdmin('super'));
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/?$/);
  const dash = page.getByTestId('admin-dashboard');
  await expect(dash).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('admin-menu').getByRole('link', { name: 'ダッシュボード' })).toBeVisible();
  await expect(dash.getByTestId('dash-sales')).toContainText('円');
  // the member's registration is among today's
  await expect(dash.getByTestId('dash-registrations')).not.toContainText(/^新規登録0件/);
  for (const id of ['dash-failed-items', 'dash-stuck-orders', 'dash-pending-transfers', 'dash-inbox', 'dash-jobs-failed', 'dash-jobs-stuck']) await expect(dash.getByTestId(id)).toBeVisible();
  await expect(dash.getByTestId('dash-queues').locator('tr[data-queue="domain-ops"]')).toBeVisible();
  // the figures link to the screens that list them
  await dash.getByTestId('dash-registrations').click();
  await expect(page).toHaveURL(/\/admin\/onamae_log\?.*actionType=domain%3Acreate/);
  await page.goto('/admin');
  await dash.getByTestId('dash-inbox').click();
  await expect(page).toHaveURL(/\/admin\/whois\/emails\?.*status=/);
  await checkAdminPage(page, '/admin', (p) => p.getByTestId('dash-queues'));

  // the member's ledger: the spend of the order links to the order, which lists the domain
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/users/${memberId}`);
  const link = page.getByTestId('ledger-order-link').filter({ hasText: /^order:/ }).first();
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/admin\/orders\/order\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('admin-order')).toContainText('完了');
  await expect(page.getByTestId('admin-order-items')).toContainText(name!);
  await checkAdminPage(page, new URL(page.url()).pathname, (p) => p.getByTestId('admin-order-items'));
});

test('the action log opens on the latest entries; the search button still asks for a condition', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAdmin(page, createAdmin('normal'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/action_log');
  await expect(page.getByTestId('action-log-latest')).toBeVisible();
  // the local runtime's demo members and the other tests have written entries
  await expect(page.getByTestId('action-row').first()).toBeVisible({ timeout: 60_000 });
  const alerts: string[] = [];
  page.once('dialog', (d) => { alerts.push(d.message()); void d.dismiss(); });
  await page.getByRole('button', { name: '検索' }).click();
  await expect.poll(() => alerts).toEqual(['いずれかの検索条件を指定してください。']);
  await checkAdminPage(page, '/admin/action_log', (p) => p.getByTestId('action-row'));
});

test('normal admin: the dashboard shows the domain figures only; an expired domain says 期限切れ with readable records', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const ctx = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const headers = await signUpPurchaser(ctx.request);
  await seedPortfolio(ctx.request, headers, 20);
  const memberId = (await (await ctx.request.get('/session', { headers: XHR })).json()).user.id as number;
  await ctx.close();

  // a super admin finds an expired one of the member's domains (the portfolio has some renewable after expiry)
  const superCtx = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const superPage = await superCtx.newPage();
  await signInAdmin(superPage, createAdmin('super'));
  const owned = (await (await superPage.request.get(`/admin/api/users/${memberId}/domains`, { headers: XHR })).json()).domains as Array<{ id: number; name: string; due_date: string | null; status: string }>;
  await superCtx.close();
  const expired = owned.find((x) => x.status === 'active' && x.due_date && new Date(x.due_date).getTime() < Date.now() - 2 * 86_400_000);
  expect(expired, 'the portfolio has an expired domain').toBeDefined();

  await signInAdmin(page, createAdmin('normal'));
  await page.goto('/admin');
  const dash = page.getByTestId('admin-dashboard');
  await expect(dash.getByTestId('dash-sales')).toBeVisible({ timeout: 60_000 });
  await expect(dash.getByTestId('dash-jobs-failed')).toHaveCount(0);
  await expect(dash.getByTestId('dash-inbox')).toHaveCount(0);
  await expect(dash.getByTestId('dash-queues')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('admin-dashboard-normal-1280.png'), fullPage: true });

  const url = `/admin/domains/${expired!.id}`;
  await page.goto(url);
  await expect(page.getByTestId('admin-domain-state')).toContainText('期限切れ');
  await expect(page.getByTestId('admin-domain-state')).not.toContainText('active');
  const record = page.getByTestId('admin-domain-record');
  await expect(record.getByRole('rowheader', { name: '有効期限', exact: true })).toBeVisible();
  await expect(record.getByRole('rowheader', { name: 'WHOIS代理公開', exact: true })).toBeVisible();
  // raw JSON is folded away
  await expect(page.getByText('生データ（JSON）')).toBeVisible();
  await checkAdminPage(page, url, (p) => p.getByTestId('admin-domain-state'));
});

test('the header shows マイページ only once the second factor is given', async ({ page }) => {
  const admin = createAdmin('normal');
  // password given, two-factor not set up yet: signed in, second factor owed
  const s = await (await page.request.get('/session', { headers: XHR })).json();
  const login = await page.request.post('/login', { headers: { ...XHR, 'X-CSRF-TOKEN': s.csrfToken }, data: { email: admin.email, password: admin.password } });
  expect((await login.json()).two_factor_setup_required).toBe(true);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/domain/price');
    if (width === 1280) {
      await expect(page.getByTestId('header-two-factor')).toBeVisible();
      await expect(page.getByTestId('header-mypage')).toHaveCount(0);
    } else {
      await page.getByTestId('menu-hamburger').click();
      await expect(page.getByTestId('menu-two-factor-link')).toBeVisible();
      await expect(page.getByTestId('menu-mypage-link')).toHaveCount(0);
      await page.keyboard.press('Escape');
    }
    await page.screenshot({ path: test.info().outputPath(`header-2fa-pending-${width}.png`) });
  }
  // an admin who has given the second factor sees マイページ
  await signInAdmin(page, createAdmin('normal'));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/domain/price');
  await expect(page.getByTestId('header-mypage')).toBeVisible();
  await expect(page.getByTestId('header-two-factor')).toHaveCount(0);
});
