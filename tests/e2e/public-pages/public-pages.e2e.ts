/// <reference lib="dom" />
/**
 * The public pages arrive with their content (issue 24, docs/web-public-pages.md): server-rendered HTML that holds the
 * page's main content without any script, HTML for every page GET whatever its Accept header, a real 404 page, the
 * page's own title/description/canonical/Open Graph tags, robots.txt and sitemap.xml, and an app that hydrates that
 * markup and stays interactive.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoHorizontalOverflow, openInApp } from '../support/page-checks';
import { uniqueLabel } from '../search/search.page';

/** GET as a crawler, a link preview or curl sends it: Accept *\/*, no X-Requested-With, no cookies. */
async function crawl(request: APIRequestContext, path: string, accept = '*/*') {
  const res = await request.get(path, { headers: { Accept: accept }, maxRedirects: 0 });
  return { status: res.status(), type: res.headers()['content-type'] ?? '', body: await res.text(), headers: res.headers() };
}

const count = (html: string, needle: string) => html.split(needle).length - 1;
const meta = (html: string, attr: 'name' | 'property', key: string) => new RegExp(`<meta ${attr}="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];

test.describe('public pages, fetched without JavaScript', () => {
  test('the price list holds every TLD row, the deadline list its rows', async ({ request }) => {
    const price = await crawl(request, '/domain/price');
    expect(price.status).toBe(200);
    expect(price.type).toContain('text/html');
    expect(count(price.body, 'data-testid="price-row"')).toBeGreaterThanOrEqual(400);
    expect(price.body).toContain('data-tld="com"');
    expect(price.body).toMatch(/[\d,]+円/);
    const deadline = await crawl(request, '/domain/deadline');
    expect(deadline.status).toBe(200);
    expect(count(deadline.body, 'data-testid="deadline-row"')).toBeGreaterThanOrEqual(400);
  });

  test('the top page, a TLD detail, WHOIS, the API docs and a keyword search landing hold their content', async ({ request }) => {
    const top = await crawl(request, '/');
    expect(top.status).toBe(200);
    expect(top.body).toContain('人気のドメイン料金');
    expect(count(top.body, 'data-testid="tld-tile"')).toBeGreaterThan(0);
    expect(top.body).toContain('data-testid="domain-search"');

    const com = await crawl(request, '/domain/tld/com');
    expect(com.status).toBe(200);
    expect(com.body).toContain('data-testid="tld-title"');
    expect(com.body).toContain('data-testid="tld-price-block"');
    expect(com.body).toContain('新規登録');
    expect(com.body).toContain('data-testid="tld-details"');

    const whois = await crawl(request, '/whois');
    expect(whois.status).toBe(200);
    expect(whois.body).toMatch(/<h1[^>]*>WHOIS検索<\/h1>/);

    const docs = await crawl(request, '/document/api/v1');
    expect(docs.status).toBe(200);
    expect(docs.body).toContain('data-testid="api-endpoint"');

    const label = uniqueLabel('landing');
    const search = await crawl(request, `/search?domain=${label}`);
    expect(search.status).toBe(200);
    expect(search.body).toContain(`value="${label}"`);
  });

  test('the help centre, an article, the FAQ and the legal pages hold their content', async ({ request }) => {
    const api = await request.get('/help/articles', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    const article = ((await api.json()).articles as { slug: string; title: string }[])[0];
    const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const index = await crawl(request, '/knowledge/');
    expect(index.status).toBe(200);
    expect(index.body).toContain(esc(article.title));
    const one = await crawl(request, `/knowledge/${article.slug}/`);
    expect(one.status).toBe(200);
    expect(one.body).toMatch(new RegExp(`<h1[^>]*>${esc(article.title).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    expect(/<title>([^<]*)<\/title>/.exec(one.body)?.[1]).toContain(esc(article.title));
    for (const [path, text] of [['/knowledge/terms/', '利用規約'], ['/knowledge/privacy/', 'プライバシー'], ['/specified_commercial_transaction_law', '特定商取引法'], ['/company', '運営会社'], ['/qanda', 'よくある質問']]) {
      const r = await crawl(request, path);
      expect(r.status, path).toBe(200);
      expect(r.body, path).toMatch(new RegExp(`<h1[^>]*>[^<]*${text}`));
      expect(r.body, path).not.toContain('data-state="loading"');
    }
    expect((await crawl(request, '/knowledge/no-such-article/')).status).toBe(404);
  });

  test('with JavaScript off, the price list shows its rows in the browser', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/domain/price');
    await expect(page.getByRole('heading', { level: 1, name: 'TLD料金一覧' })).toBeVisible();
    await expect.poll(() => page.getByTestId('price-row').count()).toBeGreaterThanOrEqual(400);
    await expect(page.locator('[data-testid="price-row"][data-tld="com"]')).toContainText('円');
    await context.close();
  });
});

