/**
 * The domain market as two members use it (docs/market.md): the seller lists a domain they hold (出品中 in the domain
 * list), the buyer finds it on /market, opens its page and buys it with points; the trade's steps run (pay into escrow →
 * move → credit) until the domain is the buyer's and the seller's 売上管理 shows the sale less 10%. Super admins see
 * the trade and the listing. Every screen at 360 and 1280 px: no sideways scroll, no serious axe finding, its own title.
 */
import { expect, test, type Page } from '@playwright/test';
import { Client } from 'pg';
import { checkAdminPage, createAdmin, signInAdmin } from '../admin/admin-session';
import { pick, signUpPurchaser } from '../purchase/purchase.page';
import { checkPage } from '../support/page-checks';
import { buyWithPoints, grantPoints } from '../whois/whois.page';
import { CardFormPage } from '../payments/payments.page';

const shots = process.env.TEST_TMP ? `${process.env.TEST_TMP}/screenshots` : 'test-results/screenshots';

/** The fixture's registration happened 100 days ago (past the 60-day lock after a registration, as an aftermarket domain is). */
async function registeredLongAgo(name: string): Promise<void> {
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    await db.query(`UPDATE domain_ops.domains SET created_at = now() - interval '100 days' WHERE name = $1`, [name]);
  } finally {
    await db.end();
  }
}

/** A new member who bought a .com (registered long ago) and listed it for 20 days with these terms: the seller's side. */
async function sellerWithListing(page: Page, terms: { price: number; minOffer?: number }) {
  const sellerHeaders = await signUpPurchaser(page.request);
  await grantPoints(page.request, sellerHeaders, 20_000);
  const [name] = await buyWithPoints(page.request, sellerHeaders, ['com']);
  await registeredLongAgo(name!);
  const domains = (await (await page.request.post('/mypage/domain/search', { headers: sellerHeaders, data: { key: name } })).json()).validDomains.data as { id: number; name: string }[];
  const listing = await (await page.request.post('/mypage/market/listing', { headers: sellerHeaders, data: { domainId: domains[0]!.id, ...terms, description: '', endsAt: new Date(Date.now() + 20 * 86_400_000).toISOString() } })).json();
  expect(listing.status).toBe('active');
  return { sellerHeaders, name: name!, listing };
}

