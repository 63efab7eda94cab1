/**
 * Domain search journeys (000 §2, §4, §5). Serial: the registry fault test changes the shared simulator for a moment.
 * The simulator reports a share of unregistered names as taken, so rows are available or unavailable.
 */
import { signUpPurchaser } from '../purchase/purchase.page';
import { expect, test } from '@playwright/test';
import { clearSimFaults, setSimFaults } from '../../../bench/availability/sim-admin';
import { allPrices, allTlds, csrf, SearchPageObject, uniqueLabel } from './search.page';

test.describe.configure({ mode: 'serial' });

const TLDS = ['com', 'net', 'org', 'jp', 'info', 'xyz', 'co.jp', 'biz', 'io', 'shop'];
const lines = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}.${TLDS[i % TLDS.length]}`);

test.describe('search', () => {
  test('a keyword search across every TLD fills every row', async ({ page, request }) => {
    const tlds = new Set((await allTlds(request)).map((t) => t.tld_name_punycode));
    expect(tlds.size).toBeGreaterThan(400);
    const search = new SearchPageObject(page);
    const label = uniqueLabel('kw');
    await search.gotoKeyword(label);
    await expect(page.getByLabel('ドメイン名・キーワード')).toHaveValue(label);
    await search.waitForAllChecked();
    await expect(search.rows).toHaveCount(tlds.size);
    const statuses = await search.statuses();
    expect(statuses.filter((s) => s !== 'available' && s !== 'unavailable')).toEqual([]);
    expect(statuses.filter((s) => s === 'available').length).toBeGreaterThan(0);
    // an available row shows its prices, a period from the minimum years, and the guest's button
    const available = page.locator('[data-testid="search-row"][data-status="available"]').first();
    await expect(available.locator('[data-price]').first()).toContainText('円');
    await expect(available.getByTestId('row-period')).toBeVisible();
    await expect(available.getByTestId('row-add')).toHaveText('登録する');
    await expect(page.getByTestId('tax-note')).toBeVisible();
    await expect(page.getByTestId('add-all')).toHaveCount(0);
    await expect(search.error).toHaveCount(0);
  });

  test('the category filter narrows the rows and the checkbox hides TLDs without WHOIS proxy', async ({ page, request }) => {
    const search = new SearchPageObject(page);
    const prices = await allTlds(request);
    const noProxy = new Set(prices.filter((p) => !p.can_proxy).map((p) => p.tld_name_punycode));
    expect(noProxy.size).toBeGreaterThan(0);
    const cat = await request.get('/domain/category/list', { headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' } });
    const jp = ((await cat.json()).categories as { id: number; name: string }[]).find((c) => c.name === '.jp')!;
    const inJp = await request.get(`/domain/price/search?categoryId=${jp.id}`, { headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' } });
    const jpTlds = new Set(((await inJp.json()).tldPrices as { tld_name_punycode: string }[]).map((t) => t.tld_name_punycode));

    await search.gotoKeyword(uniqueLabel('cat'));
    await search.waitForAllChecked();
    const all = await search.rows.count();
    await page.getByLabel('WHOIS代理公開できないドメインを表示しない').check();
    await expect(search.rows).toHaveCount(all - noProxy.size);
    await page.getByLabel('WHOIS代理公開できないドメインを表示しない').uncheck();

    await page.getByTestId('category-select').selectOption(String(jp.id));
    await expect(page).toHaveURL(new RegExp(`categoryId=${jp.id}`));
    await search.waitForAllChecked();
    await expect(search.rows).toHaveCount(jpTlds.size);
    const names = await search.rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-domain') ?? ''));
    expect(names.every((n) => n.endsWith('.jp'))).toBe(true);
  });

  test('when nothing is left to show, the empty-result guide appears', async ({ page, request }) => {
    const search = new SearchPageObject(page);
    const noProxy = (await allTlds(request)).find((t) => !t.can_proxy)!;
    await page.goto('/search');
    await search.searchBulk([`${uniqueLabel('empty')}.${noProxy.tld_name}`]);
    await search.waitForAllChecked();
    await page.getByLabel('WHOIS代理公開できないドメインを表示しない').check();
    await expect(search.rows).toHaveCount(0);
    await expect(page.getByText('一致するドメインがありませんでした')).toBeVisible();
  });

  test('results sort by name, first-year or renewal price (none, ascending, descending), and each TLD links to its page', async ({ page, request }) => {
    const search = new SearchPageObject(page);
    const prices = new Map((await allPrices(request)).filter((t) => !t.is_idn_price).map((t) => [t.tld_name_punycode, t]));
    const label = uniqueLabel('sort');
    const tlds = ['com', 'net', 'org', 'jp', 'xyz', 'shop', 'info', 'biz'].filter((t) => prices.has(t));
    await page.goto('/search');
    await search.searchBulk(tlds.map((t) => `${label}.${t}`));
    await search.waitForAllChecked();
    const order = () => search.rows.evaluateAll((els) => els.map((e) => ({ name: e.getAttribute('data-domain')!, status: e.getAttribute('data-status')! })));
    const before = await order();
    const registerOf = (name: string) => prices.get(name.slice(label.length + 1))!.register;
    const availableRegister = (rows: { name: string; status: string }[]) => rows.filter((r) => r.status === 'available').map((r) => registerOf(r.name));

    // the header cycles ascending, descending, then the search's own order
    const header = page.getByRole('columnheader', { name: '初年度' });
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    const asc = await order();
    expect(availableRegister(asc)).toEqual([...availableRegister(asc)].sort((a, b) => a - b));
    // names that cannot be registered have no price to sort by: they come last
    const firstTaken = asc.findIndex((r) => r.status !== 'available');
    if (firstTaken >= 0) expect(asc.slice(firstTaken).every((r) => r.status !== 'available')).toBe(true);
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(availableRegister(await order())).toEqual([...availableRegister(asc)].sort((a, b) => b - a));
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'none');
    expect(await order()).toEqual(before);

    // the select does the same on phones, where the header is hidden
    await page.getByTestId('result-sort').selectOption({ label: 'ドメイン名 降順' });
    expect((await order()).map((r) => r.name)).toEqual([...before.map((r) => r.name)].sort().reverse());
    await expect(page.getByRole('columnheader', { name: 'ドメイン' })).toHaveAttribute('aria-sort', 'descending');

    // the TLD of each name opens its detail page in a new tab
    const com = page.locator(`[data-testid="search-row"][data-domain="${label}.com"]`);
    const link = com.getByTestId('row-tld-link');
    await expect(link).toHaveText('.com');
    await expect(link).toHaveAttribute('href', '/domain/tld/com');
    await expect(link).toHaveAttribute('target', '_blank');
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

  test('a bulk search of 500 lines checks every name', async ({ page }) => {
    test.setTimeout(240_000);
    const search = new SearchPageObject(page);
    await page.goto('/search');
    await search.searchBulk(lines(500, `${uniqueLabel('bulk')}-`));
    await search.waitForAllChecked(90_000);
    await expect(search.rows).toHaveCount(500);
    const statuses = await search.statuses();
    expect(statuses.filter((s) => s !== 'available' && s !== 'unavailable')).toEqual([]);
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

  test('a registry fault shows the spec message, stops the checks and marks the rows as error', async ({ page }) => {
    const search = new SearchPageObject(page);
    // only this search's names fail: other tests use the simulator at the same time
    const label = uniqueLabel('fault');
    await setSimFaults(process.env, { failShare: 1, failMatch: label });
    try {
      await search.gotoKeyword(label);
      await expect(search.error).toHaveText('しばらくしてから再度お試しください', { timeout: 60_000 });
      await expect(search.rows.first()).toBeVisible();
      const statuses = await search.statuses();
      expect(statuses.length).toBeGreaterThan(400);
      expect(statuses.filter((s) => s !== 'error')).toEqual([]);
    } finally {
      await clearSimFaults(process.env);
    }
    // nothing keeps running after the failure: the rows stay as error
    await page.waitForTimeout(500);
    expect((await search.statuses()).filter((s) => s !== 'error')).toEqual([]);
  });

  test('a guest who adds a domain keeps it in local storage (every tab sees it) and login opens in one new tab with non_login=yes', async ({ page, context }) => {
    const search = new SearchPageObject(page);
    await search.gotoKeyword(uniqueLabel('guest'));
    const row = page.locator('[data-testid="search-row"][data-status="available"]').first();
    await expect(row).toBeVisible({ timeout: 60_000 });
    const name = await row.getAttribute('data-domain');
    const popup = context.waitForEvent('page');
    await row.getByRole('button', { name: '登録する' }).click();
    const login = await popup;
    await login.waitForLoadState('domcontentloaded');
    expect(new URL(login.url()).pathname).toBe('/login');
    expect(new URL(login.url()).searchParams.get('non_login')).toBe('yes');
    const stored = await page.evaluate(() => localStorage.getItem('registrar.search.guestDomain'));
    expect(JSON.parse(stored ?? '[]')).toContain(name);
    // the login tab sees the pick on its sign-up page
    await login.getByTestId('login-signup').click();
    await expect(login.getByTestId('signup-picks')).toContainText(name!);
  });

  test('a member adds an available domain to the cart from mypage/search and can take it out again', async ({ page }) => {
    const headers = await csrf(page.request);
    const login = await page.request.post('/login', { headers, data: { email: 'demo@example.com', password: 'demo-pass-1234' } });
    expect(login.ok()).toBe(true);
    const search = new SearchPageObject(page);
    await search.gotoKeyword(uniqueLabel('member'), '/mypage/search');
    const row = page.locator('[data-testid="search-row"][data-status="available"]').first();
    await expect(row).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('add-all')).toBeVisible();
    await expect(page.getByTestId('tax-note')).toHaveCount(0);
    await row.getByRole('button', { name: 'カート追加' }).click();
    await expect(row.getByTestId('row-remove')).toBeVisible();
    await expect(page.getByTestId('cart-count')).toBeVisible();
    await row.getByTestId('row-remove').click();
    await expect(row.getByRole('button', { name: 'カート追加' })).toBeVisible();
  });

  test('the period chosen in a search row is the period of that row at checkout', async ({ page }) => {
    test.setTimeout(240_000);
    await signUpPurchaser(page.request);
    const search = new SearchPageObject(page);
    await search.gotoKeyword(`${uniqueLabel('period')}.com`, '/mypage/search');
    // an available row whose TLD offers a 3-year period
    const row = page.locator('[data-testid="search-row"][data-status="available"]').filter({ has: page.locator('option[value="3"]') }).first();
    await expect(row).toBeVisible({ timeout: 150_000 });
    const name = (await row.getAttribute('data-domain'))!;
    await row.getByTestId('row-period').selectOption('3');
    await row.getByRole('button', { name: 'カート追加' }).click();
    await expect(row.getByTestId('row-remove')).toBeVisible();
    await page.getByTestId('cart-panel').getByTestId('cart-order').click();
    const step = page.getByTestId('purchase-step');
    await expect(step.getByTestId('purchase-row')).toHaveCount(1);
    await expect(step.getByLabel(`${name}の登録年数`)).toHaveValue('3');
  });
});
