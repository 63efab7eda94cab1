/**
 * The super admin's catalogue screens (002 §2, §4, §5, §8): user custom prices (the form's messages, register a price
 * group for a member, find them, remove it) and the TLD import (the three rows run by the bulk modal, the next-month
 * warning as the server says, a bad uploaded CSV refused with its row errors). A normal admin is refused both.
 * The bundled master files are the ones the browser-test system was loaded from, so the bulk run changes nothing.
 */
import { expect, test } from '@playwright/test';
import { M } from '@registrar/messages';
import { adminPost, checkAdminPage, createAdmin, signInAdmin, XHR } from './admin-session';

test('super admin: user custom prices — messages, register, search, remove; normal admin refused', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const member = createAdmin('normal'); // any account will do as the member whose prices change
  await signInAdmin(page, createAdmin('super'));
  await checkAdminPage(page, '/admin/user_custom_price', (p) => p.getByTestId('price-groups'));
  await page.setViewportSize({ width: 1280, height: 900 });

  const form = page.locator('form').first();
  await form.getByRole('button', { name: '登録' }).click();
  await expect(form.getByText(M.enterUserId)).toBeVisible();
  await expect(form.getByText(M.selectPriceGroup)).toBeVisible();
  await form.getByLabel('ユーザーID').fill('12x');
  await form.getByRole('button', { name: '登録' }).click();
  await expect(form.getByText(M.userIdDigits)).toBeVisible();
  await form.getByLabel('ユーザーID').fill('999999999');
  await form.getByLabel('価格グループ').selectOption({ label: 'リセラー価格（10%引き）' });
  await form.getByRole('button', { name: '登録' }).click();
  await expect(form.getByText(M.userNotFound)).toBeVisible(); // the server's field error, under the field

  // 002 §5 半角数字: the member's id in full-width digits is refused with the message, not converted
  const fullWidth = String(member.id).replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));
  await form.getByLabel('ユーザーID').fill(fullWidth);
  await form.getByRole('button', { name: '登録' }).click();
  await expect(form.getByText(M.userIdDigits)).toBeVisible();
  await expect(page.getByTestId('custom-price-success')).toHaveCount(0);
  await page.getByRole('textbox', { name: '検索するユーザーID' }).fill(fullWidth);
  await page.getByRole('button', { name: '検索' }).click();
  await expect(page.locator('form').nth(1).getByText(M.userIdDigits)).toBeVisible();
  await expect(page).not.toHaveURL(/userId=/);

  await form.getByLabel('ユーザーID').fill(String(member.id));
  await form.getByRole('button', { name: '登録' }).click();
  await expect(page.getByTestId('custom-price-success')).toHaveText(M.customPriceRegistered);
  const row = page.getByTestId('custom-price-row').filter({ has: page.getByRole('link', { name: String(member.id), exact: true }) });
  await expect(row).toContainText('リセラー価格（10%引き）');

  await page.getByRole('textbox', { name: '検索するユーザーID' }).fill(String(member.id));
  await page.getByRole('button', { name: '検索' }).click();
  await expect(page).toHaveURL(new RegExp(`userId=${member.id}`));
  await expect(page.getByTestId('custom-price-row')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('custom-price-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 900 });
  await page.screenshot({ path: test.info().outputPath('custom-price-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  page.once('dialog', (d) => void d.accept());
  await row.getByRole('button', { name: '解除' }).click();
  await expect(page.getByTestId('custom-price-success')).toHaveText(M.customPriceRemoved);
  await expect(page.getByTestId('admin-empty')).toHaveText(M.noMatchingData);

  await page.goto(`/admin/user/${member.id}`); // 002 §2's user link
  await expect(page).toHaveURL(new RegExp(`/admin/users/${member.id}$`));

  const other = await browser.newPage();
  const token = await signInAdmin(other, member);
  await other.goto('/admin/user_custom_price');
  await expect(other.getByTestId('admin-forbidden')).toBeVisible();
  expect((await adminPost(other, token, '/admin/api/user_custom_price/search', {})).status()).toBe(403);
  await other.close();
});

test('super admin: TLD import — bulk run of the three rows, next-month warning, a bad CSV refused; normal admin refused', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signInAdmin(page, createAdmin('super'));
  await checkAdminPage(page, '/admin/tld_import', (p) => p.getByTestId('tld-import-row-3'));
  await page.setViewportSize({ width: 1280, height: 900 });

  for (const id of [1, 2, 3]) await expect(page.getByTestId(`tld-import-row-${id}`).getByTestId('tld-import-state')).toHaveText('未処理');
  const exists = await (await page.request.get('/admin/api/tld_price/exists', { headers: XHR })).json();
  if (exists.result) await expect(page.getByTestId('next-month-warning')).toHaveCount(0);
  else await expect(page.getByTestId('next-month-warning')).toHaveText(M.nextMonthPricesMissing);

  await page.getByRole('button', { name: '一括実行' }).click();
  await page.getByRole('dialog', { name: '一括実行' }).getByRole('button', { name: '実行する' }).click();
  for (const [id, text] of [[1, /^TLDを\d+件インポートしました/], [2, /^TLD価格を\d+件インポートしました/], [3, /^TLDカテゴリを\d+件/]] as const) {
    const r = page.getByTestId(`tld-import-row-${id}`);
    await expect(r.getByTestId('tld-import-state')).toHaveText('成功', { timeout: 120_000 });
    await expect(r.getByTestId('tld-import-message')).toHaveText(text);
  }
  await page.screenshot({ path: test.info().outputPath('tld-import-1280.png'), fullPage: true });

  const header = 'tld_name,effective_month,is_idn_price,register,renew,transfer,restore,register_normal,renew_normal,transfer_normal,is_register_campaign,is_register_special,is_renew_campaign,is_renew_special,is_transfer_campaign,is_transfer_special';
  const chooser = page.waitForEvent('filechooser');
  await page.getByLabel('TLD価格（tld_price.csv）').click();
  await (await chooser).setFiles({ name: 'tld_price.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\nnosuchtld,2099-01,0,1,1,1,0,1,1,1,0,0,0,0,0,0\n`) });
  await page.getByRole('button', { name: 'アップロードしてインポート' }).click();
  const result = page.getByTestId('upload-result');
  await expect(result).toContainText('データは変更されていません');
  await expect(result).toContainText('nosuchtld');
  await page.setViewportSize({ width: 360, height: 900 });
  await page.screenshot({ path: test.info().outputPath('tld-import-360.png'), fullPage: true });

  const other = await browser.newPage();
  await signInAdmin(other, createAdmin('normal'));
  await other.goto('/admin/tld_import');
  await expect(other.getByTestId('admin-forbidden')).toBeVisible();
  await other.close();
});
