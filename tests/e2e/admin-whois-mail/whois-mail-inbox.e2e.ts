/**
 * The WHOIS proxy mail inbox (002 spec): list with filters, counts, the URL query rewritten in place, rows opening the
 * detail in a new tab, truncation; the detail with auto-linked content, the mail's HTML only sandboxed or as source,
 * the failed-content modal, type change and 'change to success'; a normal admin refused.
 */
import { expect, test } from '@playwright/test';
import { WM } from '@registrar/messages';
import { createAdmin, signInAdmin } from '../admin/admin-session';
import { M } from '@registrar/messages';
import { deliver, expectNoHorizontalOverflow, expectNoSeriousA11yViolations, processed, proxiedDomain, signedApprovalWithUnknownLink, signInAsNewSuperAdmin } from './whois-mail.fixture';

test('a normal admin is refused the inbox (no menu entry, the page says so, the calls answer 403)', async ({ page }) => {
  await signInAdmin(page, createAdmin('normal'));
  await page.goto('/admin/whois/emails');
  await expect(page.getByTestId('admin-forbidden')).toBeVisible();
  await expect(page.getByRole('link', { name: 'WHOIS代理メール' })).toHaveCount(0);
  expect((await page.request.get('/admin/api/whois/emails', { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).status()).toBe(403);
});

test('the inbox lists mail by type and status, rewrites the URL in place and opens a mail in a new tab', async ({ page, context }) => {
  test.setTimeout(300_000); // two widths and two new tabs on a shared, often very busy machine
  await signInAsNewSuperAdmin(page);
  const d = await proxiedDomain();
  const subject = `Domain expiration notice for ${d.name} — please renew soon`;
  const id = await deliver({ from: 'notices@registry.example', to: d.proxy, subject, text: `The domain ${d.name} expires in 30 days. Renew it at https://registry.example/renew now, or it will be deleted.` });
  await processed(page, id);

  await page.goto('/admin/whois/emails');
  await expect(page.getByRole('heading', { name: WM.heading })).toBeVisible();
  await expect(page.getByTestId('whois-mail-counts')).toBeVisible();
  const row = page.getByTestId('whois-mail-row').filter({ has: page.getByRole('link', { name: String(id), exact: true }) });
  await expect(row).toContainText(`${subject.slice(0, 20)}...`);
  await expect(row).toContainText('上位レジストリからの有効期限通知');
  await expect(row).toContainText('成功');
  await expect(row).not.toContainText(subject);

  // filters go into the URL without a new history entry
  const historyBefore = await page.evaluate(() => history.length);
  await page.getByRole('combobox', { name: 'メールタイプ' }).click();
  await page.getByRole('option', { name: '5 上位レジストリからの有効期限通知' }).click();
  await expect(page).toHaveURL(/[?&]type=5/);
  await page.getByRole('combobox', { name: 'ステータス' }).click();
  await page.getByRole('option', { name: '成功' }).click();
  await expect(page).toHaveURL(/[?&]status=1/);
  expect(await page.evaluate(() => history.length)).toBe(historyBefore);
  await expect(row).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${process.env.TEST_TMP ?? 'test-results'}/whois-inbox-1280.png`, fullPage: true });

  // the list failing without messages (network) shows エラーが発生しました
  await page.route('**/admin/api/whois/emails?**', (r) => r.abort());
  await page.goto('/admin/whois/emails?status=1');
  await expect(page.getByTestId('admin-error')).toHaveText(M.errorOccurred);
  await page.unroute('**/admin/api/whois/emails?**');

  // a filter that matches nothing
  await page.goto('/admin/whois/emails?type=3&status=2&page=999');
  await expect(page.getByText('一致するデータがありませんでした')).toBeVisible();

  // a row click opens the detail in a new tab
  await page.goto('/admin/whois/emails?type=5');
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByTestId('whois-mail-row').filter({ hasText: String(id) }).first().getByRole('cell').nth(2).click()]);
  await tab.waitForLoadState();
  await expect(tab).toHaveURL(new RegExp(`/admin/whois/emails/${id}$`));
  await expect(tab.getByTestId('whois-mail-subject')).toHaveText(subject);
  await expect(tab.getByTestId('whois-mail-content').getByRole('link', { name: 'https://registry.example/renew' })).toHaveAttribute('href', 'https://registry.example/renew');

  // phones: a card per mail (no sideways table), the same fields, and a card opens the mail in a new tab
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/admin/whois/emails');
  const card = page.locator(`[data-testid="whois-mail-card"][data-id="${id}"]`);
  await expect(card).toBeVisible();
  await expect(page.getByTestId('whois-mail-list')).toHaveCount(0);
  await expect(card).toContainText(`${subject.slice(0, 20)}...`);
  await expect(card).toContainText('上位レジストリからの有効期限通知');
  await expect(card).toContainText('成功');
  await expect(card.getByRole('link', { name: String(id), exact: true })).toHaveAttribute('href', `/admin/whois/emails/${id}`);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${process.env.TEST_TMP ?? 'test-results'}/whois-inbox-360.png`, fullPage: true });
  const [phoneTab] = await Promise.all([context.waitForEvent('page'), card.getByText(`${subject.slice(0, 20)}...`).click()]);
  await phoneTab.waitForLoadState();
  await expect(phoneTab).toHaveURL(new RegExp(`/admin/whois/emails/${id}$`));
});

