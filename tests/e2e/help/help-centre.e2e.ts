/// <reference lib="dom" />
/**
 * Trust pages and the help centre (issue 25; docs/help-centre.md, docs/legal.md):
 *  - every link of the header, footer, menus and sidebar, as a guest, a member and an admin, opens a working page
 *    (never 準備中, never the 404 or an error page);
 *  - sibling services appear only when the services map holds them (none by default);
 *  - the legal pages and every help article carry their content in the page;
 *  - the help search finds 移管, DNS and 更新; the FAQ; help links in operation modals;
 *  - a member asked to agree to revised terms is blocked until they agree;
 *  - overflow at 360/1280 px and axe on the new pages, with screenshots.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { Client } from 'pg';
import { M } from '@registrar/messages';
import { signUpPurchaser } from '../purchase/purchase.page';
import { checkAdminPage, createAdmin, signInAdmin, XHR } from '../admin/admin-session';
import { checkPage } from '../support/page-checks';

test.describe.configure({ timeout: 400_000 });

const SHOTS = process.env.SCREENSHOTS_DIR
  ? path.resolve(__dirname, '../../..', process.env.SCREENSHOTS_DIR)
  : path.join(process.env.TEST_TMP ?? path.resolve(__dirname, '../../../test-results'), 'screenshots');

/** The in-site links (path + query) inside the given containers, without logout and other sites. */
async function linksIn(page: Page, selectors: string[]): Promise<string[]> {
  const hrefs = await page.evaluate((sels) => {
    const out: string[] = [];
    for (const sel of sels) for (const a of Array.from(document.querySelectorAll<HTMLAnchorElement>(`${sel} a[href]`))) out.push(a.getAttribute('href')!);
    return out;
  }, selectors);
  const external = hrefs.filter((h) => /^https?:\/\//.test(h));
  expect(external, 'no link to a sibling service while the services map holds none').toEqual([]);
  return [...new Set(hrefs.filter((h) => h.startsWith('/') && !h.startsWith('/logout')))];
}

/** Opens each link and fails on 準備中, the 404 page or an error block; each page must show a heading. */
async function expectAllWork(page: Page, hrefs: string[], who: string) {
  const broken: string[] = [];
  for (const href of hrefs) {
    const res = await page.goto(href);
    // every page has a heading of its own (the account pages' cards use a lower level)
    await expect(page.locator('main').getByRole('heading').first(), `${who}: ${href}`).toBeVisible();
    const problems = [
      (await page.getByTestId('coming-soon').count()) ? '準備中' : '',
      (await page.getByTestId('not-found').count()) ? '404' : '',
      (await page.getByText('準備中').count()) ? '準備中 text' : '',
      // an error page or a failed load (ErrorBlock, the router's error view); a page may mention errors in its text
      (await page.locator('[data-state=error]').count()) ? 'error block' : '',
      (await page.getByText('Something went wrong!').count()) ? 'crashed' : '',
      res && res.status() >= 400 ? `HTTP ${res.status()}` : '',
    ].filter(Boolean);
    if (problems.length) broken.push(`${href}: ${problems.join(', ')}`);
  }
  expect(broken, `${who}: links that lead nowhere`).toEqual([]);
}

test.describe('no dead ends', () => {
  test('a guest: every header, footer and top-page link opens a working page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await expect(page.getByTestId('site-footer')).toBeVisible();
    // no service tab while the services map is empty; the domain market is our own and always linked
    await expect(page.getByTestId('menu-services')).toHaveCount(0);
    await expect(page.getByTestId('site-footer').locator('a[href="/market"]').first()).toBeAttached();
    const links = await linksIn(page, ['[data-testid=site-header]', '[data-testid=site-footer]', 'main']);
    for (const must of ['/knowledge/', '/knowledge/terms/', '/specified_commercial_transaction_law', '/knowledge/whois-proxy/', '/knowledge/dns-records/', '/knowledge/local-transfer/']) expect(links).toContain(must);
    await expectAllWork(page, links, 'guest');
    // the phone menu holds the same header links
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/');
    await page.getByTestId('menu-hamburger').click();
    const phone = await linksIn(page, ['[data-testid=menu-hamburger-dropdown]']);
    expect(phone.filter((h) => !links.includes(h))).toEqual([]);
  });

  test('a member: header, user menu, sidebar and the list banner links all open working pages', async ({ page }) => {
    await signUpPurchaser(page.request);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/mypage/domain');
    await expect(page.getByRole('heading', { name: 'ドメイン管理' })).toBeVisible();
    const sidebar = page.getByRole('navigation', { name: 'マイページメニュー' });
    await expect(sidebar.getByRole('link', { name: 'ユーザー情報' })).toBeVisible();
    for (const id of ['server-count', 'market-count']) await expect(sidebar.getByTestId(id)).toHaveCount(0);
    await expect(sidebar.getByTestId('domain-market-count')).toBeVisible();
    await page.getByTestId('menu-user').click();
    const menu = page.getByTestId('menu-user-dropdown');
    await expect(menu.getByRole('menuitem', { name: 'ログアウト' })).toBeVisible();
    for (const gone of ['サーバー管理', 'メール配信設定']) await expect(menu.getByRole('menuitem', { name: gone })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: '売上管理' })).toBeVisible();
    const links = await linksIn(page, ['[data-testid=site-header]', '[data-testid=menu-user-dropdown]', 'nav[aria-label=マイページメニュー]', '[data-testid=site-footer]']);
    await page.keyboard.press('Escape');
    for (const must of ['/me', '/credit', '/point', '/account_statement', '/security', '/mypage/actionLog', '/market', '/sales']) expect(links).toContain(must);
    await expectAllWork(page, links, 'member');
  });

  test('an admin: every admin menu link opens a working screen, the help editor included', async ({ page }) => {
    const admin = createAdmin('super');
    await signInAdmin(page, admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/domains');
    const nav = page.getByRole('navigation', { name: '管理メニュー' });
    await expect(nav.getByRole('link', { name: 'ヘルプ記事' })).toBeVisible();
    const links = (await linksIn(page, ['nav[aria-label=管理メニュー]'])).filter((h) => h !== '/admin/queues' && !h.startsWith('/admin/queues/'));
    const broken: string[] = [];
    for (const href of links) {
      await page.goto(href);
      await expect(page.getByRole('main').getByRole('heading').or(page.getByRole('heading', { level: 1 })).first(), href).toBeVisible();
      if ((await page.getByTestId('coming-soon').count()) || (await page.getByTestId('not-found').count()) || (await page.getByTestId('admin-forbidden').count())) broken.push(href);
    }
    expect(broken).toEqual([]);

    // the article editor: Markdown on one side, the server's sanitised rendering live on the other
    await checkAdminPage(page, '/admin/knowledge/161', (p) => p.getByTestId('help-preview').locator('table'));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/knowledge/161');
    const md = page.getByTestId('help-body-md');
    await expect(md).toHaveValue(/DNSレコードを追加する/);
    await md.fill(`${await md.inputValue()}\n\n## プレビュー確認の見出し\n\n<script>window.bad=1</script>`);
    const preview = page.getByTestId('help-preview');
    await expect(preview.getByRole('heading', { name: 'プレビュー確認の見出し' })).toBeVisible();
    await expect(preview.locator('script')).toHaveCount(0);
    await page.screenshot({ path: path.join(SHOTS, 'admin-help-editor-1280.png') });
  });

  test('with sibling services in the services map, the service tab, footer and sidebar show them and their counters', async ({ page }) => {
    const real = (await (await page.request.get('/site/config', { headers: XHR })).json()) as Record<string, unknown>;
    const services = {
      2: { url: 'https://server.example.test/', short_name: 'server', name_jp: 'テストサーバー', description: 'レンタルサーバー' },
      5: { url: '/market', short_name: 'domain_market', name_jp: 'テストマーケット', description: '中古ドメインの売買' },
    };
    await page.route(/\/site\/config$/, (route) => route.fulfill({ json: { ...real, services } }));
    await signUpPurchaser(page.request);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/mypage/domain');
    const sidebar = page.getByRole('navigation', { name: 'マイページメニュー' });
    await expect(sidebar.getByRole('link', { name: /^テストサーバー/ })).toHaveAttribute('href', 'https://server.example.test/');
    await expect(sidebar.getByTestId('server-count')).toHaveText('0');
    await expect(sidebar.getByTestId('market-count')).toHaveCount(0);
    await page.getByTestId('menu-services').click();
    await expect(page.getByTestId('menu-services-dropdown')).toContainText('テストサーバー');
    await expect(page.getByTestId('footer-services')).toContainText('テストマーケット');
    await expect(page.getByTestId('site-footer').locator('a[href="/market"]').first()).toBeAttached();
  });
});

