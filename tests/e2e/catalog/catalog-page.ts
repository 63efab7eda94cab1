/// <reference lib="dom" />
import { expect, type Page } from '@playwright/test';

/** Page helpers for the public catalogue screens. */
export async function noHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth, `page is ${scrollWidth}px wide in a ${clientWidth}px viewport`).toBeLessThanOrEqual(clientWidth);
}

export async function priceRowNames(page: Page): Promise<string[]> {
  return page.getByTestId('price-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-tld') ?? ''));
}

export async function openPricePage(page: Page, query = ''): Promise<void> {
  await page.goto(`/domain/price${query}`);
  await expect(page.getByTestId('price-table')).toBeVisible();
  // the page arrives server-rendered: pointer events reach its tooltips and sorting once the app has hydrated it
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/** A signed-in session as GET /session would answer it (the header only reads it). */
export async function fakeSignedIn(page: Page): Promise<void> {
  // the faked member has no server session: their bell (GET mypage/notification/header) answers an empty list
  await page.route(/\/mypage\/notification\/header$/, (route) => route.fulfill({ json: { notifications: [], unreadNotifications: { normal: 0, campaign: 0 } } }));
  // opening the bell posts the mark-as-read call
  await page.route(/\/mypage\/notification$/, (route) => route.fulfill({ json: { result: true, marked: 0 } }));
  // the bell also lists the member's market events (GET mypage/market/notices, docs/market.md): none. Unanswered, the
  // server's "not signed in" ({ logout: true }) sends the page to /login, which sends a signed-in member on: a loop
  await page.route(/\/mypage\/market\/notices$/, (route) => route.fulfill({ json: { data: [], unread: 0 } }));
  await page.route(/\/user\/point$/, (route) => route.fulfill({ json: { data: { point: 12500 } } }));
  // …and has agreed to the current terms (the re-consent dialog stays closed)
  await page.route(/\/consents\/pending$/, (route) => route.fulfill({ json: { pending: [] } }));
  await page.route(/\/session$/, (route) =>
    route.fulfill({
      json: {
        user: {
          id: 100234, email: 'taro@example.jp', last_name: '山田', first_name: '太郎', role: 'customer', admin_role: null, is_admin: false,
          point: 12500, profile_completed: true, phone_authenticated: true, identity_verify_status: 1, two_factor_enabled: false,
        },
        csrfToken: 'test-token',
      },
    }),
  );
}
