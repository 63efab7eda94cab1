/**
 * Provisional .co.jp activation in the browser (000 spec §2 "Provisional-domain activation", §5): a member with a
 * provisional .co.jp (bought through the API with the provisional flag) sees it on mypage/JpDomainActivate with its
 * deadline, opens the form (organisation and registrant from the purchase), gets the activation's message for a
 * registration date in the future, applies, and the list is empty. Checked at 360 and 1280 px (overflow, axe).
 */
import { expect, test } from '@playwright/test';
import { M } from '@registrar/messages';
import { CardFormPage } from '../payments/payments.page';
import { estimate, freeName, signUpPurchaser } from '../purchase/purchase.page';
import { checkPage, expectNoHorizontalOverflow, expectNoSeriousA11yViolations } from '../support/page-checks';

const shots = process.env.TEST_TMP ? `${process.env.TEST_TMP}/screenshots` : 'test-results/screenshots';

test('a provisional .co.jp is listed with its deadline and made final through the activation form', async ({ page }) => {
  test.setTimeout(240_000);
  const headers = await signUpPurchaser(page.request);
  // the empty state first
  await checkPage(page, '/mypage/JpDomainActivate', { ready: (p) => p.getByTestId('jp-activation-empty') });
  await expect(page.getByTestId('jp-activation-empty')).toHaveText('仮登録中のドメインはありません。');

  await page.goto('/mypage/stripe?redirect_url=%2Fmypage%2FJpDomainActivate');
  await new CardFormPage(page).fill('4242 4242 4242 4242', '12/34');
  await page.waitForURL((u) => u.pathname === '/mypage/JpDomainActivate');
  const cards = (await (await page.request.get('/mypage/credit_card/load', { headers })).json()).cards as Array<{ id: string }>;
  const name = await freeName(page.request, headers, 'co.jp', 'e2e-act');
  const org = {
    organization: `Act ${name}`, organization_jp: `アクト${name}`, organization_type: 10, cc: 'JP', pc: '1500002', sp: 'Tokyo', city: 'Shibuya-ku', street1: '1-1-1 Shibuya',
    phone: '0312345678', email: 'org@example.jp', name: 'Taro Yamada',
  };
  const reg = { ...org, role: 'organization', last_name: 'Yamada', first_name: 'Taro' };
  const pre = await (await page.request.post('/mypage/domain/create/prereq', { headers, data: { domainName: name, contact: { org, reg }, preRegister: true, isDifferentTec: false, isDifferentAdm: false, isDifferentBil: false } })).json();
  expect(pre.result).toBe(true);
  const [e] = await estimate(page.request, headers, [name]);
  const point = e!.registerPrice + e!.renewPrice * (e!.minimum_years - 1);
  const s = await (await page.request.post('/mypage/point/domain/create/session', { headers, data: { domains: [{ name, point }], amount: Math.max(point, 50), stripeCardId: cards[0]!.id } })).json();
  const created = await (await page.request.post('/mypage/domain/create', { headers, data: { domains: [{ name, period: e!.minimum_years, point }], totalFee: point, point: 0, payment: { type: 'card', sessionId: s.sessionId }, idempotencyKey: crypto.randomUUID() } })).json();
  expect(created.result).toBe(true);
  await expect.poll(async () => (await (await page.request.get(`/mypage/domain/create/status?orderId=${created.orderId}`, { headers })).json()).done, { timeout: 60_000 }).toBe(true);

  await checkPage(page, '/mypage/JpDomainActivate', { ready: (p) => p.locator(`[data-testid="jp-activation-row"][data-domain="${name}"]`) });
  await page.screenshot({ path: `${shots}/jp-activation-1280.png`, fullPage: true });
  const row = page.locator(`[data-testid="jp-activation-row"][data-domain="${name}"]`);
  await expect(row).toContainText(/\d{4}-\d{2}-\d{2}/);
  await row.getByTestId('jp-activate-open').click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: `本登録の申請（${name}）` })).toBeVisible();
  // the organisation from the purchase, the registration date to enter
  await expect(modal.getByTestId('org-organization')).toHaveValue(org.organization);
  await expect(modal.getByTestId('jp-different-tec')).toHaveCount(0);
  await modal.getByTestId('org-registration_date').fill('2099/01/01');
  await modal.getByTestId('jp-whois-submit').click();
  await expect(modal.getByTestId('jp-whois-errors')).toContainText(M.futureRegistrationDateActivate);
  await expectNoSeriousA11yViolations(page);
  await modal.getByTestId('org-registration_date').fill('2020/04/01');
  await modal.getByTestId('jp-whois-submit').click();
  await expect(page.getByTestId('jp-activation-empty')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.setViewportSize({ width: 360, height: 900 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${shots}/jp-activation-done-360.png`, fullPage: true });
});
