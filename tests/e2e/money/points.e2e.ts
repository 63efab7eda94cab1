/**
 * ラッコポイント (the user menu's point page): the balance, the empty history, buying points by bank transfer (the
 * reference to write on the transfer, the account to pay into, the request listed after a reload); at 360 and 1280 px.
 */
import { expect, test } from '@playwright/test';
import { expectNoOverflow } from '../domains/domain-list.page';
import { expectNoSeriousA11yViolations, expectOwnTitle } from '../support/page-checks';
import { signUpPurchaser } from '../purchase/purchase.page';

const shots = process.env.TEST_TMP ? `${process.env.TEST_TMP}/screenshots` : 'test-results/screenshots';

test('the point page shows the balance and history and buys points by bank transfer', async ({ page }) => {
  test.setTimeout(240_000);
  await signUpPurchaser(page.request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/point');
  await expect(page.getByRole('heading', { name: 'ラッコポイント' })).toBeVisible();
  await expect(page.getByTestId('points-balance')).toHaveText('0RP');
  await expect(page.getByTestId('points-empty')).toBeVisible();
  await page.getByTestId('bank-buy').click();
  await expect(page.getByTestId('bank-reference')).toContainText('振込受付番号');
  await expect(page.getByTestId('bank-reference')).toContainText('10,000円');
  const reference = (await page.getByTestId('bank-reference').innerText()).match(/\d{8}/)![0];
  await expect(page.getByTestId('bank-account')).toContainText('ラッコ銀行（ローカル） 本店営業部 普通 1234567');
  // the request stays listed with its reference and state after a reload
  await expect(page.getByTestId(`bank-transfer-${reference}`)).toContainText('お振込み待ち');
  await expectNoOverflow(page);
  await page.screenshot({ path: `${shots}/points-1280.png`, fullPage: true });
  expect(await expectOwnTitle(page)).toBe('ラッコポイント | ラッコドメイン');
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.reload();
  await expect(page.getByTestId('points-balance')).toHaveText('0RP');
  await expect(page.getByTestId(`bank-transfer-${reference}`)).toContainText('10,000円');
  await expect(page.getByTestId('bank-reference')).toHaveCount(0);
  await expectNoOverflow(page);
  await page.screenshot({ path: `${shots}/points-360.png`, fullPage: true });
});
