/**
 * The cog menu's settings modals (001 §2, §5): WHOIS information management (the add form with its rules and the
 * postal lookup, the usage count, the detail showing markup as text, delete), domain initial settings (name-server
 * rules, the auto-renew warning, the snackbar, saved values read back) and API settings (the gate, the key shown once
 * and rotated). At 1280 and 360 px, with no horizontal overflow.
 */
import { expect, test, type Page } from '@playwright/test';
import { M } from '@registrar/messages';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations } from '../support/page-checks';
import { signInDemo } from '../payments/payments.page';
import { signUpPurchaser } from '../purchase/purchase.page';

const SHOTS = process.env.TEST_TMP ? `${process.env.TEST_TMP}/screenshots` : 'test-results/screenshots';

async function openSetting(page: Page, item: 'settings-whois' | 'settings-default' | 'settings-api') {
  await page.getByTestId('settings-menu').first().click();
  await page.getByTestId(item).click();
}

for (const width of [1280, 360]) {
  test(`WHOIS information management at ${width} px: add with the form's rules and the postal lookup, detail as text, delete`, async ({ page }) => {
    test.setTimeout(180_000); // sign-up, two modals and a save on a busy machine
    await page.setViewportSize({ width, height: 900 });
    await signUpPurchaser(page.request);
    await page.goto('/mypage/domain');
    await openSetting(page, 'settings-whois');
    const modal = page.getByTestId('whois-manage-modal');
    await expect(modal.getByTestId('whois-manage-empty')).toBeVisible();
    await modal.getByTestId('whois-manage-new').click();

    const form = page.getByTestId('whois-add-dialog');
    await form.getByRole('button', { name: '登録する' }).click();
    await expect(form.getByText('メールアドレスは必須です')).toBeVisible();
    await expect(form.getByText('郵便番号は必須です')).toBeVisible();
    await form.getByLabel('郵便番号').fill('1500002');
    // the postal lookup fills the prefecture, the romanised city and the romanised town (issue 26); never kanji
    await expect(form.getByLabel('市区町村 (City)')).toHaveValue('Shibuya-ku');
    await expect(form.getByLabel('住所1 (Street)')).toHaveValue('Shibuya');
    await form.getByLabel('姓 (Last name)').fill('Yamada');
    await form.getByLabel('名 (First name)').fill('Taro');
    await form.getByLabel('メールアドレス').fill('taro@example.jp');
    await form.getByLabel('市区町村 (City)').fill('<i>Shibuya</i>');
    await form.getByLabel('住所1 (Street)').fill('1-1-1');
    await form.getByLabel('電話番号').fill('03-1234');
    await form.getByLabel('FAX番号（任意）').fill('03-12');
    await form.getByRole('button', { name: '登録する' }).click();
    await expect(form.getByText('電話番号は10〜20文字で入力してください')).toBeVisible();
    // the optional fax is checked with the phone's ranges
    await expect(form.getByText('FAX番号は10〜20文字で入力してください')).toBeVisible();
    // a Japanese number without its leading 0 (as WHOIS writes it) is accepted
    await form.getByLabel('電話番号').fill('3-1234-5678');
    await form.getByLabel('FAX番号（任意）').fill('03-1234-5679');
    await form.getByRole('button', { name: '登録する' }).click();
    await expect(page.locator('.mantine-Notification-root', { hasText: 'WHOIS情報を登録しました' })).toBeVisible();

    const table = modal.getByTestId('whois-contacts-table');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByTestId('domain-num')).toHaveText('0');
    await expect(table.getByText('個人')).toBeVisible();
    await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${SHOTS}/whois-manage-${width}.png` });
    await table.getByRole('button', { name: 'Taro Yamada', exact: true }).click();
    const detail = modal.getByTestId('whois-contact-detail');
    await expect(detail.getByText('<i>Shibuya</i>', { exact: true })).toBeVisible();
    await expect(detail.getByText('+81.312345678', { exact: true })).toBeVisible();
    await expect(detail.getByText('+81.312345679', { exact: true })).toBeVisible();
    await expect(detail.locator('i')).toHaveCount(0);
    await modal.getByRole('button', { name: '一覧に戻る' }).click();
    await table.getByRole('button', { name: 'Taro Yamadaを削除' }).click();
    await expect(page.locator('.mantine-Notification-root', { hasText: M.contactDeleted })).toBeVisible();
    await expect(modal.getByTestId('whois-manage-empty')).toBeVisible();
  });
}

test('domain initial settings: name-server rules, the auto-renew warning, saved and read back', async ({ page }) => {
  await signUpPurchaser(page.request);
  await page.goto('/mypage/domain');
  await openSetting(page, 'settings-default');
  const modal = page.getByTestId('default-settings-modal');
  const ns = modal.getByTestId('default-ns').getByRole('textbox');
  await expect(ns).toHaveCount(4);
  await expect(ns.first()).toHaveValue('01.dnsv.jp');
  for (let i = 1; i < 4; i++) await ns.nth(i).fill('');
  await modal.getByTestId('default-settings-save').click();
  await expect(modal.getByTestId('default-settings-error')).toHaveText(M.nsAtLeastTwo);
  await ns.nth(1).fill('NS1.Example.com');
  await ns.nth(2).fill('ns_2.example.com');
  await modal.getByTestId('default-settings-save').click();
  await expect(modal.getByTestId('default-settings-error')).toHaveText(M.nsBadChars);
  await ns.nth(2).fill('01.DNSV.jp');
  await modal.getByTestId('default-settings-save').click();
  await expect(modal.getByTestId('default-settings-error')).toHaveText(M.nsDuplicate);
  await ns.nth(2).fill('');
  await expect(modal.getByTestId('default-auto-update-warning')).toHaveCount(0);
  await modal.getByRole('switch', { name: '自動更新' }).click({ force: true });
  await expect(modal.getByTestId('default-auto-update-warning')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/default-settings-1280.png` });
  await modal.getByTestId('default-settings-save').click();
  await expect(page.locator('.mantine-Notification-root', { hasText: M.defaultSettingsSaved })).toBeVisible();
  await expect(modal.getByTestId('default-settings-save')).toBeHidden();

  await openSetting(page, 'settings-default');
  await expect(modal.getByTestId('default-auto-update-warning')).toBeVisible();
  await expect(modal.getByTestId('default-ns').getByRole('textbox')).toHaveCount(2);
  await expect(modal.getByTestId('default-ns').getByRole('textbox').nth(1)).toHaveValue('ns1.example.com');
});

