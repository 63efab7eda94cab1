/**
 * The money pages of the user menu: クレジットカード (list, add through the hosted card page, default, remove) and
 * 利用明細 (the charges paid, each with a printable receipt). Checked at 360 and 1280 px (overflow, axe, own title).
 */
import { expect, test } from '@playwright/test';
import { CardFormPage } from '../payments/payments.page';
import { signUpPurchaser } from '../purchase/purchase.page';
import { checkPage } from '../support/page-checks';

const shots = process.env.TEST_TMP ? `${process.env.TEST_TMP}/screenshots` : 'test-results/screenshots';

test('クレジットカード: add two cards, make the older the default, remove one; 利用明細 lists a card payment with its receipt', async ({ page }) => {
  test.setTimeout(240_000);
  const headers = await signUpPurchaser(page.request);
  await checkPage(page, '/credit', { ready: (p) => p.getByTestId('cards-empty') });
  await checkPage(page, '/account_statement', { ready: (p) => p.getByTestId('statement-empty') });

  for (const [number, exp] of [['4242 4242 4242 4242', '12/34'], ['5555 5555 5555 4444', '11/33']] as const) {
    await page.goto('/credit');
    await page.getByTestId('card-add').click();
    await new CardFormPage(page).fill(number, exp);
    await page.waitForURL((u) => u.pathname === '/credit');
  }
  const rows = page.getByTestId('card-row');
  await expect(rows).toHaveCount(2);
  // the newest first, as the default
  await expect(rows.nth(0)).toHaveAttribute('data-card', 'MASTERCARD **** 4444 (11/33)');
  await expect(rows.nth(0).getByTestId('card-default')).toBeVisible();
  await rows.nth(1).getByTestId('card-make-default').click();
  await expect(rows.nth(0)).toHaveAttribute('data-card', 'VISA **** 4242 (12/34)');
  await expect(rows.nth(0).getByTestId('card-default')).toBeVisible();
  // the payment pages preselect the default too
  const cards = (await (await page.request.get('/mypage/credit_card/load', { headers })).json()).cards as Array<{ id: string; cardInfoText: string }>;
  expect(cards.map((c) => c.cardInfoText)).toEqual(['VISA **** 4242 (12/34)', 'MASTERCARD **** 4444 (11/33)']);
  await checkPage(page, '/credit', { ready: (p) => p.getByTestId('cards-list') });
  await page.screenshot({ path: `${shots}/cards-1280.png`, fullPage: true });

  await page.getByTestId('card-row').nth(1).getByTestId('card-remove').click();
  await page.getByTestId('card-remove-confirm').click();
  await expect(page.getByTestId('card-row')).toHaveCount(1);
  await expect(page.getByTestId('card-row')).toHaveAttribute('data-card', 'VISA **** 4242 (12/34)');
  const after = (await (await page.request.get('/mypage/credit_card/load', { headers })).json()).cards as Array<{ id: string }>;
  expect(after.map((c) => c.id)).toEqual([cards[0]!.id]);
  // a removed card cannot pay any more
  const refused = await (await page.request.post('/mypage/point/domain/create/session', { headers, data: { domains: [{ name: `e2e-${Date.now()}.com`, point: 1200 }], amount: 1200, stripeCardId: cards[1]!.id } })).json();
  expect(refused.result).toBe(false);

  // a card payment of 1,200 yen (points bought for an order) appears on the statement with its receipt
  const paid = await (await page.request.post('/mypage/point/domain/create/session', { headers, data: { domains: [{ name: `e2e-${Date.now()}.com`, point: 1200 }], amount: 1200, stripeCardId: cards[0]!.id } })).json();
  expect(paid.status).toBe('paid');
  await checkPage(page, '/account_statement', { ready: (p) => p.getByTestId('statement-row') });
  await page.screenshot({ path: `${shots}/statement-1280.png`, fullPage: true });
  const row = page.getByTestId('statement-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('1,200円');
  await expect(row).toContainText('クレジットカード');
  await row.getByTestId('receipt-link').click();
  await expect(page.getByTestId('receipt-amount')).toHaveText('1,200円');
  await expect(page.getByTestId('receipt')).toContainText('うち消費税等 109円');
  await checkPage(page, page.url().replace(/^https?:\/\/[^/]+/, ''), { ready: (p) => p.getByTestId('receipt') });
  await page.screenshot({ path: `${shots}/receipt-1280.png`, fullPage: true });
  // another member's receipt is not found
  const other = await page.request.get(`/mypage/account_statement/receipt?kind=payment&id=00000000-0000-0000-0000-000000000000`, { headers });
  expect(other.status()).toBe(404);
});
