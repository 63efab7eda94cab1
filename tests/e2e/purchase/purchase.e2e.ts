/**
 * Buying domains in the browser (000 §2 cart side panel, purchase and result steps, §4 payment choice, §5 .co.jp WHOIS):
 * a new purchaser (signed up through the API, so no other test moves its points) puts three domains in the cart,
 * registers the .co.jp's WHOIS through the modal (its rules first), pays the part the points do not cover by card
 * under the 50-yen rule, and sees all three done. Also: the card return, 3-D Secure with auto-execute, the other
 * payment tabs, and the WHOIS-add dialog of the cart.
 */
import { expect, test } from '@playwright/test';
import { M } from '../../../libs/messages/src';
import { CardFormPage } from '../payments/payments.page';
import { balanceOf, estimate, fillCart, freeName, JpWhoisModal, pick, signUpPurchaser } from './purchase.page';

const total = (e: { registerPrice: number; renewPrice: number }, years: number) => e.registerPrice + e.renewPrice * (years - 1);

test('a member buys three domains, one a .co.jp through the WHOIS modal, paying the last 30 yen by card as 50', async ({ page }) => {
  test.setTimeout(240_000);
  // a purchaser of its own: no other test moves this balance while the test sets it 30 yen short
  const headers = await signUpPurchaser(page.request);

  // a card of this test's own (newest first, so it is also the preselected one)
  await page.goto('/mypage/stripe?redirect_url=%2Fmypage%2Fdomain');
  await new CardFormPage(page).fill('4242 4242 4242 4242', '09/35');
  await page.waitForURL((u) => u.pathname === '/mypage/domain');
  const cards = (await (await page.request.get('/mypage/credit_card/load', { headers })).json()).cards as { id: string; cardInfoText: string }[];
  const card = cards.find((c) => c.cardInfoText === 'VISA **** 4242 (09/35)')!;
  expect(card).toBeTruthy();

  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const names = [await freeName(page.request, headers, 'com', 'e2e-buy'), await freeName(page.request, headers, 'net', 'e2e-buy'), await freeName(page.request, headers, 'co.jp', 'e2e-buy')];
  await fillCart(page.request, headers, names);

  // choose periods so the total is above the balance, then buy points by card until exactly 30 yen are missing
  // (a new member has no points: the top-up is then the total less 30 yen)
  const est = await estimate(page.request, headers, names);
  expect(est.map((e) => e.error ?? null)).toEqual([null, null, null]);
  let balance = await balanceOf(page.request, headers);
  const years = est.map((e) => e.minimum_years);
  const sum = () => est.reduce((s, e, i) => s + total(e, years[i]!), 0);
  for (let i = 0; i < 2 && sum() < balance + 80; i++) while (years[i]! + est[i]!.registration_unit <= 10 && sum() < balance + 80) years[i]! += est[i]!.registration_unit;
  const T = sum();
  if (T - 30 - balance > 0) {
    const topUp = T - 30 - balance;
    expect(topUp).toBeGreaterThanOrEqual(50);
    const s = await (await page.request.post('/mypage/point/domain/create/session', { headers, data: { domains: [{ name: `topup-${stamp}.com`, point: balance + topUp }], amount: topUp, stripeCardId: card.id } })).json();
    expect(s).toMatchObject({ result: true, status: 'paid' });
    balance = await balanceOf(page.request, headers);
  }
  expect(T - balance).toBe(30);

  // the cart side panel
  await page.goto('/mypage/search');
  const panel = page.getByTestId('cart-panel');
  await expect(panel.getByTestId('cart-item')).toHaveCount(3);
  await expect(panel.getByTestId('cart-item').filter({ hasText: names[2]! })).toContainText('WHOIS登録必須');
  await panel.getByTestId('cart-order').click();

  // the purchase step: rows, periods, the blocked .co.jp
  const step = page.getByTestId('purchase-step');
  await expect(step.getByTestId('purchase-row')).toHaveCount(3);
  for (const [i, name] of names.entries()) await step.getByLabel(`${name}の登録年数`).selectOption(String(years[i]));
  await expect(page.getByTestId('summary-total')).toHaveText(`${T.toLocaleString('ja-JP')}RP`);
  await expect(page.getByTestId('summary-to-buy')).toHaveText('50RP');
  await expect(page.getByTestId('minimum-notice')).toContainText('50円');
  await expect(page.getByTestId('summary-remaining')).toHaveText('20RP');
  await expect(page.getByTestId('prereq-pending')).toContainText(names[2]!);
  await expect(page.getByTestId('purchase-submit')).toBeDisabled();

  // the .co.jp WHOIS modal: its rules, then a complete registration
  await step.getByTestId('prereq-open').click();
  const modal = new JpWhoisModal(page);
  await modal.submit();
  await expect(modal.errors).toContainText(M.orgMissing);
  await expect(modal.errors).toContainText(M.registrantMissing);
  await page.getByTestId('jp-different-tec').check();
  await modal.submit();
  await expect(modal.errors).toContainText(M.techMissing);
  await page.getByTestId('jp-different-tec').uncheck();
  await modal.fillOrg('Rakko E2E KK', '株式会社ラッコE2E', '2999/01/01');
  await modal.fillStaff('reg', 'Other KK', '株式会社ほか');
  await modal.submit();
  await expect(modal.errors).toContainText(M.futureRegistrationDate);
  await expect(modal.errors).toContainText(M.orgNameMismatch);
  // 登記住所: marked required, entered from the prefecture on
  await modal.field('org', 'registration_address').fill('渋谷区渋谷1-1-1');
  await modal.submit();
  await expect(modal.root.getByText(M.registrationAddressFromPrefecture)).toBeVisible();
  await modal.field('org', 'registration_address').fill('東京都渋谷区渋谷1-1-1');
  // provisional registration hides the date
  await page.getByTestId('jp-prereg').check();
  await expect(modal.field('org', 'registration_date')).toHaveCount(0);
  await page.getByTestId('jp-prereg').uncheck();
  await modal.field('org', 'registration_date').fill('2020/04/01');
  await modal.field('reg', 'organization_jp').fill('株式会社ラッコE2E');
  await modal.field('reg', 'organization').fill('Rakko E2E KK');
  await modal.submit();
  await expect(modal.root).toHaveCount(0);
  await expect(step.getByTestId('prereq-done')).toBeVisible();

  // terms, then the card
  await page.getByTestId('purchase-submit').click();
  await expect(page.getByTestId('purchase-errors')).toContainText(M.agreeTerms);
  await page.getByTestId('terms').check();
  await pick(page, page.getByTestId('card-select'), card.cardInfoText);
  await page.getByTestId('purchase-submit').click();

  // the result step: all three done, then the way to domain management
  const result = page.getByTestId('result-step');
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(result).toHaveAttribute('data-done', 'true', { timeout: 90_000 });
  for (const name of names) await expect(result.locator(`[data-testid="result-row"][data-domain="${name}"]`)).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('result-manage')).toHaveAttribute('href', /^\/mypage\/domain\?domainPkIds\[\]=\d+&domainPkIds\[\]=\d+&domainPkIds\[\]=\d+$/);
  await expect(page.getByTestId('result-continue')).toBeEnabled();
  expect(await balanceOf(page.request, headers)).toBe(20);
  // the names left the cart
  const cart = await (await page.request.get('/mypage/cart', { headers })).json();
  expect(cart.domains.map((d: { name: string }) => d.name)).not.toContain(names[0]);
  // the ticked 「利用規約に同意する」 was stored with the terms' version (issue 25), beside the sign-up's agreement
  const { consents } = (await (await page.request.get('/consents/history', { headers })).json()) as { consents: { document: string; version: string; context: string }[] };
  const { legal } = (await (await page.request.get('/site/config', { headers })).json()) as { legal: { terms: string } };
  expect(consents.filter((c) => c.context === 'checkout')).toEqual([expect.objectContaining({ document: 'terms', version: legal.terms })]);
  expect(consents.filter((c) => c.context === 'signup').map((c) => c.document).sort()).toEqual(['privacy', 'terms']);
});

