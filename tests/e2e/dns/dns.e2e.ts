/**
 * The DNS modal of the domain list (001 §4 "DNS modal", §5 "DNS"): a member who holds a domain on our name servers opens
 * DNS from the row's menu, sees the fixed NS records and 'DNSレコードは登録されていません', adds records (the rules
 * refuse an IPv6 address in an A record before anything is sent), saves, and the record is answered by PowerDNS.
 * Phone and desktop widths: nothing overflows, screenshots for review.
 */
import { expect, test, type Page } from '@playwright/test';
import { M } from '../../../libs/messages/src';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, expectOwnTitle } from '../support/page-checks';
import { dig, memberWithDomain } from './dns.page';

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

for (const width of [1280, 360]) {
  test(`DNS modal at ${width} px: fixed NS, the rules, save, answered by PowerDNS`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    const { name } = await memberWithDomain(page);
    const modal = await openDns(page, name);

    // no records yet; the save button only after a change
    await expect(modal.getByTestId('dns-empty')).toHaveText(M.dnsNoRecords);
    await expect(modal.getByTestId('dns-save')).toHaveCount(0);
    await expect(modal.getByTestId('dns-other-alert')).toHaveCount(0);
    await modal.getByRole('button', { name: '＋ レコードを追加' }).click();
    await expect(modal.getByTestId('dns-save')).toBeVisible();

    // an A record with an IPv6 address is refused by the shared rules, before any call
    const row = modal.getByTestId('dns-row').first();
    await row.getByLabel('ホスト名').fill('www');
    await row.getByLabel('値').fill('2001:db8::1');
    await modal.getByTestId('dns-save').click();
    await expect(modal.getByTestId('dns-errors')).toContainText(`1行目: ${M.dnsIpv4}`);
    await row.getByLabel('値').fill('192.0.2.44');

    // an MX whose value and priority are left to their defaults (the domain, 10)
    await modal.getByRole('button', { name: '＋ レコードを追加' }).click();
    const mx = modal.getByTestId('dns-row').nth(1);
    await mx.getByLabel('TYPE').click();
    await page.getByRole('option', { name: 'MX', exact: true }).click();
    await expectNoHorizontalOverflow(page);
    // the modal is checked; the list behind it is the list's own test's concern
    await expectNoSeriousA11yViolations(page, ['[data-testid="domain-table"]', '[data-testid="domain-cards"]']);
    expect(await expectOwnTitle(page)).toContain('DNS設定');
    await page.screenshot({ path: `${process.env.TEST_TMP ?? 'test-results'}/dns-modal-${width}.png`, fullPage: true });

    await modal.getByTestId('dns-save').click();
    await expect(modal.getByTestId('dns-result')).toContainText(M.dnsSaved);
    // answered by our DNS as soon as the save has answered
    expect(await dig(`www.${name}`, 'A')).toEqual(['192.0.2.44']);
    expect(await dig(name, 'MX')).toEqual([`10 ${name}.`]);
    await page.screenshot({ path: `${process.env.TEST_TMP ?? 'test-results'}/dns-result-${width}.png`, fullPage: true });
    await modal.getByRole('button', { name: '閉じる' }).click();
    await expect(modal).toHaveCount(0);

    // opened again: the saved records, normalised
    const again = await openDns(page, name);
    await expect(again.getByTestId('dns-row')).toHaveCount(2);
    await expect(again.getByTestId('dns-row').nth(1).getByLabel('値（メールサーバー）')).toHaveValue(name);
    await expect(again.getByTestId('dns-row').nth(1).getByLabel('PRIORITY')).toHaveValue('10');

    // deleting a record marks the form changed; the server's answer is shown and saved
    await again.getByRole('button', { name: '2行目を削除' }).click();
    await again.getByTestId('dns-save').click();
    await expect(again.getByTestId('dns-result')).toContainText(M.dnsSaved);
    expect(await dig(name, 'MX')).toEqual([]);
  });
}
