/**
 * Templates and zone files on the domain's DNS screen (issue 29, items 2 and 3). The template picker: Google Workspace
 * asks for its verification code, previews three additions, applies them at once (answered by PowerDNS); the
 * mail-security set then meets the existing SPF record and is refused with the Japanese reason. The zone file dialog:
 * a pasted file with a bad line shows its errors by line and changes nothing; the fixed file previews adds and
 * removals and applies; the export downloads a BIND file. Each dialog is checked at 360 and 1280 px (no horizontal
 * overflow, no serious axe finding) and photographed.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { M } from '../../../libs/messages/src';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations } from '../support/page-checks';
import { dig, memberWithDomain } from './dns.page';

const shots = process.env.TEST_TMP ?? 'test-results';
const behind = ['[data-testid="domain-table"]', '[data-testid="domain-cards"]'];

async function openDns(page: Page, name: string) {
  await page.goto('/mypage/domain');
  const row = page.getByTestId('domain-row').filter({ hasText: name }).first();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `${name}の操作メニュー` }).click();
  await page.getByRole('menuitem', { name: 'DNS', exact: true }).click();
  const modal = page.getByTestId('dns-modal');
  await expect(modal.getByTestId('dns-fixed-row')).toHaveCount(4);
  return modal;
}

/** The layout checks of an open dialog at both widths, with a screenshot each. */
async function checkBothWidths(page: Page, shot: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page, behind);
    await page.screenshot({ path: `${shots}/${shot}-${width}.png`, fullPage: true });
  }
}

test('DNS templates: Google Workspace previewed and applied, a second SPF refused, at 360 and 1280 px', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { name } = await memberWithDomain(page);
  const modal = await openDns(page, name);
  await modal.getByTestId('dns-open-templates').click();
  const picker = page.getByRole('dialog', { name: 'テンプレートから追加' });
  await expect(picker.getByTestId('dns-templates')).toBeVisible();
  for (const t of ['Google Workspace', 'Microsoft 365', 'エックスサーバー', 'さくらのレンタルサーバ', 'ConoHa WING', 'ロリポップ！']) await expect(picker.getByText(t, { exact: true })).toBeVisible();
  await checkBothWidths(page, 'dns-templates');

  await picker.getByTestId('dns-template-google-workspace').click();
  // the verification code is asked before anything is sent
  await picker.getByTestId('dns-template-check').click();
  await expect(picker.getByText('確認コードを入力してください')).toBeVisible();
  await picker.getByTestId('dns-param-verification').fill('google-site-verification=e2e-token');
  await picker.getByTestId('dns-template-check').click();
  await expect(picker.getByTestId('dns-template-preview')).toContainText('追加3件・置き換え0件');
  await expect(picker.getByTestId('dns-change-add')).toHaveCount(3);
  await expect(picker.getByTestId('dns-template-preview')).toContainText(`${name}. 3600 IN MX 1 smtp.google.com.`);
  await checkBothWidths(page, 'dns-template-preview');
  await picker.getByTestId('dns-template-apply').click();
  await expect(picker.getByTestId('dns-tools-result')).toContainText('テンプレート「Google Workspace」を適用しました（追加3件・置き換え0件）');
  expect(await dig(name, 'MX')).toEqual(['1 smtp.google.com.']);
  await picker.getByRole('button', { name: '閉じる' }).last().click();
  // the DNS form shows the added records as saved
  await expect(modal.getByTestId('dns-row')).toHaveCount(3);
  await expect(modal.getByTestId('dns-save')).toHaveCount(0);
  await expect(modal.getByTestId('dns-tools')).toBeVisible();
  await checkBothWidths(page, 'dns-modal-tools');
  // an unsaved change in the form: the tools wait for it to be saved
  await modal.getByRole('button', { name: '＋ レコードを追加' }).click();
  await expect(modal.getByTestId('dns-open-templates')).toBeDisabled();
  await modal.getByRole('button', { name: 'キャンセル' }).click();
  await expect(modal).toHaveCount(0);
  const reopened = await openDns(page, name);

  // the mail-security set meets Google's SPF record: refused with the reason, nothing applied
  await reopened.getByTestId('dns-open-templates').click();
  await picker.getByTestId('dns-template-mail-security').click();
  await picker.getByTestId('dns-template-check').click();
  const conflicts = picker.getByTestId('dns-template-conflicts');
  await expect(conflicts).toContainText(M.dnsTemplateRefused);
  await expect(conflicts).toContainText('SPFレコードは1つの名前に1つだけです');
  await expect(picker.getByTestId('dns-template-apply')).toHaveCount(0);
  await checkBothWidths(page, 'dns-template-conflict');
  expect(await dig(`_dmarc.${name}`, 'TXT')).toEqual([]);
});

