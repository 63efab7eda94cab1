import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Page object of /search and /mypage/search. */
export class SearchPageObject {
  readonly rows: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('search-row');
    this.error = page.getByTestId('search-error');
  }

  async gotoKeyword(keyword: string, path = '/search') {
    await this.page.goto(`${path}?domain=${encodeURIComponent(keyword)}`);
  }

  async searchBulk(lines: string[]) {
    await this.page.getByRole('tab', { name: '一括登録チェック' }).click();
    await this.page.getByLabel('ドメイン名（1行に1つ）').fill(lines.join('\n'));
    await this.page.getByRole('button', { name: '一括チェック' }).click();
  }

  /** Waits until no row is waiting or checking. */
  async waitForAllChecked(timeout = 60_000) {
    await expect(this.rows.first()).toBeVisible({ timeout });
    await expect(this.page.locator('[data-testid="search-row"][data-status="idle"], [data-testid="search-row"][data-status="checking"]')).toHaveCount(0, { timeout });
  }

  async statuses(): Promise<string[]> {
    return this.rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-status') ?? ''));
  }
}

/** Every TLD the catalogue sells, through the public price API. */
export async function allTlds(request: APIRequestContext): Promise<{ tld_name: string; tld_name_punycode: string; is_idn: boolean; is_idn_price: boolean; can_proxy: boolean }[]> {
  const res = await request.get('/domain/price/search', { headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' } });
  expect(res.ok()).toBe(true);
  // one row per TLD (a TLD may have a second, Japanese-label price row)
  const rows = (await res.json()).tldPrices as Awaited<ReturnType<typeof allTlds>>;
  return rows.filter((r, i) => rows.findIndex((x) => x.tld_name_punycode === r.tld_name_punycode) === i);
}

/** Every price row of the public price API (a TLD may have a second, Japanese-label row). */
export async function allPrices(request: APIRequestContext): Promise<Array<{ tld_name: string; tld_name_punycode: string; is_idn_price: boolean; register: number; register_normal: number | null; is_register_campaign: boolean }>> {
  const res = await request.get('/domain/price/search', { headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' } });
  expect(res.ok()).toBe(true);
  return (await res.json()).tldPrices;
}

/** A session and its CSRF token, for calling the API as the web app does. */
export async function csrf(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.get('/session', { headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' } });
  const { csrfToken } = await res.json();
  return { 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': csrfToken, Accept: 'application/json' };
}

export const uniqueLabel = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
