/// <reference lib="dom" />
/**
 * Layout at a phone's and a laptop's width (issue 9): the search results fit their column (no column, name or button
 * cut off, names break between labels only), the price and deadline tables show every column on phones, member pages
 * and the account cards keep a margin from the screen's edges, and phones reach the member menu from the hamburger.
 */
import { expect, test, type Page } from '@playwright/test';
import { signUpPurchaser } from '../purchase/purchase.page';
import { expectFullyInSight, expectMarginFromEdges, expectNoHorizontalOverflow } from '../support/page-checks';
import { SearchPageObject, uniqueLabel } from './search.page';

// a 430-row search on a busy machine
test.describe.configure({ timeout: 240_000 });

/** Every label of the first names is on one line: a name wraps at its dots, never inside a label. */
async function expectNamesBreakAtDots(page: Page, label: string) {
  const broken = await page.getByTestId('row-name').evaluateAll((els) =>
    els.slice(0, 40).flatMap((el) => Array.from(el.querySelectorAll('[data-label-part]')).filter((s) => s.getClientRects().length > 1).map((s) => `${el.textContent}: "${s.textContent}"`)),
  );
  expect(broken, `${label}: labels broken across lines`).toEqual([]);
}

async function checkResults(page: Page, buttonName: string, label: string) {
  const search = new SearchPageObject(page);
  await search.waitForAllChecked(150_000);
  await expectNoHorizontalOverflow(page, label);
  const available = page.locator('[data-testid="search-row"][data-status="available"]');
  await expect(available.first()).toBeVisible();
  // the add button, the period and both prices of available rows are wholly in sight
  await expectFullyInSight(available.getByRole('button', { name: buttonName }), `${label} ${buttonName}`);
  await expectFullyInSight(available.getByTestId('row-period'), `${label} period`);
  await expectFullyInSight(available.locator('[data-price]'), `${label} prices`);
  await expectFullyInSight(page.getByTestId('row-name'), `${label} names`);
  await expectNamesBreakAtDots(page, label);
  // for review beside the other test output
  await page.screenshot({ path: test.info().outputPath(`${label.replace(/[^a-z0-9]+/gi, '-')}.png`), fullPage: true });
}

/** A bulk search of a few names (the same result table as a keyword search, fewer registry checks on a busy machine). */
const bulk = (path: string) => {
  const label = uniqueLabel('lay');
  const names = ['com', 'net', 'org', 'jp', 'xyz', 'shop', 'info', 'online'].map((t) => `${label}.${t}`);
  return `${path}?type=2&domain_list=${encodeURIComponent(names.join('\n'))}`;
};

test.describe('layout: search results fit their column', () => {
  test('member search at 1280 and 375 px: every column, name and カート追加 button in sight', async ({ page }) => {
    await signUpPurchaser(page.request);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(bulk('/mypage/search'));
      await checkResults(page, 'カート追加', `/mypage/search at ${width}px`);
    }
  });

  test('member search at 1280 px: one row per name as guests have it, and the cart stays in view while scrolling (issue 26)', async ({ page }) => {
    await signUpPurchaser(page.request);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(bulk('/mypage/search'));
    const search = new SearchPageObject(page);
    await search.waitForAllChecked(150_000);
    // the wide layout: the column headers are shown (the narrow two-line layout hides them) and a row is one line high
    await expect(page.getByRole('columnheader', { name: /初年度/ })).toBeVisible();
    const row = page.locator('[data-testid="search-row"][data-status="available"]').first();
    const name = await row.getByTestId('row-name').boundingBox();
    const add = await row.getByRole('button', { name: 'カート追加' }).boundingBox();
    expect(Math.abs((name!.y + name!.height / 2) - (add!.y + add!.height / 2)), 'the name and its button on one line').toBeLessThan(24);
    // add one, scroll to the last row: the cart panel is still on screen, with the domain in it
    await row.getByRole('button', { name: 'カート追加' }).click();
    const cart = page.getByTestId('cart-panel');
    await expect(cart.getByTestId('cart-item')).toHaveCount(1);
    await page.getByTestId('search-row').last().scrollIntoViewIfNeeded();
    // in view below the sticky site header, not under it
    const headerBottom = (await page.getByTestId('site-header').boundingBox())!.height;
    await expect.poll(async () => { const b = await cart.boundingBox(); return b !== null && b.y >= headerBottom && b.y + 40 <= 720; }, { message: 'the cart panel is in view below the header' }).toBe(true);
    await expectNoHorizontalOverflow(page, '/mypage/search at 1280px');
    await page.screenshot({ path: test.info().outputPath('member-search-1280-scrolled.png') });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: test.info().outputPath('member-search-1280.png'), fullPage: true });
  });

  test('guest search at 375 and 1280 px: the 登録する button in sight', async ({ page }) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(bulk('/search'));
      await checkResults(page, '登録する', `/search at ${width}px`);
    }
  });
});

