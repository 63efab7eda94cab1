/// <reference lib="dom" />
/**
 * Every page of the app at 360 px and 1280 px: no sideways scrolling, no serious or critical axe finding, a title of
 * its own (tests/e2e/support/page-checks.ts; docs/e2e-page-checks.md). New screens add their own checkPage call in
 * their tests, or a row here.
 */
import { expect, test, type Page } from '@playwright/test';
import { signUpPurchaser } from './purchase/purchase.page';
import { SearchPageObject } from './search/search.page';
import { checkPage, CHECK_WIDTHS, expectNoHorizontalOverflow, expectNoSeriousA11yViolations, expectOwnTitle } from './support/page-checks';

const heading = (p: Page) => p.getByRole('heading').first();

// axe over a 430-row table takes a while on a busy machine
test.describe.configure({ timeout: 180_000 });

const PUBLIC: Array<[string, (p: Page) => ReturnType<Page['getByTestId']>]> = [
  ['/', (p) => p.getByTestId('tld-tile')],
  ['/domain/price', (p) => p.getByTestId('price-table')],
  ['/domain/deadline', (p) => p.getByTestId('deadline-row')],
  ['/domain/tld/com', heading],
  ['/login', heading],
  ['/register', heading],
  ['/password/reset', heading],
  ['/password/reset/confirm?token=unknown', heading],
  ['/register/confirm?token=unknown', heading],
  ['/me/undo?token=unknown', heading],
  ['/no-such-page', (p) => p.getByTestId('not-found')],
];

test.describe('page checks: public pages', () => {
  for (const [url, ready] of PUBLIC) {
    test(`page checks: ${url}`, async ({ page }) => {
      await checkPage(page, url, { ready });
    });
  }

  test('page checks: the guest search with its result rows', async ({ page }) => {
    test.setTimeout(400_000);
    const titles = new Set<string>();
    for (const width of CHECK_WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const search = new SearchPageObject(page);
      await search.gotoKeyword(`a11y-${Date.now().toString(36)}`);
      await search.waitForAllChecked(150_000);
      await expectNoHorizontalOverflow(page, `/search at ${width}px`);
      await expectNoSeriousA11yViolations(page, [], `/search at ${width}px`);
      titles.add(await expectOwnTitle(page));
    }
    expect(titles.size).toBe(1);
  });
});

test.describe('page checks: member pages', () => {
  test('page checks: every member page', async ({ page }) => {
    test.setTimeout(300_000);
    await signUpPurchaser(page.request);
    const titles = new Map<string, string>();
    for (const [url, ready] of [
      ['/mypage/domain', heading],
      ['/mypage/user/register', heading],
      ['/me', heading],
      ['/security', heading],
      ['/me/email/confirm?token=unknown', heading],
    ] as const) {
      titles.set(url, await checkPage(page, url, { ready }));
    }
    // each page its own title
    expect(new Set(titles.values()).size, JSON.stringify(Object.fromEntries(titles))).toBe(titles.size);
  });

  test('page checks: the member search with its result rows', async ({ page }) => {
    test.setTimeout(400_000);
    await signUpPurchaser(page.request);
    const search = new SearchPageObject(page);
    for (const width of CHECK_WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await search.gotoKeyword(`a11y-m-${Date.now().toString(36)}`, '/mypage/search');
      await search.waitForAllChecked(150_000);
      await expectNoHorizontalOverflow(page, `/mypage/search at ${width}px`);
      await expectNoSeriousA11yViolations(page, [], `/mypage/search at ${width}px`);
      expect(await expectOwnTitle(page)).toContain('ドメイン');
    }
  });
});