async function shot(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/market-${name}-${width}.png`, fullPage: true });
  }
}

test('list → buy → move → credit between two members, followed on both sides and by a super admin', async ({ page, browser }) => {
  test.setTimeout(300_000);
  page.setDefaultTimeout(45_000);
  // the seller holds a .com bought with points
  const sellerHeaders = await signUpPurchaser(page.request);
  await grantPoints(page.request, sellerHeaders, 20_000);
  const [name] = await buyWithPoints(page.request, sellerHeaders, ['com']);
  await registeredLongAgo(name!);

  // the seller lists it
  await checkPage(page, '/market/sell', { ready: (p) => p.getByRole('heading', { name: 'ドメインを出品する' }) });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/market/sell');
  await pick(page, page.getByRole('combobox', { name: '出品するドメイン' }), name!);
  await page.getByRole('textbox', { name: '販売価格（円）' }).fill('8000');
  await page.getByRole('textbox', { name: '説明文' }).fill('短く覚えやすいドメインです。');
  await page.getByRole('button', { name: '出品する', exact: true }).click();
  await expect(page.getByRole('heading', { name: name! })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('listing-price')).toHaveText('8,000円');
  await expect(page.getByText('あなたの出品です。')).toBeVisible();
  const listingUrl = new URL(page.url()).pathname;
  // the page as a crawler gets it: its own title and description in the HTML itself
  const html = await (await page.request.get(listingUrl, { headers: { Accept: 'text/html' } })).text();
  expect(html).toContain(`<title>${name}（8,000円）｜ドメインマーケット | ラッコドメイン</title>`);
  expect(html).toMatch(new RegExp(`<meta name="description" content="${name!.replace(/\./g, '\\.')} を8,000円で販売中。`));
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${listingUrl}" />`));
  expect(html).toContain('<meta property="og:type" content="product" />');
  // and search engines find it in the sitemap, with the market's own page
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).toMatch(new RegExp(`${listingUrl}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));
  expect(sitemap).toContain('/market</loc>');
  // the domain list shows it as listed
  await page.goto(`/mypage/domain?key=${encodeURIComponent(name!)}`);
  await expect(page.getByTestId('market-listed').first()).toBeVisible({ timeout: 30_000 });

  // the buyer, in a browser of their own, finds it on /market and buys it
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const buyerHeaders = await signUpPurchaser(buyer.request);
  await grantPoints(buyer.request, buyerHeaders, 10_000);
  await checkPage(buyer, `/market?keyword=${encodeURIComponent(name!.split('.')[0]!)}`, { ready: (p) => p.getByTestId('market-card').first() });
  await shot(buyer, 'list');
  await buyer.setViewportSize({ width: 1280, height: 900 });
  // the buyer's own domain list first (the sidebar counts 0), then the market inside the app: what the app has read
  // before the trade must not stay on screen after it
  await buyer.goto('/mypage/domain');
  await expect(buyer.getByTestId('domain-count')).toHaveText('0');
  await buyer.getByRole('navigation', { name: 'マイページメニュー' }).getByRole('link', { name: 'ドメインマーケット' }).click();
  await expect(buyer).toHaveURL(/\/market$/);
  await buyer.getByRole('textbox', { name: 'キーワード', exact: true }).fill(name!.split('.')[0]!);
  await buyer.getByRole('button', { name: '検索する' }).click();
  await buyer.getByRole('link', { name: name! }).click();
  await expect(buyer).toHaveTitle(new RegExp(name!.replace(/\./g, '\\.')));
  await checkPage(buyer, listingUrl, { ready: (p) => p.getByTestId('listing-price') });
  await shot(buyer, 'listing');
  await buyer.getByRole('button', { name: '8,000円で購入する' }).click();
  await expect(buyer.getByRole('dialog', { name: '購入の確認' })).toContainText('10,000');
  await buyer.getByRole('button', { name: '購入を確定する' }).click();
  // the domain moves, then the buyer's inspection period: they confirm receipt and the seller is paid
  await expect(buyer.getByTestId('trade-status')).toHaveText('移動完了（受取確認期間）', { timeout: 90_000 });
  await buyer.getByRole('button', { name: '受け取りを確認する', exact: true }).click();
  await expect(buyer.getByTestId('trade-status')).toHaveText('取引完了', { timeout: 90_000 });
  await expect(buyer.getByText('ドメインは')).toBeVisible();
  const tradeUrl = new URL(buyer.url()).pathname;
  // the domain list, reached from the trade page, shows the domain and counts it, with no reload
  await buyer.getByRole('status').getByRole('link', { name: 'ドメイン管理' }).click();
  await expect(buyer.getByTestId('domain-count')).toHaveText('1');
  await expect(buyer.getByText(name!, { exact: true }).first()).toBeVisible();
  await checkPage(buyer, tradeUrl, { ready: (p) => p.getByTestId('trade-steps') });
  await shot(buyer, 'trade');
  // the domain is the buyer's now, and 8,000 RP left their balance
  const bought = await (await buyer.request.post('/mypage/domain/search', { headers: buyerHeaders, data: { key: name } })).json();
  expect(bought.validDomains.data.map((d: { name: string }) => d.name)).toEqual([name]);
  expect((await (await buyer.request.get('/user/point', { headers: buyerHeaders })).json()).data.point).toBe(2_000);

  // the seller's 売上管理: the sale, 10% commission, 7,200 RP credited
  await checkPage(page, '/sales', { ready: (p) => p.getByTestId('sales-total') });
  await expect(page.getByTestId('sales-total')).toHaveText('8,000円');
  await expect(page.getByTestId('sales-credited')).toHaveText('7,200円');
  await page.getByRole('tab', { name: '取引' }).click();
  await expect(page.getByTestId('trade-row').first()).toContainText('取引完了');
  await shot(page, 'sales');
  // the seller's bell shows the sale
  await page.getByTestId('menu-bell').click();
  await expect(page.getByTestId('bell-market-item').first()).toContainText(`${name} が売れました`);
  await page.keyboard.press('Escape');
  // and the mail arrived
  const mail = await (await page.request.get('/dev/mail/api/messages?to=' + encodeURIComponent((await (await page.request.get('/session', { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json()).user.email))).json();
  expect(JSON.stringify(mail)).toContain('ドメインが売れました');
  const sold = await (await page.request.post('/mypage/domain/search', { headers: sellerHeaders, data: { key: name } })).json();
  expect(sold.validDomains.data).toEqual([]);

  // a super admin sees the trade with its steps, and the listing (sold)
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAdmin(admin, createAdmin('super'));
  await checkAdminPage(admin, `/admin/market?keyword=${encodeURIComponent(name!)}`, (p) => p.getByTestId('admin-trade-row'));
  await expect(admin.getByTestId('admin-trade-row').first()).toContainText('取引完了');
  await shot(admin, 'admin');
  await checkAdminPage(admin, `/admin/market/list?keyword=${encodeURIComponent(name!)}`, (p) => p.getByTestId('admin-listing-row'));
  await expect(admin.getByTestId('admin-listing-row').first()).toContainText('売却済み');
  // a normal admin is refused
  const normalContext = await browser.newContext();
  const normal = await normalContext.newPage();
  await signInAdmin(normal, createAdmin('normal'));
  expect((await normal.request.get('/admin/api/market', { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).status()).toBe(403);
  await normal.goto('/admin/market');
  await expect(normal.getByTestId('admin-forbidden')).toBeVisible();
  for (const c of [buyerContext, adminContext, normalContext]) await c.close();
});

test('/market with nothing found, and a listing that does not exist', async ({ page }) => {
  await checkPage(page, '/market?keyword=zzzz-no-such-listing-zzzz', { ready: (p) => p.getByText('条件に合う出品はありません') });
  expect((await page.goto('/market/99999999'))?.status()).toBe(404);
  await expect(page.getByText('この出品は見つかりません')).toBeVisible();
});

test('a buyer pays by card in one step, then disputes; a super admin answers in the thread and refunds (the domain goes back)', async ({ page, browser }) => {
  test.setTimeout(300_000);
  page.setDefaultTimeout(45_000);
  const { sellerHeaders, name, listing } = await sellerWithListing(page, { price: 6000 });

  // the buyer has no points: a card saved on the hosted form pays the whole price
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  buyer.setDefaultTimeout(45_000);
  const buyerHeaders = await signUpPurchaser(buyer.request);
  await buyer.goto(`/mypage/stripe?redirect_url=${encodeURIComponent(`/market/${listing.id}`)}`);
  await new CardFormPage(buyer).fill('4242 4242 4242 4242', '09/35');
  await buyer.waitForURL((u) => u.pathname === `/market/${listing.id}`);
  await buyer.setViewportSize({ width: 360, height: 900 });
  await buyer.getByRole('button', { name: '6,000円で購入する' }).click();
  const dialog = buyer.getByRole('dialog', { name: '購入の確認' });
  await expect(dialog.getByRole('radio', { name: /クレジットカード/ })).toBeChecked();
  await expect(dialog.getByTestId('buy-breakdown')).toContainText('カードでのお支払い: 6,000円');
  await buyer.screenshot({ path: `${shots}/market-buy-card-360.png`, fullPage: true });
  await dialog.getByRole('button', { name: '購入を確定する' }).click();
  await expect(buyer.getByTestId('trade-status')).toHaveText('移動完了（受取確認期間）', { timeout: 90_000 });
  await expect(buyer.getByTestId('trade-payment')).toHaveText('お支払い: クレジットカード 6,000円');
  const tradeUrl = new URL(buyer.url()).pathname;

  // the buyer disputes in the inspection period
  await buyer.getByRole('button', { name: '異議を申し立てる' }).click();
  await buyer.getByRole('textbox', { name: '申し立ての内容' }).fill('説明と違い、メールの送信元として使えません');
  await buyer.getByRole('button', { name: '申し立てる', exact: true }).click();
  await expect(buyer.getByTestId('dispute-status')).toHaveText('対応中');
  await expect(buyer.getByTestId('dispute-message')).toHaveCount(1);
  await expect(buyer.getByRole('button', { name: '受け取りを確認する' })).toHaveCount(0);
  await checkPage(buyer, tradeUrl, { ready: (p) => p.getByTestId('dispute-thread') });
  await shot(buyer, 'dispute');

  // the seller sees it on the same page and answers
  await page.goto(tradeUrl);
  await page.getByRole('textbox', { name: 'メッセージ' }).fill('出品時の説明どおりです');
  await page.getByRole('button', { name: '送信する' }).click();
  await expect(page.getByTestId('dispute-message')).toHaveCount(2);

  // a super admin writes in the thread and refunds the buyer
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAdmin(admin, createAdmin('super'));
  await checkAdminPage(admin, '/admin/market?status=disputed', (p) => p.getByTestId('admin-dispute'));
  const card = admin.getByTestId('admin-dispute').filter({ hasText: name! });
  await card.getByRole('textbox', { name: 'メッセージ' }).fill('確認のため送信ログを拝見しました');
  await card.getByRole('button', { name: '送信する' }).click();
  await expect(card.getByTestId('dispute-message')).toHaveCount(3);
  await shot(admin, 'admin-dispute');
  await card.getByRole('button', { name: '購入者へ返金する' }).click();
  await admin.getByRole('textbox', { name: '理由（購入者と出品者に通知されます）' }).fill('説明と異なるため返金します');
  await admin.getByRole('button', { name: '解決する' }).click();
  await expect(card.getByTestId('dispute-status')).toHaveText('解決（購入者へ返金）');

  // the buyer: refunded as points, the domain back with the seller
  await buyer.goto(tradeUrl);
  await expect(buyer.getByTestId('trade-status')).toHaveText('返金済み', { timeout: 90_000 });
  expect((await (await buyer.request.get('/user/point', { headers: buyerHeaders })).json()).data.point).toBe(6_000);
  const back = await (await page.request.post('/mypage/domain/search', { headers: sellerHeaders, data: { key: name } })).json();
  expect(back.validDomains.data.map((d: { name: string }) => d.name)).toEqual([name]);
  for (const c of [buyerContext, adminContext]) await c.close();
});

test('an accepted offer the buyer\'s points do not cover: the buyer pays it on the trade page, points first and the rest by card', async ({ page, browser }) => {
  test.setTimeout(300_000);
  page.setDefaultTimeout(45_000);
  const { sellerHeaders, name, listing } = await sellerWithListing(page, { price: 9000, minOffer: 5000 });

  // the buyer holds 2,000 points and offers 7,000 yen on the listing's page
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  buyer.setDefaultTimeout(45_000);
  const buyerHeaders = await signUpPurchaser(buyer.request);
  await grantPoints(buyer.request, buyerHeaders, 2_000);
  await buyer.setViewportSize({ width: 1280, height: 900 });
  await buyer.goto(`/market/${listing.id}`);
  await buyer.getByRole('textbox', { name: 'オファー金額（円）' }).fill('7000');
  await buyer.getByRole('button', { name: 'オファーを送る' }).click();
  await expect(buyer.getByText('オファーを送りました。')).toBeVisible();

  // the seller accepts while the buyer is away: the trade waits for the buyer's payment
  const offers = await (await page.request.get('/mypage/market/offers', { headers: sellerHeaders })).json();
  const offer = offers.received.find((x: { listing_id: number }) => x.listing_id === listing.id);
  const answered = await (await page.request.post(`/mypage/market/offer/${offer.id}/answer`, { headers: sellerHeaders, data: { accept: true } })).json();
  const tradeUrl = `/market/trade/${answered.trade.id}`;
  await page.goto(tradeUrl);
  await expect(page.getByText('購入者のお支払いを待っています')).toBeVisible();

  // the buyer is told in the bell, saves a card and pays on the trade's page
  await buyer.goto('/market');
  await buyer.getByTestId('menu-bell').click();
  await expect(buyer.getByTestId('bell-market-item').first()).toContainText(`${name} へのオファーが承諾されました`);
  await buyer.keyboard.press('Escape');
  await checkPage(buyer, tradeUrl, { ready: (p) => p.getByTestId('offer-pay') });
  await shot(buyer, 'offer-pay');
  await buyer.goto(`/mypage/stripe?redirect_url=${encodeURIComponent(tradeUrl)}`);
  await new CardFormPage(buyer).fill('4242 4242 4242 4242', '09/35');
  await buyer.waitForURL((u) => u.pathname === tradeUrl);
  for (const width of [360, 1280]) {
    await buyer.setViewportSize({ width, height: 900 });
    await buyer.getByRole('button', { name: '7,000円を支払う' }).click();
    const dialog = buyer.getByRole('dialog', { name: 'お支払いの確認' });
    await expect(dialog.getByRole('radio', { name: /クレジットカード/ })).toBeChecked();
    await expect(dialog.getByTestId('buy-breakdown')).toContainText('ポイント利用: 2,000');
    await expect(dialog.getByTestId('buy-breakdown')).toContainText('カードでのお支払い: 5,000円');
    await buyer.screenshot({ path: `${shots}/market-offer-checkout-${width}.png`, fullPage: true });
    if (width === 360) await dialog.getByRole('button', { name: 'キャンセル' }).click();
    else await dialog.getByRole('button', { name: '支払いを確定する' }).click();
  }
  await expect(buyer.getByTestId('trade-status')).toHaveText('移動完了（受取確認期間）', { timeout: 90_000 });
  await expect(buyer.getByTestId('trade-payment')).toHaveText(/お支払い: クレジットカード 5,000円 ＋ .+ 2,000/);
  await checkPage(buyer, tradeUrl, { ready: (p) => p.getByTestId('trade-steps') });
  expect((await (await buyer.request.get('/user/point', { headers: buyerHeaders })).json()).data.point).toBe(0);
  await buyerContext.close();
});