test.describe('legal pages and the help centre', () => {
  test('the legal pages hold their content, with the operator marked as a sample locally', async ({ page }) => {
    for (const [url, title, phrases] of [
      ['/knowledge/terms/', '利用規約', ['第1条（適用）', 'WHOIS代理公開', '禁止事項', '準拠法・管轄裁判所', '東京地方裁判所', '返金']],
      ['/knowledge/privacy/', 'プライバシーポリシー', ['取得する情報', '利用目的', '第三者への提供', 'レジストリ', '保存期間', 'お客様の権利', '個人情報保護法']],
      ['/specified_commercial_transaction_law', '特定商取引法に基づく表記', ['販売事業者', '運営統括責任者', '所在地', '電話番号', 'お支払い方法', '返品・キャンセル']],
      ['/company', '運営会社', ['会社名', '代表者', 'お問い合わせ受付時間']],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const body = page.getByTestId('legal-body');
      for (const p of phrases) await expect(body).toContainText(p);
      await expect(body).toContainText('（サンプル）');
      await expect(page.getByTestId('operator-sample')).toBeVisible();
    }
  });

  test('every help article (at least 30) opens with its title and body', async ({ page }) => {
    const { articles } = (await (await page.request.get('/help/articles', { headers: XHR })).json()) as { articles: { slug: string; title: string; category_slug: string }[] };
    const guides = articles.filter((a) => a.category_slug !== 'faq');
    expect(guides.length).toBeGreaterThanOrEqual(30);
    for (const a of articles) {
      await page.goto(`/knowledge/${a.slug}/`);
      await expect(page.getByRole('heading', { level: 1, name: a.title })).toBeVisible();
      await expect(page.getByTestId('help-article-body')).not.toBeEmpty();
      await expect(page.getByTestId('not-found')).toHaveCount(0);
    }
    // numbered steps in the guides, and the banner's /knowledge/205/
    await page.goto('/knowledge/transfer-in/');
    await expect(page.getByTestId('help-article-body').locator('ol > li').first()).toBeVisible();
    await page.goto('/knowledge/205/');
    await expect(page.getByRole('heading', { level: 1, name: 'WHOIS代理公開・DNS・APIがすべて無料' })).toBeVisible();
    await page.goto('/knowledge/no-such-article/');
    await expect(page.getByTestId('not-found')).toBeVisible();
  });

  test('the header search finds 移管, DNS and 更新; the FAQ answers in place', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const [q, expected] of [['移管', '他社からラッコドメインへ移管する'], ['DNS', 'DNSレコードを設定する'], ['更新', 'ドメインを更新する']] as const) {
      await page.goto('/');
      const box = page.getByRole('searchbox', { name: 'ヘルプをキーワードで検索' }).or(page.getByRole('textbox', { name: 'ヘルプをキーワードで検索' })).first();
      await box.fill(q);
      await box.press('Enter');
      // (the router drops the trailing slash of /knowledge/)
      await expect(page).toHaveURL(new RegExp(`/knowledge/?\\?s=${encodeURIComponent(q)}`));
      const results = page.getByTestId('help-search-results');
      await expect(results.getByRole('link', { name: expected })).toBeVisible();
      await expect(results).toContainText(`「${q}」の検索結果`);
    }
    await page.goto('/knowledge/?s=ぽよぽよ存在しない');
    await expect(page.getByText(M.helpSearchEmpty.replace('{q}', 'ぽよぽよ存在しない'))).toBeVisible();
    await page.goto('/qanda');
    await expect(page.getByRole('heading', { level: 1, name: 'よくある質問' })).toBeVisible();
    await page.getByRole('button', { name: /AUTHCODEはどこで確認できますか/ }).click();
    await expect(page.getByText('AUTHCODE取得', { exact: false }).first()).toBeVisible();
    await page.goto('/qanda?query=移管');
    await expect(page).toHaveURL(/\/knowledge\/?\?s=/);
  });

  test('page checks and screenshots of the new pages at 360 and 1280 px', async ({ page }) => {
    for (const [name, url, ready] of [
      ['help-index', '/knowledge/', (p: Page) => p.getByTestId('help-categories')],
      ['help-search', '/knowledge/?s=%E7%A7%BB%E7%AE%A1', (p: Page) => p.getByTestId('help-search-hit')],
      ['help-article', '/knowledge/dns-records/', (p: Page) => p.getByTestId('help-article-body')],
      ['help-category', '/knowledge/category/transfer/', (p: Page) => p.getByRole('heading', { level: 1 })],
      ['qanda', '/qanda', (p: Page) => p.getByTestId('faq-list')],
      ['terms', '/knowledge/terms/', (p: Page) => p.getByTestId('legal-body')],
      ['privacy', '/knowledge/privacy/', (p: Page) => p.getByTestId('legal-body')],
      ['tokushoho', '/specified_commercial_transaction_law', (p: Page) => p.getByTestId('legal-body')],
      ['company', '/company', (p: Page) => p.getByTestId('legal-body')],
      ['register', '/register', (p: Page) => p.getByTestId('signup-consent')],
    ] as const) {
      await checkPage(page, url, { ready });
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(url);
        await expect(ready(page).first()).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: name !== 'terms' && name !== 'privacy' });
      }
    }
  });
});