test('a mail\'s HTML never runs; a failed mail shows its failure, is reclassified and changed to success', async ({ page }) => {
  test.setTimeout(240_000);
  await signInAsNewSuperAdmin(page);
  const d = await proxiedDomain();
  let dialogs = 0;
  page.on('dialog', (dlg) => { dialogs++; void dlg.dismiss(); });

  // an approval mail from the registry (signed as it signs them) whose link it no longer knows: opened, refused, failed
  const id = await deliver(signedApprovalWithUnknownLink(d.proxy, {
    html: '<p>Please approve.</p><script>parent.document.title="pwned";alert(1)</script><img src="https://tracker.example/p.gif" onerror="alert(2)">',
    attachments: [{ filename: 'run-me.html', content: '<script>alert(3)</script>' }],
  }));
  expect((await processed(page, id)).status).toBe(2);

  await page.goto(`/admin/whois/emails/${id}`);
  await expect(page.getByTestId('whois-mail-subject')).toHaveText('Approval required: change of registrant');
  await expect(page.getByTestId('whois-mail-status')).toHaveText('失敗');
  await expect(page.getByTestId('whois-mail-attachments')).toContainText('run-me.html');

  await page.getByRole('tab', { name: 'HTML表示' }).click();
  const frame = page.getByTestId('sandboxed-html');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('[data-testid="sandboxed-html"]').getByText('Please approve.')).toBeVisible();
  await page.getByRole('tab', { name: 'HTMLソース' }).click();
  await expect(page.getByTestId('whois-mail-html-source')).toContainText('<script>parent.document.title="pwned"');
  expect(await page.title()).not.toContain('pwned');
  expect(dialogs).toBe(0);

  // the failed-content modal toggles rendered and raw, and closes
  await page.getByRole('button', { name: '失敗内容' }).click();
  const modal = page.getByRole('dialog', { name: '失敗内容' });
  await expect(modal.locator('iframe[sandbox=""]')).toBeVisible();
  await modal.getByText('ソース表示').click();
  await expect(modal.getByTestId('failed-raw')).toContainText('リンクが無効です'); // the registry's refusal page
  await modal.getByRole('button', { name: '閉じる' }).last().click();
  await expect(modal).toBeHidden();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${process.env.TEST_TMP ?? 'test-results'}/whois-detail-1280.png`, fullPage: true });

  // an update failing without a message shows 予期せぬエラー
  await page.route('**/status/success', (r) => r.fulfill({ status: 500, body: '' }));
  await page.getByRole('button', { name: '成功に変更' }).click();
  await expect(page.getByTestId('admin-error')).toHaveText(M.unexpectedError);
  await page.unroute('**/status/success');

  // reclassified as nonstandard: processed again (forwarded to the member) and successful
  await page.getByRole('combobox', { name: 'タイプ' }).click();
  await page.getByRole('option', { name: '0 非定型' }).click();
  await page.getByRole('button', { name: '変更', exact: true }).click();
  await expect(page.getByTestId('admin-success')).toHaveText(WM.typeUpdated);
  await expect(page.getByTestId('whois-mail-status')).toHaveText('成功', { timeout: 60_000 });

  // another failed one changed to success by hand
  const id2 = await deliver(signedApprovalWithUnknownLink(d.proxy));
  expect((await processed(page, id2)).status).toBe(2);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/admin/whois/emails/${id2}`);
  await page.getByRole('button', { name: '成功に変更' }).click();
  await expect(page.getByTestId('admin-success')).toHaveText(WM.statusSucceeded);
  await expect(page.getByTestId('whois-mail-status')).toHaveText('成功');
  await expect(page.getByRole('button', { name: '成功に変更' })).toBeHidden();
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${process.env.TEST_TMP ?? 'test-results'}/whois-detail-360.png`, fullPage: true });
});
