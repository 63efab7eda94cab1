import { expect, type APIRequestContext, type Page } from '@playwright/test';

const XHR = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };

async function csrf(request: APIRequestContext): Promise<Record<string, string>> {
  const s = await (await request.get('/session', { headers: XHR })).json();
  return { ...XHR, 'X-CSRF-TOKEN': s.csrfToken };
}

/** Signs up a member of this test's own (mail link confirmed) and signs in; the page shares the cookie. */
export async function signUpMember(request: APIRequestContext): Promise<{ email: string; headers: Record<string, string> }> {
  const email = `list-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  const password = 'list-pass-1234';
  let headers = await csrf(request);
  expect((await request.post('/register', { headers, data: { email, password, password_confirmation: password, agree_terms: true } })).ok()).toBe(true);
  let link: string | undefined;
  for (let i = 0; i < 60 && !link; i++) {
    const { messages } = (await (await request.get(`/dev/mail/api/messages?to=${encodeURIComponent(email)}`)).json()) as { messages: Array<{ links: string[] }> };
    link = messages.flatMap((m) => m.links).find((l) => l.includes('/register/confirm'));
    if (!link) await new Promise((r) => setTimeout(r, 250));
  }
  expect(link).toBeTruthy();
  expect((await request.post('/register/confirm', { headers, data: { token: new URL(link!).searchParams.get('token') } })).ok()).toBe(true);
  expect((await request.post('/login', { headers, data: { email, password } })).ok()).toBe(true);
  headers = await csrf(request);
  return { email, headers };
}

/** Gives the signed-in member a demo portfolio (dev route of the local runtime and tests). */
export async function seedPortfolio(request: APIRequestContext, headers: Record<string, string>, count: number): Promise<number> {
  const r = await request.post('/dev/demo/portfolio', { headers, data: { count } });
  expect(r.ok()).toBe(true);
  return (await r.json()).inserted;
}

export async function apiSearch(request: APIRequestContext, headers: Record<string, string>, body: Record<string, unknown>) {
  return (await (await request.post('/mypage/domain/search', { headers, data: body })).json()) as { validDomains: { total: number; data: Array<{ id: number; name: string }> }; errors: string[] };
}

/** No horizontal overflow of the document at the current width. */
/**
 * The page does not scroll sideways. Polled: right after a viewport change the list swaps its table for phone cards
 * on the next render (a media query in JS), so the first measure can still see the wide layout; a real overflow stays.
 */
export async function expectNoOverflow(page: Page) {
  await expect.poll(async () => {
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    return scroll - client;
  }, { message: 'the page is wider than the viewport', timeout: 10_000 }).toBeLessThanOrEqual(0);
}

export const rows = (page: Page) => page.getByTestId('domain-row');
