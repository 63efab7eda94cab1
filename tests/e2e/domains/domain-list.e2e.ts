/**
 * The member's domain list in the browser (001 spec §2): a portfolio in every state, each kind of filter, sort,
 * page, select all pages, the CSV download parsed, the detail view and the history; screenshots at 360 and 1280 px.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import fs from 'node:fs';
import { parseCsv } from '@registrar/csv';
import { M } from '@registrar/messages';
import { apiSearch, expectNoOverflow, rows, seedPortfolio, signUpMember } from './domain-list.page';

// fresh loads of the app (form posts, gotos) on a busy shared machine can take well over the default 10 s
const expect = baseExpect.configure({ timeout: 60_000 });

/**
 * The ON/OFF/name-server cells are buttons whose accessible name must contain what they show (WCAG 2.5.3; axe's
 * label-content-name-mismatch is experimental, so it is switched on here by name), and each names its domain.
 */
async function expectShortcutNamesMatchText(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
  expect(violations.flatMap((v) => v.nodes.map((n) => n.html.slice(0, 160)))).toEqual([]);
  await expect(rows(page).getByRole('button', { name: /^(ON|OFF)（[^）]+の自動更新を変更）$/ }).first()).toBeVisible();
}

const shots = process.env.TEST_TMP ? `${process.env.TEST_TMP}/screenshots` : 'test-results/screenshots';

