/**
 * Daily use as a member does it (001, issue 26), at 360 and 1280 px:
 *  - every count of the banner equals the rows its link opens (a portfolio in every state: trashed, expired,
 *    WHOIS changes in progress);
 *  - a registry refusal reaches the member in Japanese, with what to do and the code for support, and leaves a line
 *    in 履歴 (a .com registered for 10 years cannot be renewed: the registry refuses an expiry beyond 10 years ahead).
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { registryErrorMessage } from '../../../libs/messages/src';
import { DOMAIN_BANNER_LIST_KEYS } from '../../../libs/rules/src';
import { CardFormPage } from '../payments/payments.page';
import { estimate, freeName, signUpPurchaser } from '../purchase/purchase.page';
import { apiSearch, expectNoOverflow, rows, seedPortfolio, signUpMember } from './domain-list.page';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations } from '../support/page-checks';

// fresh loads of the app on a busy shared machine can take well over the default 10 s
const expect = baseExpect.configure({ timeout: 60_000 });
const shots = process.env.TEST_TMP ? `${process.env.TEST_TMP}/screenshots` : 'test-results/screenshots';

async function bannerCount(page: Page, key: string): Promise<number | null> {
  // phones show the first chips and a button for the rest
  if (await page.getByTestId('banner-more').isVisible()) await page.getByTestId('banner-more').click();
  const item = page.getByTestId(`banner-${key}`);
  if ((await item.count()) === 0) return null;
  const m = /([\d,]+)件$/.exec(((await item.textContent()) ?? '').trim());
  return m ? Number(m[1]!.replace(/,/g, '')) : null;
}

test('every banner count equals the rows its link opens, at 1280 and 360 px', async ({ page }) => {
  test.setTimeout(600_000); // every item at both widths, each a fresh load of the list
  const { headers } = await signUpMember(page.request);
  await seedPortfolio(page.request, headers, 140);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/mypage/domain');
    await expect(page.getByTestId('domain-banner')).toContainText('管理中');
    let checked = 0;
    for (const key of DOMAIN_BANNER_LIST_KEYS) {
      await page.goto('/mypage/domain');
      await expect(page.getByTestId('domain-banner')).toContainText('管理中');
      const count = await bannerCount(page, key);
      if (count === null) continue; // nothing of this kind: no item
      await page.getByTestId(`banner-${key}`).click();
      // the link's filter is readable in the address bar (no JSON-quoted values)
      expect(page.url()).not.toContain('%22');
      await expect(page.getByTestId('hit-count')).toHaveText(`${count.toLocaleString('ja-JP')}件`);
      if (key !== 'trashed' && count > 0) await expect(rows(page).first()).toBeVisible();
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(4); // the portfolio has expiring, expired, trashed and WHOIS-changing domains
    await page.goto('/mypage/domain');
    await expect(rows(page).first()).toBeVisible();
    await page.screenshot({ path: `${shots}/banner-${width}.png`, fullPage: true });
    await expectNoOverflow(page).catch(async (e) => {
      await expectNoHorizontalOverflow(page, `the domain list at ${width}px`); // names the widest elements
      throw e;
    });
  }
  // the TLD registration box of the list: a name without a dot gets the chosen TLD, and the search runs it
  const box = page.getByTestId('registration-box');
  await box.getByLabel('新しいドメインを登録').fill('rakko-box-e2e');
  await box.getByLabel('TLD').selectOption('net');
  await box.getByRole('button', { name: '検索' }).click();
  await expect(page).toHaveURL(/\/mypage\/search\?.*domain=rakko-box-e2e\.net/);
  await expect(page.getByTestId('search-form')).toBeVisible();
});

test('a registry refusal shows a Japanese message with what to do and the code, and a line in 履歴', async ({ page }) => {
  test.setTimeout(300_000);
  const headers = await signUpPurchaser(page.request);
  await page.goto('/mypage/stripe?redirect_url=%2Fmypage%2Fdomain');
  await new CardFormPage(page).fill('4242 4242 4242 4242', '11/35');
  await page.waitForURL((u) => u.pathname === '/mypage/domain');
  const cards = (await (await page.request.get('/mypage/credit_card/load', { headers })).json()).cards as Array<{ id: string }>;
  // a .com registered for 10 years, with points left for one more year
  const name = await freeName(page.request, headers, 'com', 'e2e-refusal');
  const [e] = await estimate(page.request, headers, [name]);
  const point = e!.registerPrice + e!.renewPrice * 9;
  const buy = point + e!.renewPrice;
  const s = await (await page.request.post('/mypage/point/domain/create/session', { headers, data: { domains: [{ name, point: buy }], amount: buy, stripeCardId: cards[0]!.id } })).json();
  expect(s.status).toBe('paid');
  const created = await (await page.request.post('/mypage/domain/create', { headers, data: { domains: [{ name, period: 10, point }], totalFee: point, point, payment: { type: 'point' }, idempotencyKey: crypto.randomUUID() } })).json();
  expect(created.result).toBe(true);
  await expect.poll(async () => (await (await page.request.get(`/mypage/domain/create/status?orderId=${created.orderId}`, { headers })).json()).done, { timeout: 90_000 }).toBe(true);

  const message = registryErrorMessage(2306);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/mypage/domain');
    const row = page.locator(`[data-testid="domain-row"][data-domain="${name}"]:visible`);
    await expect(row).toBeVisible();
    await row.getByTestId('row-menu').click();
    await page.getByRole('menuitem', { name: '更新', exact: true }).click();
    const modal = page.getByRole('dialog');
    await expect(modal.getByTestId('renew-update')).toBeVisible();
    // the new expiry is shown before payment
    await expect(modal.locator('[data-testid^="renew-new-expiry-"]')).toContainText('更新後の有効期限');
    await modal.getByTestId('renew-terms').check();
    await modal.getByTestId('renew-submit').click();
    const result = modal.getByTestId('renew-result');
    await expect(result).toBeVisible();
    await expect(result).toContainText(message, { timeout: 90_000 });
    await expect(result).not.toContainText(/policy|error|Parameter/i);
    await expectNoOverflow(page);
    await expectNoSeriousA11yViolations(page, [], `the refused renewal at ${width}px`);
    await page.screenshot({ path: `${shots}/registry-refusal-${width}.png`, fullPage: true });
    await result.getByRole('button', { name: '閉じる' }).click();

    await page.goto('/mypage/actionLog');
    const line = page.getByTestId('action-log-row').filter({ hasText: name }).filter({ hasText: 'エラーコード: 2306' }).first();
    await expect(line).toBeVisible();
    await expect(line).toContainText('ドメイン更新失敗');
    await expectNoOverflow(page);
    await page.screenshot({ path: `${shots}/registry-refusal-history-${width}.png`, fullPage: true });
  }

  // the detail page has the list's operations; a refused one says why in words (a touch screen shows no tooltip)
  const [found] = (await apiSearch(page.request, headers, { key: name })).validDomains.data;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/mypage/domain/detail/${found!.id}`);
    const ops = page.getByTestId('detail-operations');
    await expect(ops).toBeVisible();
    await expect(ops.getByTestId('detail-op-7')).toBeDisabled(); // AUTHCODE: new domains are locked
    await expect(ops.getByTestId('detail-op-reason-7')).not.toBeEmpty();
    await expectNoOverflow(page);
    await page.screenshot({ path: `${shots}/detail-operations-${width}.png`, fullPage: true });
  }
  await page.getByTestId('detail-operations').getByTestId('detail-op-1').click();
  await expect(page.getByRole('dialog').getByTestId('renew-update')).toBeVisible();
});