test('API settings: the gate for a new member; the key shown once, then only its prefix; a new key replaces it', async ({ page, browser }) => {
  await signUpPurchaser(page.request);
  await page.goto('/mypage/domain');
  await openSetting(page, 'settings-api');
  const modal = page.getByTestId('api-settings-modal');
  await modal.getByRole('switch', { name: 'IP制限' }).click({ force: true });
  await modal.getByTestId('api-settings-save').click();
  await expect(modal.getByTestId('api-settings-errors')).toContainText(M.apiNeedsApiOn);
  await expect(modal.getByTestId('api-settings-errors')).toContainText(M.apiNeedsIps);
  await modal.getByRole('switch', { name: 'API利用' }).click({ force: true });
  await modal.getByTestId('api-allowed-ips').fill(' 192.0.2.1 \n\n192.0.2.1\n');
  await modal.getByTestId('api-settings-save').click();
  await expect(modal.getByTestId('api-settings-errors')).toHaveText(M.apiRequirement);

  // the demo member holds 10,000 RP
  const demo = await browser.newPage();
  await signInDemo(demo.request);
  await demo.goto('/mypage/domain');
  await openSetting(demo, 'settings-api');
  const m = demo.getByTestId('api-settings-modal');
  await m.getByRole('switch', { name: 'API利用' }).click({ force: true });
  await m.getByRole('switch', { name: 'IP制限' }).click({ force: true });
  await m.getByTestId('api-allowed-ips').fill(' 192.0.2.1 \n\n192.0.2.1\n2001:db8::/32');
  await m.getByTestId('api-settings-save').click();
  await expect(demo.locator('.mantine-Notification-root', { hasText: M.apiSettingsSaved })).toBeVisible();
  const key = (await m.getByTestId('api-key').textContent())!.trim();
  expect(key).toMatch(/^rk_[A-Za-z0-9]{40}$/);
  await m.getByTestId('api-key-done').click();
  await openSetting(demo, 'settings-api');
  await expect(m.getByTestId('api-allowed-ips')).toHaveValue('192.0.2.1\n2001:db8::/32');
  await expect(m.getByText(`${key.slice(0, 10)}…`)).toBeVisible();
  await expect(demo.getByText(key)).toHaveCount(0);
  await m.getByTestId('api-key-rotate').click();
  const rotated = (await m.getByTestId('api-key').textContent())!.trim();
  expect(rotated).toMatch(/^rk_[A-Za-z0-9]{40}$/);
  expect(rotated).not.toBe(key);
  await demo.close();
});
