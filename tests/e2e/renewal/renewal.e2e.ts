/**
 * The renewal modal from the domain list (000 spec §2, §4): a purchaser with a card buys a .com, opens 更新 from the
 * row's menu, sees the renewal price and the card charge (no points), agrees to the terms and renews by card; the
 * result row shows the new expiry. Overflow and axe checks, screenshots at 360 and 1280 px.
 */
import { expect, test } from '@playwright/test';
import { CardFormPage } from '../payments/payments.page';
import { estimate, freeName, pick, signUpPurchaser } from '../purchase/purchase.page';
import { expectNoOverflow, seedPortfolio, signUpMember } from '../domains/domain-list.page';
import { expectNoSeriousA11yViolations } from '../support/page-checks';

const shots = process.env.TEST_TMP ? `${process.env.TEST_TMP}/screenshots` : 'test-results/screenshots';

test('a member renews a domain from the list by card (the modal shows price, card charge and the result)', async ({ page }) => {
  test.setTimeout(240_000);
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
    await expect(row).toBeVisible({ timeout: 60_000 });
    await row.getByTestId('row-menu').click();
    await page.getByRole('menuitem', { name: '更新', exact: true }).click();
    const modal = page.getByRole('dialog');
    await expect(modal.getByTestId('renew-update')).toBeVisible({ timeout: 60_000 });
    await expect(modal.getByTestId('renew-total')).toHaveText(`${e!.renewPrice.toLocaleString('ja-JP')}円`);
    await expect(modal.getByTestId('renew-card-charge')).toBeVisible();
    await expectNoOverflow(page);
    await expectNoSeriousA11yViolations(page, [], `the renewal modal at ${width}px`);
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
    await expectNoSeriousA11yViolations(page, [], 'the renewal result');
    await page.screenshot({ path: `${shots}/renew-result-${width}.png`, fullPage: true });
    await result.getByRole('button', { name: '閉じる' }).click();
  }
  // the ラッコポイント history says what the points bought and were spent on
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/point');
    const history = page.getByTestId('points-history');
    await expect(history.getByTestId('points-row').filter({ hasText: `ドメイン更新 ${name}` })).toHaveCount(1);
    await expect(history.getByTestId('points-row').filter({ hasText: 'カード決済によるポイント購入' }).first()).toBeVisible();
    await expect(history.getByTestId('points-row').filter({ hasText: `ドメイン登録 ${name}` })).toHaveCount(1);
    await expectNoOverflow(page);
    await expectNoSeriousA11yViolations(page, [], `the point history at ${width}px`);
    await page.screenshot({ path: `${shots}/points-history-${width}.png`, fullPage: true });
  }
});

/** A purchaser with a 4242 card who holds one .com bought by card (through the API, as the purchase step does). */
async function memberWithDomain(page: import('@playwright/test').Page, prefix: string) {
  const headers = await signUpPurchaser(page.request);
  await page.goto('/mypage/stripe?redirect_url=%2Fmypage%2Fdomain');
  await new CardFormPage(page).fill('4242 4242 4242 4242', '12/34');
  await page.waitForURL((u) => u.pathname === '/mypage/domain');
  const cards = (await (await page.request.get('/mypage/credit_card/load', { headers })).json()).cards as Array<{ id: string; cardInfoText: string }>;
  const name = await freeName(page.request, headers, 'com', prefix);
  const [e] = await estimate(page.request, headers, [name]);
  const point = e!.registerPrice + e!.renewPrice * (e!.minimum_years - 1);
  const s = await (await page.request.post('/mypage/point/domain/create/session', { headers, data: { domains: [{ name, point }], amount: Math.max(point, 50), stripeCardId: cards[0]!.id } })).json();
  const created = await (await page.request.post('/mypage/domain/create', { headers, data: { domains: [{ name, period: e!.minimum_years, point }], totalFee: point, point: 0, payment: { type: 'card', sessionId: s.sessionId }, idempotencyKey: crypto.randomUUID() } })).json();
  expect(created.result).toBe(true);
  await expect.poll(async () => (await (await page.request.get(`/mypage/domain/create/status?orderId=${created.orderId}`, { headers })).json()).done, { timeout: 60_000 }).toBe(true);
  return { headers, name, renewPrice: e!.renewPrice };
}

async function openRenewal(page: import('@playwright/test').Page, name: string) {
  await page.goto('/mypage/domain');
  const row = page.locator(`[data-testid="domain-row"][data-domain="${name}"]:visible`);
  await expect(row).toBeVisible({ timeout: 60_000 });
  await row.getByTestId('row-menu').click();
  await page.getByRole('menuitem', { name: '更新', exact: true }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByTestId('renew-update')).toBeVisible({ timeout: 60_000 });
  return modal;
}