test.describe('pages and calls share paths', () => {
  test('every page GET answers HTML whatever its Accept header; calls keep answering JSON', async ({ request }) => {
    for (const path of ['/', '/domain/price', '/domain/deadline', '/domain/tld/jp', '/whois', '/document/api/v1', '/login', '/mypage', '/register']) {
      for (const accept of ['*/*', 'text/html', '']) {
        const r = await crawl(request, path, accept);
        expect(r.status, `${path} with Accept "${accept}"`).toBe(200);
        expect(r.type, `${path} with Accept "${accept}"`).toContain('text/html');
        expect(r.body).toContain('<div id="root">');
      }
    }
    // the app's calls (X-Requested-With) and JSON clients get JSON on the same paths
    const call = await request.get('/domain/tld/com', { headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' } });
    expect(call.headers()['content-type']).toContain('application/json');
    expect((await call.json()).tld.tld_name).toBe('com');
    const list = await crawl(request, '/domain/price/search');
    expect(list.status).toBe(200);
    expect(list.type).toContain('application/json');
    expect(JSON.parse(list.body).tldPrices.length).toBeGreaterThan(400);
  });

  test('an unknown page is a 404 HTML page; an unknown call stays a JSON 404', async ({ request, page }) => {
    for (const path of ['/no/such/page', '/domain/tld/nosuchtld', '/domain/price/nosuch']) {
      const r = await crawl(request, path);
      expect(r.status, path).toBe(404);
      expect(r.type).toContain('text/html');
      expect(r.body).toContain('data-testid="not-found"');
      expect(r.body).toContain('<meta name="robots" content="noindex" />');
    }
    const json = await crawl(request, '/no/such/page', 'application/json');
    expect(json.status).toBe(404);
    expect(json.type).toContain('application/json');
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toContainText('ページが見つかりません');
    await expect(page.getByTestId('site-header')).toBeVisible();
  });
});

test.describe('search engines and link previews', () => {
  test('each public page has its own title, description, canonical URL and Open Graph tags', async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const seen = new Set<string>();
    for (const path of ['/', '/domain/price', '/domain/deadline', '/domain/tld/com', '/domain/tld/jp', '/whois', '/document/api/v1']) {
      const { body } = await crawl(request, path);
      const title = /<title>([^<]*)<\/title>/.exec(body)?.[1] ?? '';
      expect(title, path).not.toBe('ラッコドメイン');
      expect(seen.has(title), `${path} has a title of its own`).toBe(false);
      seen.add(title);
      const description = meta(body, 'name', 'description') ?? '';
      expect(description.length, `${path} description`).toBeGreaterThan(20);
      expect(body).toContain(`<link rel="canonical" href="${origin}${path}" />`);
      expect(meta(body, 'property', 'og:title')).toBe(title);
      expect(meta(body, 'property', 'og:description')).toBe(description);
      expect(meta(body, 'property', 'og:url')).toBe(`${origin}${path}`);
      expect(meta(body, 'property', 'og:type')).toBe('website');
    }
    const com = await crawl(request, '/domain/tld/com');
    expect(/<title>([^<]*)<\/title>/.exec(com.body)?.[1]).toContain('.com');
    expect(meta(com.body, 'name', 'description')).toMatch(/新規登録[\d,]+円/);
    // a non-canonical address shows the same page and names the canonical one
    const slash = await crawl(request, '/document/api/v1/');
    expect(slash.status).toBe(200);
    expect(slash.body).toContain('data-testid="api-endpoint"');
    expect(slash.body).toContain(`<link rel="canonical" href="${origin}/document/api/v1" />`);
    const landing = await crawl(request, '/search?domain=example');
    expect(landing.status).toBe(200);
    expect(landing.body).toContain(`<link rel="canonical" href="${origin}/search?domain=example" />`);
  });

  test('robots.txt and sitemap.xml (every TLD detail page listed)', async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const robots = await crawl(request, '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.type).toContain('text/plain');
    expect(robots.body).toContain('User-agent: *');
    expect(robots.body).toContain('Disallow: /mypage');
    expect(robots.body).toContain('Disallow: /admin');
    expect(robots.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
    const sitemap = await crawl(request, '/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.type).toContain('xml');
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const p of ['/', '/domain/price', '/domain/deadline', '/whois', '/document/api/v1', '/knowledge/', '/qanda', '/knowledge/terms/', '/company']) expect(locs).toContain(`${origin}${p}`);
    const list = await request.get('/domain/price/search', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    const tlds = new Set<string>(((await list.json()).tldPrices as { tld_name: string }[]).map((t) => t.tld_name));
    expect(tlds.size).toBeGreaterThan(400);
    for (const t of tlds) expect(locs, `.${t}`).toContain(`${origin}/domain/tld/${encodeURIComponent(t)}`);
    // every listed TLD page is a real page
    const sample = locs.filter((l) => l.includes('/domain/tld/')).slice(0, 3);
    for (const l of sample) expect((await crawl(request, new URL(l).pathname)).status).toBe(200);
  });
});

test.describe('the server-rendered page comes alive', () => {
  test('the top page hydrates without a mismatch and its search still works', async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error' && /hydrat|#418|#423|#425/i.test(m.text())) problems.push(m.text()); });
    await page.goto('/');
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    // the tiles came with the page: the browser did not ask for the price list again
    await expect(page.getByTestId('tld-tile').first()).toBeVisible();
    const search = page.getByTestId('domain-search');
    const label = uniqueLabel('hyd');
    await search.getByRole('textbox').first().fill(label);
    await search.getByRole('button', { name: '検索' }).click();
    await expect(page).toHaveURL(new RegExp(`/search\\?.*domain=${label}`));
    await expect(page.getByLabel('ドメイン名・キーワード')).toHaveValue(label);
    await expect(page.getByTestId('search-row').first()).toBeVisible({ timeout: 60_000 });
    expect(problems).toEqual([]);
  });

  test('before the app has taken over the top page, its search form already works (a plain POST with the token)', async ({ page }) => {
    // the app's code never arrives (a slow phone before hydration): only the page, its styles and public/boot.js
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/');
    const search = page.getByTestId('domain-search');
    const label = uniqueLabel('pre');
    await search.getByRole('textbox').first().fill(label);
    await search.getByRole('button', { name: '検索' }).click();
    await expect(page).toHaveURL(new RegExp(`/search\\?.*domain=${label}`));
    expect(await page.locator('html[data-app-ready]').count()).toBe(0);
  });

  test('the price list hydrates without a mismatch and sorting works', async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    let priceCalls = 0;
    page.on('request', (r) => { if (r.url().includes('/domain/price/search')) priceCalls++; });
    await page.goto('/domain/price');
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.getByTestId('sort-register').click();
    await expect(page).toHaveURL(/sort=/);
    expect(problems).toEqual([]);
    // the rows came with the page and hydrated from its query state
    expect(priceCalls).toBe(0);
  });

  test("a guest's first load of the top page carries only public code, under 150 KB of compressed script", async ({ page }) => {
    const scripts: import('@playwright/test').Response[] = [];
    page.on('response', (r) => { if (r.request().resourceType() === 'script') scripts.push(r); });
    await page.goto('/');
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    const names = scripts.map((r) => new URL(r.url()).pathname);
    // member-only code (the bell, the re-consent dialog, the snackbar host, member and admin pages) is not fetched
    expect(names.filter((n) => /notification-bell|consent-gate|app-extras|action-log|admin|mypage|Modal/i.test(n))).toEqual([]);
    // nor the whole app's shell (the member and admin routes), nor what waits for a visitor's first reach (the header's
    // menus, the campaign price tooltip and their floating-ui positioning)
    expect(names.filter((n) => /app-shell|header-menus|price-tooltip|floating-ui|Tooltip|Popover|Menu/i.test(n))).toEqual([]);
    // nor what only an empty or failed list, or a snackbar, shows
    expect(names.filter((n) => /home-states|states-|Alert|notifications/i.test(n))).toEqual([]);
    let bytes = 0;
    for (const r of scripts) bytes += (await r.request().sizes()).responseBodySize;
    // was ~325 KB (every Mantine component any page uses, member pages pulled in by the routes' search validation),
    // then ~236 KB; ~176 KB with the public entry; ~139 KB with the build's Brotli and the catalogue's messages split
    // by area (issue 24's goal is 150 KB)
    expect(bytes).toBeLessThan(150 * 1024);
    // the build's scripts come precompressed with Brotli, without the headers that act on documents only
    const assets = scripts.filter((r) => new URL(r.url()).pathname.startsWith('/assets/'));
    expect(assets.map((r) => r.headers()['content-encoding'])).toEqual(assets.map(() => 'br'));
    for (const r of assets) {
      expect(r.headers()['x-content-type-options']).toBe('nosniff');
      expect(r.headers()['content-security-policy']).toBeUndefined();
    }
  });

  test('the top page shows its error and empty blocks (loaded when shown) when the notices fail and the price list is empty', async ({ page }) => {
    let fail = true;
    await page.route(/\/top\/notifications/, (route) => (fail ? route.fulfill({ status: 500, json: { message: 'boom' } }) : route.continue()));
    await page.route(/\/domain\/price\/search/, (route) => route.fulfill({ json: { tldPrices: [] } }));
    // reached from another page, the browser fetches the lists itself (loaded directly, the page arrives with them)
    await openInApp(page, '/');
    const notices = page.getByTestId('home-notifications');
    // a busy machine: the failed answer and its automatic retry can take well over expect's 10 s
    await expect(notices.getByRole('alert')).toContainText('エラーが発生しました（しばらくしてから再度お試しください）', { timeout: 60_000 });
    await expect(page.locator('[data-state="empty"]')).toContainText('表示できる料金はまだありません');
    fail = false;
    await notices.getByRole('button', { name: '再読み込み' }).click();
    await expect(notices.getByRole('alert')).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
  });

  for (const width of [360, 1280]) {
    test(`the price table does not move when the page comes alive (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.addInitScript(() => {
        const w = window as unknown as { __cls: number };
        w.__cls = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.__cls += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto('/domain/price');
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      expect(cls).toBeLessThan(0.02);
      await expectNoHorizontalOverflow(page);
    });
  }
});