test.describe('consent and help in the member area', () => {
  test('revised terms: the member is blocked by the dialog until they agree, and the agreement is stored', async ({ page }) => {
    await signUpPurchaser(page.request);
    const session = (await (await page.request.get('/session', { headers: XHR })).json()) as { user: { id: number } };
    // signed up with the current versions; the terms change (the stored agreement is of an older version)
    const db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    try {
      const rows = (await db.query('SELECT document, context FROM identity.consents WHERE user_id = $1 ORDER BY id', [session.user.id])).rows;
      expect(rows).toEqual([{ document: 'terms', context: 'signup' }, { document: 'privacy', context: 'signup' }]);
      await db.query(`UPDATE identity.consents SET version = '2020-01-01' WHERE user_id = $1 AND document = 'terms'`, [session.user.id]);
    } finally {
      await db.end();
    }
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/mypage/domain');
    const dialog = page.getByRole('dialog', { name: '規約改定へのご同意のお願い' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(M.reconsentRequired);
    await expect(dialog.getByRole('link', { name: '利用規約' })).toHaveAttribute('href', '/knowledge/terms/');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, 'reconsent-360.png') });
    await expect(dialog.getByRole('button', { name: '同意して続ける' })).toBeDisabled();
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: '同意して続ける' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'ドメイン管理' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: '規約改定へのご同意のお願い' })).toHaveCount(0);
    const history = (await (await page.request.get('/consents/history', { headers: XHR })).json()) as { consents: { context: string }[] };
    expect(history.consents[0]!.context).toBe('reconsent');
  });
});
