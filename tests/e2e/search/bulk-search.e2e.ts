import { expect, test } from '@playwright/test';
import { csrf, SearchPageObject, uniqueLabel } from './search.page';

const TLDS = ['com', 'net', 'org', 'jp', 'info', 'xyz', 'co.jp', 'biz', 'io', 'shop'];
const lines = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}.${TLDS[i % TLDS.length]}`);

test.describe('search: bulk', () => {
  test('a bulk search of 500 lines checks every name', async ({ page }) => {
    test.setTimeout(120_000);
    const search = new SearchPageObject(page);
    await page.goto('/search');
    await search.searchBulk(lines(500, `${uniqueLabel('bulk')}-`));
    await search.waitForAllChecked(90_000);
    await expect(search.rows).toHaveCount(500);
    const statuses = await search.statuses();
    expect(statuses.filter((s) => s === 'available')).toHaveLength(500);
  });

  test('501 lines are refused with the spec message, in the page and by the server', async ({ page, request }) => {
    const search = new SearchPageObject(page);
    await page.goto('/search');
    await search.searchBulk(lines(501, 'over'));
    await expect(search.error).toHaveText('一括登録確認の件数は500件までにしてください');
    await expect(search.rows).toHaveCount(0);

    const headers = await csrf(request);
    const res = await request.post('/search/domain/dispatch', { headers, data: { keywords: lines(501, 'over'), type: 2 } });
    expect(res.ok()).toBe(true);
    expect(await res.json()).toMatchObject({ result: false, error_msg: ['一括登録確認の件数は500件までにしてください'] });
  });

  test('a token without a TLD is refused', async ({ page }) => {
    const search = new SearchPageObject(page);
    await page.goto('/search');
    await search.searchBulk(['example.com', 'example']);
    await expect(search.error).toHaveText('TLDを含めたドメイン名を入力してください');
  });
});