test.describe('layout: catalogue tables on phones', () => {
  test('/domain/price at 360 px shows every column of each TLD', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 900 });
    await page.goto('/domain/price');
    const rows = page.getByTestId('price-row');
    await expect(rows.first()).toBeVisible({ timeout: 90_000 });
    for (const col of ['register', 'renew', 'transfer', 'proxy']) await expectFullyInSight(rows.locator(`[data-col="${col}"]`), `price ${col}`, 8);
    // each figure says which column it is
    await expect(rows.first().locator('[data-col="transfer"]')).toHaveAttribute('data-label', '移管');
    for (const sort of ['name', 'register', 'renew', 'transfer', 'proxy']) await expectFullyInSight(page.getByTestId(`sort-${sort}`), `price sort ${sort}`, 1);
    // the sort headers still sort
    await page.getByTestId('sort-transfer').getByRole('button').click();
    await expect(page.getByTestId('sort-transfer')).toHaveAttribute('aria-sort', /ascending|descending/);
  });

  test('/domain/deadline at 360 px shows every column of each TLD', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 900 });
    await page.goto('/domain/deadline');
    const rows = page.getByTestId('deadline-row');
    await expect(rows.first()).toBeVisible({ timeout: 90_000 });
    for (const col of ['deadline', 'grace', 'restorePeriod', 'restore']) await expectFullyInSight(rows.locator(`[data-col="${col}"]`), `deadline ${col}`, 8);
  });
});

test.describe('layout: margins and the member menu on phones', () => {
  test('login and sign-up cards keep a margin from the screen edges', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    for (const [url, heading] of [['/login', 'ログイン'], ['/register', '新規登録']] as const) {
      await page.goto(url);
      const card = page.locator('.mantine-Paper-root').filter({ has: page.getByRole('heading', { name: heading }) });
      await expect(card).toBeVisible();
      await expectMarginFromEdges(card, url);
    }
  });

  test('member pages keep a margin; the hamburger menu reaches every member page', async ({ page }) => {
    await signUpPurchaser(page.request);
    await page.setViewportSize({ width: 360, height: 800 });
    for (const [url, heading] of [['/mypage/domain', 'ドメイン管理'], ['/mypage/user/register', 'ユーザー情報'], ['/mypage/actionLog', '履歴']] as const) {
      await page.goto(url);
      const h = page.getByRole('heading', { name: heading, level: 1 }).or(page.getByRole('heading', { name: heading })).first();
      await expect(h).toBeVisible();
      await expectMarginFromEdges(h, `${url} heading`);
    }
    // the sidebar is hidden on phones; its pages are in the hamburger menu
    await page.goto('/mypage/domain');
    await expect(page.getByRole('navigation', { name: 'マイページメニュー' })).toBeHidden();
    await page.getByTestId('menu-hamburger').click();
    const menu = page.getByTestId('menu-hamburger-dropdown');
    for (const name of ['ドメイン管理', '新規登録', '移管', '履歴', 'ユーザー情報']) await expect(menu.getByRole('menuitem', { name, exact: true })).toBeVisible();
    await menu.getByRole('menuitem', { name: '履歴', exact: true }).click();
    await expect(page).toHaveURL(/\/mypage\/actionLog/);
    await page.getByTestId('menu-hamburger').click();
    await menu.getByRole('menuitem', { name: '新規登録', exact: true }).click();
    await expect(page).toHaveURL(/\/mypage\/search/);
  });
});
