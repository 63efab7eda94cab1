/**
 * Notifications end to end in the browser (002 §2, §4; issues 16 and 17): a super admin writes a notification and a
 * header announcement on the admin screen (a normal admin is refused), then a member sees the banner (coloured label,
 * sanitised HTML, closable, back after reDisplayPeriod days), the bell's badge clearing when the list opens, the top
 * page box and the all-notifications page.
 */
import { expect, test, type Page } from '@playwright/test';
import { ANNOUNCEMENT_HIDE_KEY } from '@registrar/rules';
import { checkPage, expectNoHorizontalOverflow, expectNoSeriousA11yViolations } from '../support/page-checks';
import { adminPost, createAdmin, signInAdmin, XHR } from '../admin/admin-session';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const tag = `e2e${Date.now()}`;
const longTitle = `${tag} 【キャンペーン】人気TLDの新規登録が特別価格になりました。期間中はいつでも何度でもお得にご登録いただけます。`;
let superToken = '';

async function shot(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoHorizontalOverflow(page, `${name} at ${width}px`);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test.afterAll(async ({ browser }) => {
  // remove what this file published, so other pages' tests see the site as they expect
  if (!superToken) return;
  const page = await browser.newPage();
  const token = await signInAdmin(page, createAdmin('super'));
  const list = await (await page.request.get('/admin/api/notifications', { headers: XHR })).json();
  for (const n of list.notifications.data as Array<{ id: number; title: string }>) if (n.title.startsWith(tag)) await adminPost(page, token, `/admin/api/notifications/${n.id}/delete`, {});
  const anns = await (await page.request.get('/admin/api/header_announcements', { headers: XHR })).json();
  for (const a of anns.announcements as Array<{ id: number; content: string }>) if (a.content.includes(tag)) await adminPost(page, token, `/admin/api/header_announcements/${a.id}/delete`, {});
  await page.close();
});

test('a super admin writes a notification and a header announcement; a normal admin is refused', async ({ page, browser }) => {
  superToken = await signInAdmin(page, createAdmin('super'));
  await checkPage(page, '/admin/notifications', { ready: (p) => p.getByRole('heading', { name: 'お知らせ管理' }) });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByTestId('notification-new').click();
  const dialog = page.getByRole('dialog', { name: 'お知らせの作成' });
  await dialog.getByRole('button', { name: '保存する' }).click();
  await expect(dialog).toContainText('タイトルを入力してください');
  await expect(dialog).toContainText('本文を入力してください');
  await dialog.getByLabel('タイトル').fill(longTitle);
  await dialog.getByLabel('種別').selectOption({ label: 'キャンペーン' });
  await dialog.getByLabel('本文（HTML可）').fill(`<p><b>${tag}</b> の本文です。</p><script>window.__pwned = 1</script>`);
  await dialog.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByTestId('admin-notice-done')).toHaveText('お知らせを保存しました');
  await expect(page.getByTestId('admin-notification-row').filter({ hasText: tag })).toContainText('公開中');

  await page.getByRole('tab', { name: 'ヘッダーお知らせ' }).click();
  await page.getByTestId('announcement-new').click();
  const ann = page.getByRole('dialog', { name: 'ヘッダーお知らせの作成' });
  await ann.getByLabel('カテゴリ').selectOption({ label: '重要' });
  await ann.getByLabel('内容（HTML可）').fill(`<b>${tag}</b> 臨時メンテナンスのお知らせ <img src="x" onerror="window.__pwned=1"> <a href="/domain/price">詳細</a>`);
  await ann.getByLabel('閉じた後に再表示するまでの日数').fill('abc');
  await ann.getByRole('button', { name: '保存する' }).click();
  await expect(ann).toContainText('再表示までの日数は1〜365の半角数字で入力してください');
  await ann.getByLabel('閉じた後に再表示するまでの日数').fill('2');
  await ann.getByRole('button', { name: '保存する' }).click();
  const row = page.getByTestId('admin-announcement-row').filter({ hasText: tag });
  await expect(row).toContainText('2日後');
  await expect(row.locator('img')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'admin-notifications');

  const other = await browser.newPage();
  const normalToken = await signInAdmin(other, createAdmin('normal'));
  await other.goto('/admin/notifications');
  await expect(other.getByTestId('admin-forbidden')).toBeVisible();
  expect((await adminPost(other, normalToken, '/admin/api/notifications', { title: 'x', type: 1, release_date: '2026-01-01', description: 'x' })).status()).toBe(403);
  await expect(other.getByTestId('admin-menu').getByText('お知らせ管理')).toHaveCount(0);
  await other.close();
});

