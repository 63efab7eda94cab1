/**
 * The purchase's .co.jp WHOIS form is kept while the member leaves it (issue 9): typed, closed to register a card,
 * and found again as it was when the card pages send the member back; logging out forgets it.
 */
import { expect, test } from '@playwright/test';
import { CardFormPage } from '../payments/payments.page';
import { fillCart, freeName, JpWhoisModal, signUpPurchaser } from './purchase.page';

test('the .co.jp WHOIS form survives leaving the purchase step (as the cart does)', async ({ page }) => {
  test.setTimeout(240_000);
  const headers = await signUpPurchaser(page.request);
  const name = await freeName(page.request, headers, 'co.jp', 'e2e-draft');
  await fillCart(page.request, headers, [name]);

  await page.goto('/mypage/search');
  await page.getByTestId('cart-panel').getByTestId('cart-order').click();
  const step = page.getByTestId('purchase-step');
  await step.getByTestId('prereq-open').click();
  const modal = new JpWhoisModal(page);
  await modal.field('org', 'organization_jp').fill('株式会社下書き');
  await modal.field('org', 'registration_address').fill('東京都渋谷区渋谷1-1-1');
  await page.getByTestId('jp-different-tec').check();
  await modal.root.getByRole('button', { name: '閉じる' }).first().click();
  await expect(modal.root).toHaveCount(0);

  // to the card pages (another document) and back: the purchase step reopens, the form as it was left
  await step.getByTestId('card-register').click();
  await new CardFormPage(page).fill('4242 4242 4242 4242', '09/35');
  await page.waitForURL((u) => u.pathname === '/mypage/search');
  await expect(step).toBeVisible();
  await step.getByTestId('prereq-open').click();
  await expect(modal.field('org', 'organization_jp')).toHaveValue('株式会社下書き');
  await expect(modal.field('org', 'registration_address')).toHaveValue('東京都渋谷区渋谷1-1-1');
  await expect(page.getByTestId('jp-different-tec')).toBeChecked();
  await modal.root.getByRole('button', { name: '閉じる' }).first().click();

  // the draft holds personal data: logging out forgets it in this tab
  await page.goto('/logout');
  await page.waitForURL((u) => u.pathname === '/login');
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.includes('jpWhoisDraft')))).toEqual([]);
});