test.describe('domain list', () => {
  test('a member filters, sorts, pages, selects all pages, downloads the CSV, opens a detail and the history', async ({ page }) => {
    test.setTimeout(480_000); // a long walk through every part of the list; the shared machine is often very busy
    const { headers } = await signUpMember(page.request);
    await seedPortfolio(page.request, headers, 130);
    const all = await apiSearch(page.request, headers, { pagingNum: 200 });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/mypage/domain');
    await expect(page.getByRole('heading', { name: 'ドメイン管理' })).toBeVisible();
    await expect(page.getByTestId('hit-count')).toHaveText(`${all.validDomains.total}件`);
    await expect(rows(page)).toHaveCount(50);
    await expect(page.getByTestId('domain-count')).toHaveText('99+');
    // over 100 domains under management: the gold rank's mascot
    await expect(page.getByRole('img', { name: 'ゴールド会員のマスコット' })).toBeVisible();
    // the sibling services (server, market) are not in the services map by default: no link, no counter
    // (tests/e2e/help/no-dead-links.e2e.ts shows them when the map holds them)
    const sidebar = page.getByRole('navigation', { name: 'マイページメニュー' });
    await expect(sidebar.getByRole('link', { name: '履歴' })).toBeVisible();
    for (const id of ['server-count', 'market-count']) await expect(sidebar.getByTestId(id)).toHaveCount(0);
    // the domain market is our own service: its count is always there (the member has listed nothing)
    await expect(sidebar.getByTestId('domain-market-count')).toHaveText('0');
    // the row menu offers the keyword tool only with a tools service
    await rows(page).first().getByTestId('row-menu').click();
    await expect(page.getByRole('menuitem', { name: 'ドメイン詳細' })).toBeVisible();
    await expect(page.getByTestId('keyword-tool')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: 'ドメイン詳細' })).toBeHidden();
    await expect(page.getByTestId('expired-notice')).toBeVisible();
    await expectNoOverflow(page);
    await page.screenshot({ path: `${shots}/domain-list-1280.png`, fullPage: true });
    await expectShortcutNamesMatchText(page);

    // page 2 and page size
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/validDomainPage=2/);
    await expect(rows(page)).toHaveCount(Math.min(50, all.validDomains.total - 50));
    await page.locator('input[aria-label="表示件数"]').click();
    await page.getByRole('option', { name: '20件' }).click();
    await expect(rows(page)).toHaveCount(20);
    await expect(page).not.toHaveURL(/validDomainPage/);

    // sort by name, descending
    await page.locator('input[aria-label="並び順"]').click();
    await page.getByRole('option', { name: 'ドメイン名 降順' }).click();
    // the rows are re-fetched in the new order: wait for them (the previous page's rows may still show for a moment)
    const names = () => rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-domain')!));
    await expect.poll(async () => { const n = await names(); return n.length === 20 && n.join('\n') === [...n].sort().reverse().join('\n'); }).toBe(true);

    // a filter from the URL (as the banner links do): auto-renew off; then remove it with its chip
    const off = await apiSearch(page.request, headers, { isAutoUpdate: '0', pagingNum: 200 });
    await page.goto('/mypage/domain?isAutoUpdate=0');
    await expect(page.getByTestId('hit-count')).toHaveText(`${off.validDomains.total}件`);
    await expect(page.getByTestId('active-filters')).toContainText('自動更新: OFF');
    await page.getByRole('button', { name: '自動更新の条件を外す' }).click();
    await expect(page.getByTestId('hit-count')).toHaveText(`${all.validDomains.total}件`);
    // the attribute-type JP banner link's filter (this portfolio has none of them)
    const orgJp = await apiSearch(page.request, headers, { tldGroup: 'orgJp' });
    await page.goto('/mypage/domain?tldGroup=orgJp');
    await expect(page.getByTestId('active-filters')).toContainText('ドメイン種別: 属性型JPドメイン');
    await expect(page.getByTestId('hit-count')).toHaveText(`${orgJp.validDomains.total}件`);
    await page.getByRole('button', { name: 'ドメイン種別の条件を外す' }).click();
    await expect(page.getByTestId('hit-count')).toHaveText(`${all.validDomains.total}件`);

    // the expired tab
    await page.getByRole('tab', { name: /期限切れドメイン/ }).click();
    await expect(page).toHaveURL(/domainType=2/);
    const expired = await apiSearch(page.request, headers, { domainType: 2, pagingNum: 200 });
    await expect(page.getByTestId('hit-count')).toHaveText(`${expired.validDomains.total}件`);
    await expect(rows(page).first()).toContainText('-');

    // the sidebar keyword box posts a form; the list shows the matches with the keyword in its URL
    const word = all.validDomains.data[0]!.name.split('-')[0]!;
    const byWord = await apiSearch(page.request, headers, { key: word, pagingNum: 200 });
    await page.getByRole('search', { name: 'ドメインを検索' }).getByRole('textbox').fill(word);
    await page.getByRole('search', { name: 'ドメインを検索' }).getByRole('button', { name: '検索' }).click();
    await expect(page).toHaveURL(new RegExp(`key=${word}`));
    await expect(page.getByTestId('hit-count')).toHaveText(`${byWord.validDomains.total}件`);

    // the advanced search: the date-range message, then a lock + inflow search posted as a form
    await page.getByRole('navigation', { name: 'マイページメニュー' }).getByRole('button', { name: '詳細検索' }).click();
    const modal = page.getByRole('dialog', { name: '詳細検索' });
    await modal.getByLabel('有効期限（開始）').fill('2027-02-01');
    await modal.getByLabel('有効期限（終了）').fill('2027-01-01');
    await modal.getByRole('button', { name: 'この条件で検索' }).click();
    await expect(modal.getByTestId('advanced-errors')).toHaveText(M.expiryDateRange);
    await modal.getByRole('button', { name: 'クリア' }).click();
    await modal.getByLabel('ドメインロック', { exact: true }).click();
    await page.getByRole('option', { name: 'ON', exact: true }).click();
    await modal.getByLabel('推定流入数', { exact: true }).click();
    await page.getByRole('option', { name: '100以上' }).click();
    await modal.getByRole('button', { name: 'この条件で検索' }).click();
    await expect(page).toHaveURL(/isDomainLock=(1|%221%22)/);
    const lockedBusy = await apiSearch(page.request, headers, { isDomainLock: '1', influxLimit: '100', pagingNum: 200 });
    await expect(page.getByTestId('hit-count')).toHaveText(`${lockedBusy.validDomains.total}件`);
    await expect(page.getByTestId('influx-chart').first().locator('svg')).toBeVisible();

    // the purchase result step's domainPkIds[]
    const two = all.validDomains.data.slice(0, 2);
    await page.goto(`/mypage/domain?domainPkIds[]=${two[0]!.id}&domainPkIds[]=${two[1]!.id}`);
    await expect(page.getByTestId('hit-count')).toHaveText('2件');
    await expect(rows(page)).toHaveCount(2);

    // bad input from the URL shows the spec's message
    await page.goto('/mypage/domain?obtainDateStart=2026-05-01&obtainDateEnd=2026-04-01');
    await expect(page.getByTestId('search-errors')).toHaveText(M.registrationDateRange);

    // select the page, then all pages
    await page.goto('/mypage/domain');
    await expect(page.getByTestId('select-all-pages')).toBeDisabled();
    await page.getByRole('checkbox', { name: 'このページのドメインをすべて選択' }).check();
    await expect(page.getByTestId('selection-count')).toHaveText('選択中: 50件');
    await page.getByTestId('select-all-pages').check();
    await expect(page.getByTestId('selection-count')).toHaveText(`選択中: ${all.validDomains.total}件`);
    await rows(page).first().getByRole('checkbox').uncheck();
    await expect(page.getByTestId('selection-count')).toHaveText('選択中: 49件');
    await expect(page.getByTestId('select-all-pages')).not.toBeChecked();

    // CSV of every valid domain
    const download = page.waitForEvent('download');
    await page.getByTestId('csv-download').click();
    const file = await (await download).path();
    const bytes = fs.readFileSync(file!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = parseCsv(bytes.toString('utf8'));
    expect(csv[0]![0]).toBe('ドメイン名');
    expect(csv.length - 1).toBe(all.validDomains.total);

    // the detail view and the history
    const first = all.validDomains.data[0]!;
    await page.getByRole('link', { name: first.name, exact: true }).first().click();
    await expect(page.getByRole('heading', { name: first.name })).toBeVisible();
    await expect(page.getByText('ネームサーバー', { exact: true })).toBeVisible();
    await expectNoOverflow(page);
    await page.screenshot({ path: `${shots}/domain-detail-1280.png`, fullPage: true });
    await page.goto('/mypage/actionLog');
    await expect(page.getByTestId('action-log-row').first()).toBeVisible();
    await page.getByLabel('ドメイン名', { exact: true }).fill('no-such-domain-anywhere');
    await page.getByRole('search', { name: '履歴の絞り込み' }).getByRole('button', { name: '検索' }).click();
    await expect(page).toHaveURL(/description=no-such-domain-anywhere/);
    await expect(page.getByText(M.noMatchingData)).toBeVisible();
    await page.goto('/mypage/actionLog');
    await page.getByRole('button', { name: 'レジストラ処理結果' }).first().click();
    await expect(page.getByTestId('action-result')).toContainText('Command completed successfully');
    await page.keyboard.press('Escape');

    // phones
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/mypage/domain');
    await expect(rows(page)).toHaveCount(50);
    await expectNoOverflow(page);
    await page.screenshot({ path: `${shots}/domain-list-360.png`, fullPage: true });
    await expectShortcutNamesMatchText(page);
    await page.goto(`/mypage/domain/detail/${first.id}`);
    await expect(page.getByRole('heading', { name: first.name })).toBeVisible();
    await expectNoOverflow(page);
    await page.screenshot({ path: `${shots}/domain-detail-360.png`, fullPage: true });
    await page.goto('/mypage/actionLog');
    await expect(page.getByTestId('action-log-row').first()).toBeVisible();
    await expectNoOverflow(page);
    await page.screenshot({ path: `${shots}/action-log-360.png`, fullPage: true });
  });

  test('an admin-locked row: its badge and every disabled menu item say the same reason', async ({ page }) => {
    const { headers } = await signUpMember(page.request);
    await seedPortfolio(page.request, headers, 20); // the 18th domain of the demo portfolio is admin-locked
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/mypage/domain');
    const row = rows(page).filter({ has: page.getByTestId('admin-lock') });
    await expect(row).toHaveCount(1);
    await row.getByTestId('admin-lock').hover();
    await expect(page.getByRole('tooltip')).toHaveText(M.adminLockTooltip);
    const name = await row.getAttribute('data-domain');
    await page.getByRole('button', { name: `${name}の操作メニュー` }).first().click();
    // renew (the registry's own entry), name servers (issue 11's entries) and WHOIS: one message, from libs/messages
    for (const label of ['更新', 'ネームサーバー変更', 'WHOIS']) {
      await page.getByRole('menuitem', { name: 'ドメイン詳細' }).hover(); // an enabled item: no tooltip
      await expect(page.getByRole('tooltip')).toHaveCount(0);
      const item = page.getByRole('menuitem', { name: label, exact: true });
      await expect(item).toBeDisabled();
      await item.locator('..').hover();
      await expect(page.getByRole('tooltip')).toHaveText(M.adminLockTooltip);
    }
  });

  test('another member\'s domain id shows nothing', async ({ page }) => {
    const a = await signUpMember(page.request);
    await seedPortfolio(page.request, a.headers, 3);
    const mine = await apiSearch(page.request, a.headers, {});
    const id = mine.validDomains.data[0]!.id;
    await page.request.post('/logout', { headers: a.headers });
    await page.context().clearCookies();
    await signUpMember(page.request);
    await page.goto(`/mypage/domain/detail/${id}`);
    await expect(page.getByText(M.noDomainInfo)).toBeVisible();
    await page.goto(`/mypage/domain?domainPkIds[]=${id}`);
    await expect(page.getByTestId('hit-count')).toHaveText('0件');
    // a member with no domain yet is a scholar
    await expect(page.getByRole('img', { name: 'スカラー会員のマスコット' })).toBeVisible();
  });
});
