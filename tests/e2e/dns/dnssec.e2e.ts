/**
 * The DNSSEC panel (docs/dns.md "DNSSEC"): a member opens DNSSEC from the row menu of a domain on our name servers, sees
 * 無効, turns it on in one click and sees 有効 with the key tag and algorithm 13 and the DS the registry holds; PowerDNS
 * then answers DNSKEY. Disabling asks first, removes the DS and shows 無効化中 until signing stops (after the DS's
 * TTL). Phone and desktop widths: nothing overflows, no serious axe findings, screenshots for review.
 */
import { expect, test, type Page } from '@playwright/test';
import { DS, fmt } from '../../../libs/messages/src';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, expectOwnTitle } from '../support/page-checks';
import { dig, memberWithDomain } from './dns.page';

async function openDnssec(page: Page, name: string) {
  await page.goto('/mypage/domain');
  const row = page.getByTestId('domain-row').filter({ hasText: name }).first();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `${name}の操作メニュー` }).click();
  await page.getByRole('menuitem', { name: 'DNSSEC', exact: true }).click();
  const panel = page.getByTestId('dnssec-panel');
  await expect(panel).toBeVisible();
  return panel;
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${process.env.TEST_TMP ?? 'test-results'}/${name}.png`, fullPage: true });
const ignoreList = ['[data-testid="domain-table"]', '[data-testid="domain-cards"]'];

for (const width of [1280, 360]) {
  test(`DNSSEC panel at ${width} px: one click on, key tag and algorithm, DS at the registry, off`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    const { name, id } = await memberWithDomain(page);
    const panel = await openDnssec(page, name);

    await expect(panel.getByTestId('dnssec-status')).toHaveText(DS.stateOff);
    await expect(panel.getByTestId('dnssec-on')).toBeEnabled();
    expect(await expectOwnTitle(page)).toContain('DNSSEC設定');
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page, ignoreList);
    await shot(page, `dnssec-off-${width}`);

    await panel.getByTestId('dnssec-on').click();
    await expect(panel.getByTestId('dnssec-result')).toContainText('DNSSECを有効にしました');
    await expect(panel.getByTestId('dnssec-status')).toHaveText(DS.stateActive);
    const keys = panel.getByTestId('dnssec-keys');
    await expect(keys).toContainText('13 ECDSAP256SHA256');
    const state = await (await page.request.get(`/mypage/domain/dnssec?id=${id}`, { headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' } })).json();
    expect(state.status).toBe('active');
    await expect(keys).toContainText(String(state.keys[0].keyTag));
    await expect(panel.getByTestId('dnssec-registry-ds')).toContainText(state.registryDs[0].digest);
    // our name server answers the key
    expect((await dig(name, 'DNSKEY')).some((l) => l.startsWith('257 3 13 '))).toBe(true);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page, ignoreList);
    await shot(page, `dnssec-on-${width}`);

    // off: asked first, then the DS goes and the panel says 無効化中 until the old DS has expired from caches
    await panel.getByTestId('dnssec-off').click();
    await expect(panel.getByTestId('dnssec-confirm-off')).toBeVisible();
    await panel.getByTestId('dnssec-off-confirm').click();
    await expect(panel.getByTestId('dnssec-result')).toContainText(DS.disabling);
    await expect(panel.getByTestId('dnssec-status')).toHaveText(DS.stateRemoving);
    await expect(panel.getByTestId('dnssec-registry-ds')).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await shot(page, `dnssec-removing-${width}`);
  });
}

test('DNSSEC panel for a domain on other name servers: DS by hand, checked before sending, registered at the registry', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 360, height: 900 });
  const { name, id, headers } = await memberWithDomain(page);
  const ns = await (await page.request.post('/mypage/domain/nameserver/request', { headers, data: { domains: [id], formData: [{ name: 'ns1.example.net', priority: 1 }, { name: 'ns2.example.net', priority: 2 }] } })).json();
  expect(ns.result).toBe(true);
  await expect.poll(async () => (await (await page.request.get(`/mypage/domain/operation/status?jobId=${ns.jobId}`, { headers })).json()).finished, { timeout: 60_000 }).toBe(true);
  const panel = await openDnssec(page, name);
  await expect(panel.getByTestId('dnssec-ds-row')).toHaveCount(1);
  const row = panel.getByTestId('dnssec-ds-row').first();
  await row.getByLabel('鍵タグ（Key Tag）').fill('70000');
  await row.getByLabel('ダイジェスト（16進数）').fill('xyz');
  await panel.getByTestId('dnssec-ds-save').click();
  await expect(panel.getByTestId('dnssec-form-errors')).toContainText(fmt(DS.dsKeyTag, { n: 1 }));
  await expect(panel.getByTestId('dnssec-form-errors')).toContainText(fmt(DS.dsDigestHex, { n: 1 }));
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page, ignoreList);
  await shot(page, 'dnssec-manual-errors-360');
  const digest = 'AB'.repeat(32);
  await row.getByLabel('鍵タグ（Key Tag）').fill('2371');
  await row.getByLabel('ダイジェスト（16進数）').fill(digest);
  await panel.getByTestId('dnssec-ds-save').click();
  await expect(panel.getByTestId('dnssec-result')).toContainText(fmt(DS.manualSaved, { count: 1 }));
  await expect(panel.getByTestId('dnssec-status')).toHaveText(DS.stateManual);
  await expect(panel.getByTestId('dnssec-registry-ds')).toContainText(digest);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoHorizontalOverflow(page);
  await shot(page, 'dnssec-manual-1280');
});