test('registering a card from the purchase step returns to it; a card with 3-D Secure is authenticated and the purchase runs on return', async ({ page }) => {
  test.setTimeout(240_000);
  const headers = await signUpPurchaser(page.request); // no points: the card pays the whole 10-year .com
  const name = await freeName(page.request, headers, 'com', 'e2e-3ds');
  await fillCart(page.request, headers, [name]);
  const [e] = await estimate(page.request, headers, [name]);
  expect(total(e!, 10)).toBeGreaterThanOrEqual(50);

  await page.goto('/mypage/search');
  await page.getByTestId('cart-panel').getByTestId('cart-order').click();
  await page.getByLabel(`${name}の登録年数`).selectOption('10');
  // no card yet; the wallet waits for the terms; bank transfer buys points first
  await expect(page.getByTestId('no-cards')).toBeVisible();
  await page.getByTestId('tab-wallet').click();
  await expect(page.getByTestId('wallet-terms')).toHaveText(M.agreeTermsWallet);
  await expect(page.getByTestId('wallet-submit')).toBeDisabled();
  await page.getByTestId('terms').check();
  await expect(page.getByTestId('wallet-submit')).toBeEnabled();
  await page.getByTestId('tab-bank').click();
  await page.getByRole('button', { name: '振込でポイントを購入する' }).click();
  await expect(page.getByTestId('bank-reference')).toContainText('振込受付番号');
  await page.getByTestId('tab-card').click();
  await page.getByTestId('purchase-submit').click();
  await expect(page.getByTestId('purchase-errors')).toContainText(M.selectCard);
  await page.getByTestId('card-register').click();
  await new CardFormPage(page).fill('4000 0025 0000 3155', '08/36');
  // back with action=createDomain: the purchase step reopens from session storage, period kept
  await page.waitForURL((u) => u.pathname === '/mypage/search');
  await expect(page.getByTestId('purchase-step')).toBeVisible();
  await expect(page.getByLabel(`${name}の登録年数`)).toHaveValue('10');

  await page.getByTestId('terms').check();
  await pick(page, page.getByTestId('card-select'), 'VISA **** 3155 (08/36)');
  await page.getByTestId('purchase-submit').click();
  await expect(page.getByRole('heading', { name: '3-D セキュア認証' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: '認証する' }).click();

  // back from the card: the paid session runs the purchase at once
  const result = page.getByTestId('result-step');
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(result).toHaveAttribute('data-done', 'true', { timeout: 90_000 });
  await expect(result.locator(`[data-testid="result-row"][data-domain="${name}"]`)).toHaveAttribute('data-status', 'done');
  expect(new URL(page.url()).searchParams.get('orderId')).toMatch(/^[0-9a-f-]{36}$/);
  // a reload keeps the result and buys nothing more
  const after = await balanceOf(page.request, headers);
  await page.reload();
  await expect(page.getByTestId('result-step')).toHaveAttribute('data-done', 'true');
  expect(await balanceOf(page.request, headers)).toBe(after);
  await page.getByTestId('result-continue').click();
  await expect(page.getByTestId('search-form')).toBeVisible();
});

test('a domain without WHOIS proxy needs a WHOIS contact from the cart before ordering', async ({ page }) => {
  const headers = await signUpPurchaser(page.request); // a new member has no WHOIS contact for such domains yet
  const name = await freeName(page.request, headers, 'us', 'e2e-whois');
  await fillCart(page.request, headers, [name]);
  await page.goto('/mypage/search');
  const panel = page.getByTestId('cart-panel');
  await expect(panel.getByTestId('cart-item')).toContainText('代理公開不可');
  await expect(panel.getByTestId('cart-whois-required')).toContainText(name);
  await expect(panel.getByTestId('cart-order')).toBeDisabled();

  await panel.getByTestId('cart-whois-add').click();
  const dialog = page.getByRole('dialog', { name: 'WHOIS情報の追加' });
  await dialog.getByRole('button', { name: '登録する' }).click();
  await expect(dialog.getByText('メールアドレスは必須です')).toBeVisible();
  await expect(dialog.getByText('郵便番号は必須です')).toBeVisible();
  await dialog.getByLabel('姓 (Last name)').fill('Yamada');
  await dialog.getByLabel('名 (First name)').fill('Taro');
  await dialog.getByLabel('メールアドレス').fill('whois@example.jp');
  await dialog.getByLabel('郵便番号').fill('1500002');
  // the postal lookup fills the prefecture and the city
  await expect(dialog.getByLabel('市区町村 (City)')).not.toHaveValue('');
  await dialog.getByLabel('住所1 (Street)').fill('1-1-1 Shibuya');
  await dialog.getByLabel('電話番号').fill('0312345678');
  await dialog.getByRole('button', { name: '登録する' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(panel.getByTestId('cart-whois-required')).toHaveCount(0);
  await expect(panel.getByTestId('cart-order')).toBeEnabled();
});