async function pointHistory(page: import('@playwright/test').Page, headers: Record<string, string>) {
  return (await (await page.request.get('/mypage/point/history', { headers })).json()).data as Array<{ delta: number; kind: string; balanceAfter: number }>;
}

test('a card asking for 3-D Secure: a failed challenge reopens the modal as it was; an approved one comes back and renews once', async ({ page }) => {
  test.setTimeout(240_000);
  const { headers, name, renewPrice } = await memberWithDomain(page, 'e2e-renew3ds');
  // a second card that asks for 3-D Secure (the newest card is preselected)
  await page.goto('/mypage/stripe?redirect_url=%2Fmypage%2Fdomain');
  await new CardFormPage(page).fill('4000002500003155', '10/32');
  await page.waitForURL((u) => u.pathname === '/mypage/domain');

  let modal = await openRenewal(page, name);
  await modal.getByTestId('renew-auto').check();
  await modal.getByTestId('renew-terms').check();
  await expect(modal.getByTestId('renew-card')).toHaveValue('VISA **** 3155 (10/32)');
  await modal.getByTestId('renew-submit').click();
  await expect(page.getByRole('heading', { name: '3-D セキュア認証' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: '認証に失敗する' }).click();

  // back on the list: the modal is open again with its choices and the failure
  modal = page.getByRole('dialog');
  await expect(modal.getByTestId('renew-card-failed')).toContainText('カードの本人認証（3Dセキュア）に失敗しました。', { timeout: 60_000 });
  await expect(modal.getByTestId('renew-terms')).toBeChecked();
  await expect(modal.getByTestId('renew-auto')).toBeChecked();
  expect(new URL(page.url()).searchParams.get('action')).toBeNull();
  expect((await pointHistory(page, headers)).filter((h) => h.kind === 'spend' && h.delta === -renewPrice)).toHaveLength(0);

  // a return with a session that is not the member's: the toast, and the modal as it was (000 §4)
  await modal.getByTestId('renew-submit').click();
  await expect(page.getByRole('heading', { name: '3-D セキュア認証' })).toBeVisible({ timeout: 60_000 });
  await page.goto('/mypage/domain?action=renewDomain&payment_session=00000000-0000-0000-0000-000000000000&paymentResult=success');
  await expect(page.getByText('予期せぬエラーが発生しました')).toBeVisible({ timeout: 60_000 });
  modal = page.getByRole('dialog');
  await expect(modal.getByTestId('renew-update')).toBeVisible();
  await expect(modal.getByTestId('renew-terms')).toBeChecked();
  await expect(modal.getByTestId('renew-auto')).toBeChecked();

  await modal.getByTestId('renew-submit').click();
  await expect(page.getByRole('heading', { name: '3-D セキュア認証' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: '認証する' }).click();
  modal = page.getByRole('dialog');
  const result = modal.getByTestId('renew-result');
  await expect(result).toBeVisible({ timeout: 90_000 });
  await expect(result.locator('[data-code="0"]')).toContainText('更新完了（1年）');
  // the auto-renew option the member asked for: its result per row (000 §3 "Renew result row")
  await expect(result.locator('[data-code="0"]').getByTestId('renew-row-auto')).toHaveText('自動更新: ONに設定しました');
  await page.setViewportSize({ width: 360, height: 900 });
  await expectNoOverflow(page);
  await page.screenshot({ path: `${shots}/renew-3ds-return-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // the card bought exactly the renewal price as points and the renewal spent it once; a reload renews nothing again
  await page.reload();
  await expect(page.locator(`[data-testid="domain-row"][data-domain="${name}"]:visible`)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const history = await pointHistory(page, headers);
  expect(history.filter((h) => h.kind === 'spend' && h.delta === -renewPrice)).toHaveLength(1);
  expect(history[0]!.balanceAfter).toBe(Math.max(renewPrice, 50) - renewPrice);
});

test('a renewal paid with the wallet: the PayPal tab, the wallet page, and back the modal completes the renewal', async ({ page }) => {
  test.setTimeout(240_000);
  const { headers, name, renewPrice } = await memberWithDomain(page, 'e2e-renewpp');
  let modal = await openRenewal(page, name);
  await modal.getByTestId('renew-tab-wallet').click();
  await expect(modal.getByText(`PayPalで不足分の${renewPrice.toLocaleString('ja-JP')}円のポイントを購入し、そのまま更新手続きを行います。`)).toBeVisible();
  await modal.getByTestId('renew-wallet-submit').click();
  await expect(modal.getByTestId('renew-errors')).toContainText('利用規約に同意してください');
  await modal.getByTestId('renew-terms').check();
  await page.screenshot({ path: `${shots}/renew-wallet-1280.png`, fullPage: true });
  await modal.getByTestId('renew-wallet-submit').click();
  await page.getByRole('button', { name: '承認して支払う' }).click({ timeout: 60_000 });
  modal = page.getByRole('dialog');
  const result = modal.getByTestId('renew-result');
  await expect(result).toBeVisible({ timeout: 90_000 });
  await expect(result.locator('[data-code="0"]')).toContainText('更新完了（1年）');
  const history = await pointHistory(page, headers);
  expect(history.filter((h) => h.kind === 'spend' && h.delta === -renewPrice)).toHaveLength(1);
  expect(history[0]!.balanceAfter).toBe(0);
});

/** Fails the renewal call itself (the network drops it); the payment session before it is the real one. */
const failRenewCall = (page: import('@playwright/test').Page) => page.route('**/mypage/domain/renew', (r) => r.abort('failed'));

test('the renewal call fails after the card paid: the row reads 予期せぬエラー, not the card failure (000 §7)', async ({ page }) => {
  test.setTimeout(240_000);
  const { name } = await memberWithDomain(page, 'e2e-renewfail');
  const modal = await openRenewal(page, name);
  await modal.getByTestId('renew-auto').check();
  await modal.getByTestId('renew-terms').check();
  await failRenewCall(page);
  await modal.getByTestId('renew-submit').click();
  const result = modal.getByTestId('renew-result');
  await expect(result).toBeVisible();
  await expect(result.locator('[data-code="2"]')).toContainText('✕ 予期せぬエラー');
  await expect(result.getByTestId('renew-row-auto')).toHaveText('自動更新: 設定できませんでした');
  await expect(modal.getByText('カード決済によるポイント購入処理に失敗しました。')).toHaveCount(0);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page);
    await expectNoSeriousA11yViolations(page, [], `the failed renewal's result at ${width}px`);
    await page.screenshot({ path: `${shots}/renew-failed-call-${width}.png`, fullPage: true });
  }
});

test('the renewal call fails on the return from the wallet: the row reads 予期せぬエラー in the result (000 §7)', async ({ page }) => {
  test.setTimeout(240_000);
  const { name } = await memberWithDomain(page, 'e2e-renewppfail');
  let modal = await openRenewal(page, name);
  await modal.getByTestId('renew-tab-wallet').click();
  await modal.getByTestId('renew-terms').check();
  await failRenewCall(page);
  await modal.getByTestId('renew-wallet-submit').click();
  await page.getByRole('button', { name: '承認して支払う' }).click({ timeout: 60_000 });
  modal = page.getByRole('dialog');
  const result = modal.getByTestId('renew-result');
  await expect(result).toBeVisible({ timeout: 90_000 });
  await expect(result.locator('[data-code="2"]')).toContainText('✕ 予期せぬエラー');
  await expect(result.getByTestId('renew-row-auto')).toHaveCount(0); // auto-renew was not asked for
  await expect(modal.getByTestId('renew-errors')).toHaveCount(0);
});

test('more than 100 domains chosen: the modal says the limit before pay is pressed and pay stays disabled', async ({ page }) => {
  test.setTimeout(240_000);
  const { headers } = await signUpMember(page.request);
  await seedPortfolio(page.request, headers, 160);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/mypage/domain?pagingNum=200');
  await page.getByRole('checkbox', { name: 'このページのドメインをすべて選択' }).check();
  const selected = Number((await page.getByTestId('selection-count').textContent())?.replace(/[^0-9]/g, ''));
  expect(selected).toBeGreaterThan(100);
  await page.getByTestId('bulk-bar').getByRole('button', { name: '更新', exact: true }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByTestId('renew-update')).toBeVisible({ timeout: 60_000 });
  await expect(modal.getByTestId('renew-too-many')).toHaveText('一度に更新できるドメインは100件までです');
  await expect(modal.getByTestId('renew-submit')).toBeDisabled();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page);
    await expectNoSeriousA11yViolations(page, [], `the renewal modal with too many domains at ${width}px`);
    await page.screenshot({ path: `${shots}/renew-too-many-${width}.png` });
  }
});
