import { expect, test } from '@playwright/test';
import { SearchPageObject, uniqueLabel } from './search.page';

test('search: a guest who adds a domain keeps it in session storage and login opens in a new tab with non_login=yes', async ({ page, context }) => {
  const search = new SearchPageObject(page);
  const label = uniqueLabel('guest');
  await search.gotoKeyword(`${label}.com`);
  const first = search.rows.first();
  await expect(first).toHaveAttribute('data-status', 'available', { timeout: 30_000 });
  await expect(first).toHaveAttribute('data-domain', `${label}.com`);
  const popup = context.waitForEvent('page');
  await first.getByRole('button', { name: '登録する' }).click();
  const login = await popup;
  await login.waitForLoadState('domcontentloaded');
  expect(new URL(login.url()).pathname).toBe('/login');
  expect(new URL(login.url()).searchParams.get('non_login')).toBe('yes');
  const stored = await page.evaluate(() => sessionStorage.getItem('registrar.search.guestDomain'));
  expect(JSON.parse(stored ?? '[]')).toContain(`${label}.com`);
});
