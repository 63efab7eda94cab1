/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { noHorizontalOverflow } from './catalog-page';

test.describe('domain/deadline', () => {
  test('every column sorts; restore price shows a dash for 0', async ({ page }) => {
    await page.goto('/domain/deadline');
    await expect(page).toHaveTitle(/更新期限/);
    const rows = page.getByTestId('deadline-row');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(400);
    const original = await rows.evaluateAll((rs) => rs.map((r) => r.getAttribute('data-tld')));

    for (const key of ['name', 'deadline', 'grace', 'restorePeriod', 'restore']) {
      await page.getByTestId(`sort-${key}`).getByRole('button').click();
      await expect(page.getByTestId(`sort-${key}`)).toHaveAttribute('aria-sort', 'ascending');
    }
    // restore ascending: numbers ascending, dashes (0) last
    const column = (col: string) => rows.evaluateAll((rs, c) => rs.map((r) => r.querySelector(`[data-col="${c}"]`)?.textContent ?? ''), col);
    const num = (v: string) => Number(v.replace(/[^\d]/g, ''));
    await expect
      .poll(async () => {
        const values = await column('restore');
        const firstDash = values.indexOf('-');
        const nums = (firstDash < 0 ? values : values.slice(0, firstDash)).map(num);
        return nums.every((x, i) => i === 0 || nums[i - 1] <= x) && (firstDash < 0 || values.slice(firstDash).every((v) => v === '-'));
      })
      .toBe(true);

    await page.getByTestId('sort-grace').getByRole('button').click();
    await page.getByTestId('sort-grace').getByRole('button').click();
    await expect(page.getByTestId('sort-grace')).toHaveAttribute('aria-sort', 'descending');
    await expect
      .poll(async () => {
        const grace = (await column('grace')).filter((v) => v !== '-').map(num);
        return grace.every((x, i) => i === 0 || grace[i - 1] >= x);
      })
      .toBe(true);

    await page.getByTestId('sort-grace').getByRole('button').click();
    await expect.poll(() => rows.evaluateAll((rs) => rs.map((r) => r.getAttribute('data-tld')))).toEqual(original);
  });

  test('the category filter narrows; fits at 340 px', async ({ page }) => {
    await page.setViewportSize({ width: 340, height: 800 });
    await page.goto('/domain/deadline');
    const rows = page.getByTestId('deadline-row');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(400);
    const select = page.getByLabel('カテゴリー');
    const option = await select.locator('option', { hasText: '.jp' }).first().getAttribute('value');
    await select.selectOption(option!);
    await expect.poll(() => rows.count()).toBeLessThan(400);
    await noHorizontalOverflow(page);
  });
});
