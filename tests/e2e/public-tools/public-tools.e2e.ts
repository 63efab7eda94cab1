/// <reference lib="dom" />
/**
 * The public WHOIS lookup and the website connection check, as a visitor uses them: a domain of ours bought through
 * the purchase path (WHOIS proxy on), its A records saved through the DNS call and served by the system's PowerDNS,
 * and a local HTTPS site with a certificate for the name (the check trusts it through CONNECTION_CHECK_CA_FILE).
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { M } from '@registrar/messages';
import { memberWithDomain, dig } from '../dns/dns.page';
import { freeName } from '../purchase/purchase.page';
import type { Headers } from '../purchase/purchase.page';
import { checkPage, CHECK_WIDTHS, expectNoHorizontalOverflow, expectNoSeriousA11yViolations } from '../support/page-checks';
import { HttpsTarget, startHttpsTarget } from '../../integration/public-whois/https-target';

// like screenshots.e2e.ts: beside the test output, or SCREENSHOTS_DIR (docs/screenshots) to refresh the committed ones
const SHOTS = process.env.SCREENSHOTS_DIR ? path.resolve(__dirname, '../../..', process.env.SCREENSHOTS_DIR) : path.join(process.env.TEST_TMP ?? path.resolve(__dirname, '../../../test-results'), 'screenshots');
const HTTPS_PORT = Number(process.env.CONNECTION_CHECK_TEST_HTTPS_PORT ?? 14351);
const CA_FILE = process.env.CONNECTION_CHECK_CA_FILE ?? '';

test.describe.configure({ mode: 'serial' });

let name = '';
let free = '';
let site: HttpsTarget | null = null;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await browser.newPage();
  const m = await memberWithDomain(page);
  name = m.name;
  const headers: Headers = m.headers;
  // a name nobody holds (asked with the member's own session)
  free = await freeName(page.request, headers, 'com', 'e2e-whois-free');
  const r = await page.request.post('/mypage/domain/dns/dispatch', {
    headers, data: { domains: [m.id], editNameServer: 0, saveData: [{ host_name: '@', recode_type: 20, ttl: 300, record: '127.0.0.1' }, { host_name: 'www', recode_type: 20, ttl: 300, record: '127.0.0.1' }] },
  });
  expect((await r.json()).result).toBe(true);
  await expect.poll(() => dig(`www.${name}`, 'A'), { timeout: 30_000 }).toEqual(['127.0.0.1']);
  site = await startHttpsTarget({ port: HTTPS_PORT, hosts: [name, `www.${name}`], caFile: CA_FILE });
  await page.close();
});
test.afterAll(async () => {
  await site?.close();
});

async function shoot(page: Page, file: string) {
  for (const width of CHECK_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => document.fonts.ready);
    await expectNoHorizontalOverflow(page, `${file} at ${width}px`);
    await expectNoSeriousA11yViolations(page, [], `${file} at ${width}px`);
    await page.screenshot({ path: path.join(SHOTS, `${file}-${width}.png`), fullPage: true });
  }
}

test.describe('whois lookup page', () => {
  test('fits both widths; the button waits for a domain; ours shows the WHOIS proxy; an unregistered name says so', async ({ page }) => {
    await checkPage(page, '/whois', { ready: (p) => p.getByRole('heading', { name: 'WHOIS検索' }) });
    await expect(page).toHaveTitle(/WHOIS検索/);
    const input = page.getByRole('textbox', { name: 'ドメイン名' });
    const button = page.getByRole('button', { name: '検索' });
    await expect(button).toBeDisabled();
    await input.fill(name);
    await expect(button).toBeEnabled();
    await button.click();
    const result = page.getByTestId('whois-result');
    await expect(result.getByText('登録済み')).toBeVisible({ timeout: 30_000 });
    await expect(result.getByText('情報の提供元：Rakko Registrar（レジストラ）')).toBeVisible();
    const text = page.getByTestId('whois-text');
    await expect(text).toContainText(`Domain Name: ${name.toUpperCase()}`);
    await expect(text).toContainText('Registrant Name: Whois Privacy Protection Service');
    await expect(text).toContainText(/Registrant Email: px-[a-z2-9]{20}@whois-proxy\.rakko\.example/);
    // the summary above the full text: the proxy named as such, the registrar, the statuses in Japanese, the name servers
    const summary = page.getByRole('table', { name: M.whoisSummary });
    const row = (label: string) => summary.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
    await expect(row(M.whoisRegistrant)).toContainText('Whois Privacy Protection Service');
    await expect(row(M.whoisRegistrant)).toContainText(M.whoisPrivacy);
    await expect(row(M.whoisRegistrar)).toContainText('Rakko Registrar');
    await expect(row(M.whoisExpires).getByRole('cell')).toHaveText(/^\d{4}\/\d{2}\/\d{2}$/);
    await expect(row(M.whoisStatus)).toContainText(/（(ok|clientTransferProhibited)）/);
    await expect(row(M.whoisNameServers).getByRole('listitem')).not.toHaveCount(0);
    await shoot(page, 'whois-lookup');

    await input.fill(free);
    await button.click();
    await expect(result.getByText('未登録')).toBeVisible({ timeout: 30_000 });
    await expect(result.getByText(M.whoisNotRegistered)).toBeVisible();
    await expect(page.getByRole('table', { name: M.whoisSummary })).toHaveCount(0);
  });
});

test.describe('website connection check page', () => {
  test('the two input messages; a healthy site passes six checks; a failing one links to its check', async ({ page }) => {
    await checkPage(page, '/tool/websiteConnectionCheck', { ready: (p) => p.getByRole('heading', { name: 'Webサイト接続チェック' }) });
    const input = page.getByRole('textbox', { name: 'ドメインまたはURL' });
    const button = page.getByRole('button', { name: 'チェック' });
    await button.click();
    await expect(page.getByText(M.enterDomainOrUrl)).toBeVisible();
    await expect(page.getByTestId('check-results')).toHaveCount(0);
    await input.fill('https://exa mple.com/');
    await button.click();
    await expect(page.getByText(M.enterUrlCorrectly)).toBeVisible();

    await input.fill(`https://www.${name}:${HTTPS_PORT}/`);
    await button.click();
    const overall = page.getByTestId('check-overall');
    await expect(overall.getByText(M.checkOverallOk)).toBeVisible({ timeout: 60_000 });
    for (const id of ['http', 'registration', 'dns', 'nameservers', 'a', 'ssl']) await expect(page.getByTestId(`check-${id}`).getByText('正常', { exact: true })).toBeVisible();
    await expect(page.getByTestId('check-http')).toContainText('ステータスコード 200');
    await expect(page.getByTestId('check-ssl')).toContainText('有効な証明書です');
    await shoot(page, 'connection-check');

    await input.fill(`https://www.${name}:${HTTPS_PORT}/down`);
    await button.click();
    await expect(overall.getByText('問題が見つかりました：1件')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('check-http')).toContainText('ステータスコード 503');
    await overall.getByRole('link', { name: M.checkHttpStatus }).click();
    await expect(page).toHaveURL(/#check-http$/);
    await expect(page.getByTestId('check-http')).toBeInViewport();
  });
});