test('a member sees the banner, the bell clears its badge when opened, the top box and the all-notifications page', async ({ page }) => {
  await signInAdmin(page, createAdmin('normal')); // a fresh account: nothing read yet
  const bell = (await (await page.request.get('/mypage/notification/header', { headers: XHR })).json()) as { unreadNotifications: { normal: number; campaign: number } };
  const unread = bell.unreadNotifications.normal + bell.unreadNotifications.campaign;
  expect(bell.unreadNotifications.campaign).toBeGreaterThanOrEqual(1);

  await checkPage(page, '/', { ready: (p) => p.getByTestId('header-announcement').filter({ hasText: tag }) });
  const banner = page.getByTestId('header-announcement').filter({ hasText: tag });
  await expect(banner.getByText('重要', { exact: true })).toBeVisible();
  await expect(banner.locator('b')).toHaveText(tag);
  await expect(banner.getByRole('link', { name: '詳細' })).toHaveAttribute('href', '/domain/price');
  await expect(banner.locator('img, script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  // the badge shows the unread count; opening the list posts the mark-as-read call and clears it
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByTestId('menu-bell')).toHaveAccessibleName(`お知らせ 未読 ${unread} 件`);
  await expect(page.getByTestId('bell-badge').locator('.mantine-Indicator-indicator')).toHaveText(String(unread));
  const marked = page.waitForResponse((r) => r.url().endsWith('/mypage/notification') && r.request().method() === 'POST');
  await page.getByTestId('menu-bell').click();
  expect((await marked).status()).toBe(200);
  const item = page.getByTestId('bell-item').filter({ hasText: tag });
  await expect(item).toContainText(`${Array.from(longTitle).slice(0, 62).join('')}...`);
  await expect(page.getByTestId('menu-bell')).toHaveAccessibleName('お知らせ');
  await expect(page.getByTestId('bell-badge').locator('.mantine-Indicator-indicator')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('bell-1280.png') });
  await item.click();
  const detail = page.getByTestId('notification-detail');
  await expect(page.getByRole('dialog', { name: longTitle })).toBeVisible();
  await expect(detail).toContainText(`${tag} の本文です。`);
  await expect(detail.locator('script')).toHaveCount(0);
  await page.getByRole('button', { name: '閉じる', exact: true }).click();
  await page.reload();
  await expect(page.getByTestId('menu-bell')).toHaveAccessibleName('お知らせ'); // read on the server, not only on screen

  // the top page box lists it and opens its detail
  await page.getByTestId('home-notification').filter({ hasText: tag }).click();
  await expect(page.getByTestId('notification-detail')).toContainText(`${tag} の本文です。`);
  await page.getByRole('button', { name: '閉じる', exact: true }).click();

  // closing the banner hides it across reloads, until reDisplayPeriod (2) days after it was closed
  await banner.getByRole('button', { name: '重要のお知らせを閉じる' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('home-notification').first()).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.evaluate((key) => {
    const records = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, string>;
    for (const id of Object.keys(records)) records[id] = new Date(Date.now() - 2 * 86_400_000 - 60_000).toISOString();
    records['999999999'] = new Date().toISOString(); // an announcement no longer sent: purged
    localStorage.setItem(key, JSON.stringify(records));
  }, ANNOUNCEMENT_HIDE_KEY);
  await page.reload();
  await expect(banner).toBeVisible();
  await expect.poll(() => page.evaluate((key) => Object.keys(JSON.parse(localStorage.getItem(key) ?? '{}')), ANNOUNCEMENT_HIDE_KEY)).not.toContain('999999999');
  await shot(page, 'home-announcement');

  // the all-notifications page, filtered by type in the URL
  await checkPage(page, '/notifications?service_name=domain', { ready: (p) => p.getByTestId('notification-row').filter({ hasText: tag }) });
  // the segments are labels over visually hidden radios: a person clicks the label
  const filter = page.getByRole('radiogroup', { name: '種別で絞り込む' });
  await filter.getByText('メンテナンス', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'メンテナンス' })).toBeChecked();
  await expect(page).toHaveURL(/type=4/);
  await expect(page.getByTestId('notification-row').filter({ hasText: tag })).toHaveCount(0);
  await filter.getByText('キャンペーン', { exact: true }).click();
  await expect(page).toHaveURL(/type=2/);
  await page.getByTestId('notification-row').filter({ hasText: tag }).click();
  await expect(page.getByTestId('notification-detail')).toContainText(`${tag} の本文です。`);
  await page.getByRole('button', { name: '閉じる', exact: true }).click();
  await shot(page, 'notifications-page');
});
