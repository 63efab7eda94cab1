/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { noHorizontalOverflow } from './catalog-page';

test.describe('domain/tld/{tld_name}', () => {
  test('shows the TLD with its meaning, prices, details, FAQ and a link back to the price list', async ({ page }) => {
    await page.goto('/domain/tld/com');
    await expect(page.getByTestId('tld-title')).toContainText('.com ドメイン');
    await expect(page.getByTestId('tld-title')).toContainText('商業');
    await expect(page).toHaveTitle(/\.com/);
    const prices = page.getByTestId('tld-price-block');
    await expect(prices).toContainText('新規登録');
    await expect(prices).toContainText(/[\d,]+円/);
    await expect(page.getByTestId('tld-details')).toContainText('gTLD');
    await expect(page.getByTestId('domain-search')).toBeVisible();
    await expect(page.getByRole('link', { name: 'すべてのTLD料金一覧を見る' })).toHaveAttribute('href', '/domain/price');
  });

  test('a Japanese .jp second-level TLD works and fits at 340 px', async ({ page }) => {
    await page.setViewportSize({ width: 340, height: 800 });
    const res = await page.goto('/domain/tld/co.jp');
    expect(res?.status()).toBe(200);
    await expect(page.getByTestId('tld-title')).toContainText('.co.jp');
    await expect(page.getByTestId('tld-details')).toContainText('登録要件');
    await noHorizontalOverflow(page);
  });

  test('.jp shows the price of Japanese-language names (日本語.jp) beside the ASCII one, at 360 and 1280 px (issue 26)', async ({ page }) => {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/domain/tld/jp');
      const idn = page.getByTestId('tld-idn-price');
      await expect(idn).toContainText('日本語.jp の料金');
      // data/master/tld_price.csv: jp IDN 980 yen to register, 2,178 to renew, free transfer
      await expect(idn).toContainText('980円');
      await expect(idn).toContainText('2,178円');
      await expect(idn).toContainText('無料');
      await noHorizontalOverflow(page);
      await page.getByTestId('tld-price-block').screenshot({ path: test.info().outputPath(`tld-jp-idn-${width}.png`) });
    }
    // a TLD without a separate IDN price shows none
    await page.goto('/domain/tld/com');
    await expect(page.getByTestId('tld-price-block')).toBeVisible();
    await expect(page.getByTestId('tld-idn-price')).toHaveCount(0);
  });

  test('an unknown TLD gets the 404 page, with a real 404 status', async ({ page }) => {
    const res = await page.goto('/domain/tld/nosuchtld');
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByText('ページが見つかりません')).toBeVisible();
    await expect(page.getByTestId('site-header')).toBeVisible();
  });
});