test('zone files: errors by line change nothing, a preview of adds and removals applies, the export downloads, at 360 and 1280 px', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { name } = await memberWithDomain(page);
  const modal = await openDns(page, name);
  await modal.getByTestId('dns-open-import').click();
  const dialog = page.getByRole('dialog', { name: 'ゾーンファイルを読み込む' });
  const good = [`$ORIGIN ${name}.`, '$TTL 3600', '@ IN SOA ns.other.example. admin.other.example. 1 2 3 4 5', '@ IN A 192.0.2.80', 'www IN CNAME @', '@ IN TXT "v=spf1 mx ~all; note"'].join('\n');
  await dialog.getByTestId('dns-import-text').fill(`${good}\nbad IN A 2001:db8::1\nx IN CAA 0 issue "ca.example"`);
  await dialog.getByTestId('dns-import-check').click();
  const errors = dialog.getByTestId('dns-import-errors');
  await expect(errors).toContainText(`7行目: ${M.dnsIpv4}`);
  await expect(errors).toContainText('8行目: CAAレコードはDNS設定で扱えないため読み込めません');
  await expect(dialog.getByTestId('dns-import-apply')).toHaveCount(0);
  await checkBothWidths(page, 'dns-import-errors');
  expect(await dig(name, 'A')).toEqual([]);

  await dialog.getByTestId('dns-import-text').fill(good);
  await dialog.getByTestId('dns-import-check').click();
  await expect(dialog.getByTestId('dns-import-counts')).toContainText('追加 3');
  await expect(dialog.getByTestId('dns-change-add')).toHaveCount(3);
  await expect(dialog.getByText('SOAレコードは当社ネームサーバーの値を使うため読み込みません')).toBeVisible();
  await checkBothWidths(page, 'dns-import-preview');
  await dialog.getByTestId('dns-import-apply').click();
  await expect(dialog.getByTestId('dns-tools-result')).toContainText('ゾーンファイルを読み込みました（追加3件・変更0件・削除0件）');
  expect(await dig(name, 'A')).toEqual(['192.0.2.80']);
  expect(await dig(name, 'TXT')).toEqual(['"v=spf1 mx ~all; note"']);
  await dialog.getByRole('button', { name: '閉じる' }).last().click();
  await expect(modal.getByTestId('dns-row')).toHaveCount(3);

  // the export: a BIND file with $ORIGIN, downloaded
  const [download] = await Promise.all([page.waitForEvent('download'), modal.getByTestId('dns-export').click()]);
  expect(download.suggestedFilename()).toBe(`${name}.zone`);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text).toContain(`$ORIGIN ${name}.`);
  expect(text).toContain('"v=spf1 mx ~all; note"');

  // a file without the TXT record: one removal, shown before it is applied
  await modal.getByTestId('dns-open-import').click();
  await dialog.getByTestId('dns-import-text').fill(good.split('\n').slice(0, 5).join('\n'));
  await dialog.getByTestId('dns-import-check').click();
  await expect(dialog.getByTestId('dns-import-counts')).toContainText('削除 1');
  await expect(dialog.getByTestId('dns-change-remove')).toContainText('IN TXT "v=spf1 mx ~all; note"');
  await dialog.getByTestId('dns-import-apply').click();
  await expect(dialog.getByTestId('dns-tools-result')).toContainText('削除1件');
  expect(await dig(name, 'TXT')).toEqual([]);
});
