/**
 * Contract stats (002 §2, §4): a super admin reads the table of every Stats row column beside its chart, switches to
 * quarters and all periods (kept in the URL), and downloads the CSV; a normal admin is refused.
 */
import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import { STATS_COLUMN_LABELS, STATS_COLUMNS } from '@registrar/rules';
import { checkPage } from '../support/page-checks';
import { createAdmin, signInAdmin, XHR } from './admin-session';

test('super admin: contract stats table, chart, quarter toggle, all periods and CSV; normal admin refused', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInAdmin(page, createAdmin('super'));
  // The table must show what the API answered the page itself: other tests running beside this one add domains (a demo
  // portfolio is seeded with creation dates a year and more back), so a second request of the test's own can count
  // more domains in a past period than the page's did. Each answer the page receives is kept, by its year and quarter.
  type Answer = { year: number | null; quarter: number; stats: Array<Record<string, string | number>> };
  const answers = new Map<string, Answer>();
  page.on('response', (r) => {
    if (!/\/admin\/api\/domain\/stats\?/.test(r.url()) || r.status() !== 200) return;
    void r.json().then((a: Answer) => answers.set(`${a.year}:${a.quarter}`, a), () => undefined);
  });
  const thisYear = Number(new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 4)); // the page's default (Tokyo)
  await checkPage(page, '/admin/domain/stats', { ready: (p) => p.getByTestId('stats-table') });
  await page.setViewportSize({ width: 1280, height: 900 });

  /** The table shows every row of the page's latest answer for that year (null: all periods) and quarter. */
  const expectTable = async (year: number | null, quarter: 0 | 1) => {
    await expect(async () => {
      const rows = answers.get(`${year}:${quarter}`)?.stats;
      expect(rows, `the page's answer for year ${year}, quarter ${quarter}`).toBeTruthy();
      await expect(page.getByTestId('stats-row')).toHaveCount(rows!.length, { timeout: 1_000 });
      const first = page.getByTestId('stats-row').first().locator('td');
      await expect(first.nth(0)).toHaveText(String(rows![0]!.interval_date), { timeout: 1_000 });
      await expect(first.nth(2)).toHaveText(Number(rows![0]!.total_count).toLocaleString('ja-JP'), { timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
  };
  for (const c of STATS_COLUMNS) await expect(page.getByTestId('stats-table').getByRole('columnheader', { name: STATS_COLUMN_LABELS[c], exact: true })).toBeVisible();
  await expectTable(thisYear, 0);
  await expect(page.getByTestId('stats-chart').locator('svg').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('stats-1280.png'), fullPage: true });

  await page.getByText('四半期', { exact: true }).click();
  await expect(page).toHaveURL(/quarter=1/);
  await expectTable(thisYear, 1);
  await page.getByLabel('年').selectOption('all');
  await expect(page).toHaveURL(/year=all/);
  await expectTable(null, 1);
  answers.clear();
  await page.reload();
  await expectTable(null, 1); // the conditions survive a reload

  const download = page.waitForEvent('download');
  await page.getByTestId('stats-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('domain_stats_all_quarterly.csv');
  const text = fs.readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
  expect(text.split('\r\n')[0]).toBe(STATS_COLUMNS.join(','));

  await page.setViewportSize({ width: 360, height: 900 });
  await page.screenshot({ path: test.info().outputPath('stats-360.png'), fullPage: true });

  const other = await browser.newPage();
  await signInAdmin(other, createAdmin('normal'));
  await other.goto('/admin/domain/stats');
  await expect(other.getByTestId('admin-forbidden')).toBeVisible();
  expect((await other.request.get('/admin/api/domain/stats', { headers: XHR })).status()).toBe(403);
  await other.close();
});
