import { expect, test } from '@playwright/test';
import { allTlds, SearchPageObject, uniqueLabel } from './search.page';

test.describe('search: keyword', () => {
  test('a keyword search across every TLD fills every row', async ({ page, request }) => {
    const tlds = await allTlds(request);
    expect(tlds.length).toBeGreaterThan(400);
    const search = new SearchPageObject(page);
    const label = uniqueLabel('kw');
    await search.gotoKeyword(label);
    await expect(page.getByLabel('ドメイン名・キーワード')).toHaveValue(label);
    await search.waitForAllChecked();
    await expect(search.rows).toHaveCount(tlds.length);
    const statuses = await search.statuses();
    expect(statuses.every((s) => s === 'available' || s === 'unavailable')).toBe(true);
    // a fresh label is free everywhere: every row offers registration with its prices
    await expect(page.locator('[data-status="available"]')).toHaveCount(tlds.length);
    await expect(page.getByTestId('row-add').first()).toHaveText('登録する');
    await expect(page.getByTestId('tax-note')).toBeVisible();
    await expect(page.getByTestId('add-all')).toHaveCount(0);
    await expect(search.error).toHaveCount(0);
  });

  test('white space in a keyword is refused with the spec message', async ({ page }) => {
    const search = new SearchPageObject(page);
    await page.goto('/search');
    await page.getByLabel('ドメイン名・キーワード').fill('foo bar');
    await page.getByRole('button', { name: '検索', exact: true }).click();
    await expect(search.error).toHaveText('空白を含むドメイン名/キーワードは利用できません');
  });

  test('the top page search box lands on the search page with the query filled in', async ({ page }) => {
    const label = uniqueLabel('top');
    await page.goto('/');
    const box = page.getByTestId('domain-search');
    await box.getByLabel('ドメイン名・キーワード').fill(label);
    await box.getByRole('button', { name: '検索' }).click();
    await expect(page).toHaveURL(new RegExp(`/search\\?domain=${label}`));
    await expect(page.getByLabel('ドメイン名・キーワード')).toHaveValue(label);
    await expect(page.getByTestId('search-row').first()).toBeVisible();
  });
});
