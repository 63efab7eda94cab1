import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Signs the demo member in through the API (the browser context shares the cookie) and returns headers for calls. */
export async function signInDemo(request: APIRequestContext): Promise<Record<string, string>> {
  const session = await request.get('/session', { headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' } });
  const headers = { 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': (await session.json()).csrfToken, Accept: 'application/json' };
  const login = await request.post('/login', { headers, data: { email: 'demo@example.com', password: 'demo-pass-1234' } });
  expect(login.ok()).toBe(true);
  const after = await request.get('/session', { headers });
  return { ...headers, 'X-CSRF-TOKEN': (await after.json()).csrfToken };
}

/** The hosted card form (Stripe's page; the local Stripe-compatible server in development and tests). */
export class CardFormPage {
  constructor(readonly page: Page) {}

  async fill(number: string, exp = '12/34', cvc = '123') {
    await expect(this.page.getByRole('heading', { name: 'カード情報の登録' })).toBeVisible();
    await this.page.getByLabel('カード番号').fill(number);
    await this.page.getByLabel('有効期限 (MM/YY)').fill(exp);
    await this.page.getByLabel('セキュリティコード').fill(cvc);
    await this.page.getByRole('button', { name: 'カードを登録する' }).click();
  }
}

export async function ledgerBalance(request: APIRequestContext, headers: Record<string, string>): Promise<number> {
  const r = await request.get('/mypage/point/history', { headers });
  const j = await r.json();
  return j.data[0]?.balanceAfter ?? 0;
}
