/**
 * The renewal modal from the domain list (000 spec §2, §4): a purchaser with a card buys a .com, opens 更新 from the
 * row's menu, sees the renewal price and the card charge (no points), agrees to the terms and renews by card; the
 * result row shows the new expiry. Screenshots at 360 and 1280 px.
 */
import { expect, test } from '@playwright/test';
import { CardFormPage } from '../payments/payments.page';
import { estimate, freeName, pick, signUpPurchaser } from '../purchase/purchase.page';
import { expectNoOverflow } from '../domains/domain-list.page';

const shots = process.env.TEST_TMP ? `${process.env.TEST_TMP}/screenshots` : 'test-results/screenshots';

test('a member renews a domain from the list by card (the modal shows price, card charge and the result)', async ({ page }) => {
  test.setTimeout(180_000);
  const headers = await signUpPurchaser(page.request);
  // a card, saved through the hosted card page
  await page.goto('/mypage/stripe?redirect_url=%2Fmypage%2Fdomain');
  await new CardFormPage(page).fill('4242 4242 4242 4242', '12/34');
  await page.waitForURL((u) => u.pathname === '/mypage/domain');
  const cards = (await (await page.request.get('/mypage/credit_card/load', { headers })).json()).cards as Array<{ id: string; cardInfoText: string }>;
  expect(cards.length).toBe(1);

  // buy a .com by card (no points), as the purchase step does
  const name = await freeName(page.request, headers, 'com', 'e2e-renew');
  const [e] = await estimate(page.request, headers, [name]);
  const point = e!.registerPrice + e!.renewPrice * (e!.minimum_years - 1);
  const s = await (await page.request.post('/mypage/point/domain/create/session', { headers, data: { domains: [{ name, point }], amount: Math.max(point, 50), stripeCardId: cards[0]!.id } })).json();
  expect(s.status).toBe('paid');
  const created = await (await page.request.post('/mypage/domain/create', { headers, data: { domains: [{ name, period: e!.minimum_years, point }], totalFee: point, point: 0, payment: { type: 'card', sessionId: s.sessionId }, idempotencyKey: crypto.randomUUID() } })).json();
  expect(created.result).toBe(true);
  await expect.poll(async () => (await (await page.request.get(`/mypage/domain/create/status?orderId=${created.orderId}`, { headers })).json()).done, { timeout: 60_000 }).toBe(true);

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/mypage/domain');
    const row = page.locator(`[data-testid="domain-row"][data-domain="${name}"]:visible`);
    await expect(row).toBeVisible({ timeout: 20_000 });
    await row.getByTestId('row-menu').click();
    await page.getByRole('menuitem', { name: '更新' }).click();
    const modal = page.getByRole('dialog');
    await expect(modal.getByTestId('renew-update')).toBeVisible({ timeout: 20_000 });
    await expect(modal.getByTestId('renew-total')).toHaveText(`${e!.renewPrice.toLocaleString('ja-JP')}円`);
    await expect(modal.getByTestId('renew-card-charge')).toBeVisible();
    await expectNoOverflow(page);
    await page.screenshot({ path: `${shots}/renew-modal-${width}.png`, fullPage: true });
    if (width === 360) break;
    // the terms first
    await modal.getByTestId('renew-submit').click();
    await expect(modal.getByTestId('renew-errors')).toContainText('「利用規約に同意する」にチェックを入れてください');
    await modal.getByTestId('renew-terms').check();
    await pick(page, modal.getByTestId('renew-card'), cards[0]!.cardInfoText);
    await modal.getByTestId('renew-submit').click();
    const result = modal.getByTestId('renew-result');
    await expect(result).toBeVisible({ timeout: 60_000 });
    await expect(result.locator('[data-code="0"]')).toContainText('更新完了（1年）');
    await page.screenshot({ path: `${shots}/renew-result-${width}.png`, fullPage: true });
    await result.getByRole('button', { name: '閉じる' }).click();
  }
});
