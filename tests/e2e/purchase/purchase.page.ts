import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export type Headers = Record<string, string>;

export interface Estimate {
  requestDomain: string;
  registerPrice: number;
  renewPrice: number;
  minimum_years: number;
  registration_unit: number;
  error: string | null;
}

const XHR = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };

async function waitFor<T>(fn: () => Promise<T | undefined>, what: string, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await fn();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function csrf(request: APIRequestContext): Promise<Headers> {
  const s = await (await request.get('/session', { headers: XHR })).json();
  return { ...XHR, 'X-CSRF-TOKEN': s.csrfToken };
}

/**
 * A purchaser of this test's own (no points, nothing shared with other tests running at the same time): signs up,
 * confirms by the mail link, logs in, verifies a phone by SMS and registers the user information, all through the API.
 * The browser context shares the cookie. Returns headers for further calls.
 */
export async function signUpPurchaser(request: APIRequestContext): Promise<Headers> {
  const email = `buyer-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  const password = 'buyer-pass-1234';
  let headers = await csrf(request);
  expect((await request.post('/register', { headers, data: { email, password, password_confirmation: password, agree_terms: true } })).ok()).toBe(true);
  const link = await waitFor(async () => {
    const { messages } = (await (await request.get(`/dev/mail/api/messages?to=${encodeURIComponent(email)}`)).json()) as { messages: Array<{ links: string[] }> };
    return messages.flatMap((m) => m.links).find((l) => l.includes('/register/confirm'));
  }, `mail to ${email}`);
  expect((await request.post('/register/confirm', { headers, data: { token: new URL(link).searchParams.get('token') } })).ok()).toBe(true);
  expect((await request.post('/login', { headers, data: { email, password } })).ok()).toBe(true);
  headers = await csrf(request);
  const phone = `090${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  expect((await request.post('/mypage/auth/sms/send', { headers, data: { phone } })).ok()).toBe(true);
  const code = await waitFor(async () => {
    const { messages } = (await (await request.get(`/dev/sms/api/messages?to=${phone}`)).json()) as { messages: Array<{ body: string }> };
    return messages[0]?.body.match(/(\d{6})/)?.[1];
  }, 'the SMS');
  expect((await request.post('/mypage/auth/sms/verify', { headers, data: { phone, code } })).ok()).toBe(true);
  const info = await request.post('/address/update', {
    headers,
    data: { last_name: '山田', first_name: '花子', type: 1, address_type: 0, post_code: '1040061', prefecture: '東京都', country_code: 'JP', address1: '中央区', address2: '銀座1-2-3', phone },
  });
  expect(await info.json()).toMatchObject({ success: true });
  return csrf(request);
}

export async function balanceOf(request: APIRequestContext, headers: Headers): Promise<number> {
  const r = await request.get('/user/point', { headers });
  expect(r.ok()).toBe(true);
  return (await r.json()).data.point as number;
}

export async function estimate(request: APIRequestContext, headers: Headers, names: string[]): Promise<Estimate[]> {
  const q = names.map((n) => `domainNames[]=${encodeURIComponent(n)}`).join('&');
  const r = await request.get(`/mypage/domain/price/estimate/campaign?${q}`, { headers });
  expect(r.ok()).toBe(true);
  return r.json();
}

/** A name under this TLD that the registry says is free (the simulator holds a share of all names as taken). */
export async function freeName(request: APIRequestContext, headers: Headers, tld: string, prefix: string): Promise<string> {
  for (let i = 0; i < 10; i++) {
    const names = Array.from({ length: 5 }, (_, k) => `${prefix}-${Date.now().toString(36)}${i}${k}${Math.random().toString(36).slice(2, 6)}.${tld}`);
    const r = await request.post('/search/domain', { headers, data: { domainNames: names } });
    expect(r.ok()).toBe(true);
    const free = ((await r.json()).results.tlds as { domain: string; status: number | null }[]).find((t) => t.status === 1);
    if (free) return free.domain;
  }
  throw new Error(`no free .${tld} name found`);
}

/** Empties the member's cart, then puts exactly these names in it. */
export async function fillCart(request: APIRequestContext, headers: Headers, names: string[]) {
  const cart = await (await request.get('/mypage/cart', { headers })).json();
  if (cart.domains.length) await request.post('/mypage/cart/remove', { headers, data: { domainNames: cart.domains.map((d: { punycode: string }) => d.punycode) } });
  const added = await (await request.post('/mypage/cart/add', { headers, data: { domainNames: names } })).json();
  expect(added.errors).toEqual([]);
}

/** A Mantine Select: open it and pick the option. */
export async function pick(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The .co.jp WHOIS registration modal. */
export class JpWhoisModal {
  readonly root: Locator;
  readonly errors: Locator;
  constructor(readonly page: Page) {
    this.root = page.getByRole('dialog');
    this.errors = page.getByTestId('jp-whois-errors');
  }
  field(section: string, key: string): Locator {
    return this.root.getByTestId(`${section}-${key}`);
  }
  async fillAddress(section: string, street: string) {
    await this.field(section, 'pc').fill('1500002');
    // the postal lookup fills the prefecture and the city (Japanese and romanised)
    await expect(this.field(section, 'city_jp')).toHaveValue('渋谷区');
    await expect(this.field(section, 'city')).not.toHaveValue('');
    await this.field(section, 'street1_jp').fill('渋谷1-1-1');
    await this.field(section, 'street1').fill(street);
    await this.field(section, 'phone').fill('0312345678');
    await this.field(section, 'email').fill(`${section}@example.jp`);
  }
  async fillOrg(name: string, nameJp: string, date: string) {
    await this.field('org', 'organization_jp').fill(nameJp);
    await this.field('org', 'organization').fill(name);
    await this.field('org', 'registration_date').fill(date);
    await this.field('org', 'registration_address').fill('東京都渋谷区渋谷1-1-1');
    await this.fillAddress('org', '1-1-1 Shibuya');
  }
  async fillStaff(section: string, org: string, orgJp: string) {
    await this.field(section, 'last_name_jp').fill('山田');
    await this.field(section, 'first_name_jp').fill('太郎');
    await this.field(section, 'last_name').fill('Yamada');
    await this.field(section, 'first_name').fill('Taro');
    await this.field(section, 'organization_jp').fill(orgJp);
    await this.field(section, 'organization').fill(org);
    await this.fillAddress(section, '1-1-1 Shibuya');
  }
  submit() {
    return this.page.getByTestId('jp-whois-submit').click();
  }
}
