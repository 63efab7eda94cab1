/**
 * 転送設定 (docs/forwarding.md): a member opens it from the domain list's row menu, sees both empty states, is refused
 * a javascript: target in words, adds a URL forward (PowerDNS answers the forwarder's address, the forwarder redirects)
 * and a mail forward (our MX answered), deletes the URL forward after confirming. A domain that is not theirs shows
 * the not-found state. Phone and desktop widths: nothing overflows, no serious axe finding, screenshots for review.
 */
import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { M } from '../../../libs/messages/src';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, expectOwnTitle } from '../support/page-checks';
import { dig, memberWithDomain } from '../dns/dns.page';

const shots = process.env.TEST_TMP ?? 'test-results';

/** One request to the system's forwarder (FORWARDER_PORT) for `host`. */
function forwarded(host: string, path = '/'): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: Number(process.env.FORWARDER_PORT), path, headers: { Host: host } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on('error', reject);
  });
}

async function openForwarding(page: Page, name: string) {
  await page.goto('/mypage/domain');
  const row = page.getByTestId('domain-row').filter({ hasText: name }).first();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `${name}の操作メニュー` }).click();
  await page.getByRole('menuitem', { name: '転送設定' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '転送設定' })).toBeVisible();
}

for (const width of [1280, 360]) {
  test(`転送設定 at ${width} px: empty states, refusal, URL and mail forwarding answered, delete`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    const { name } = await memberWithDomain(page);
    await openForwarding(page, name);
    await expect(page.getByText('URL転送は設定されていません')).toBeVisible();
    await expect(page.getByText('メール転送は設定されていません')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);
    expect(await expectOwnTitle(page)).toContain(`転送設定 - ${name}`);
    await page.screenshot({ path: `${shots}/forwarding-empty-${width}.png`, fullPage: true });

    // URL forwarding: a javascript: target is refused before anything is sent
    await page.getByRole('button', { name: 'URL転送を追加' }).click();
    const dialog = page.getByRole('dialog', { name: 'URL転送を追加' });
    await dialog.getByRole('textbox', { name: 'ホスト名' }).fill('www');
    await dialog.getByRole('textbox', { name: '転送先URL' }).fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.getByTestId('forward-errors')).toHaveText(M.fwdUrlScheme);
    await dialog.getByRole('textbox', { name: '転送先URL' }).fill('https://shop.example.net/');
    await dialog.getByText('302 一時的').click();
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${shots}/forwarding-url-form-${width}.png`, fullPage: true });
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog).toHaveCount(0);
    const urlRow = page.getByTestId('url-forward');
    await expect(urlRow).toContainText(`www.${name}`);
    await expect(urlRow).toContainText('https://shop.example.net/');
    await expect(urlRow).toContainText('302 一時的');
    expect(await dig(`www.${name}`, 'A')).toEqual(['127.0.0.1']);
    const r = await forwarded(`www.${name}`, '/sale?id=3');
    expect(r).toEqual({ status: 302, location: 'https://shop.example.net/sale?id=3' });

    // mail forwarding: our MX answered
    await page.getByRole('button', { name: 'メール転送を追加' }).click();
    const mail = page.getByRole('dialog', { name: 'メール転送を追加' });
    await mail.getByLabel('転送元のアドレス').fill('info');
    await mail.getByLabel('転送先のメールアドレス').fill('owner@example.net');
    await mail.getByRole('button', { name: '保存' }).click();
    await expect(mail).toHaveCount(0);
    await expect(page.getByTestId('mail-forward')).toContainText(`info@${name}`);
    expect((await dig(name, 'MX')).length).toBe(1);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${shots}/forwarding-list-${width}.png`, fullPage: true });

    // delete the URL forward after confirming: its A record goes
    await urlRow.getByRole('button', { name: `www.${name}のURL転送を削除` }).click();
    const confirm = page.getByRole('dialog', { name: 'URL転送の削除' });
    await confirm.getByRole('button', { name: '削除する' }).click();
    await expect(page.getByText('URL転送は設定されていません')).toBeVisible();
    expect(await dig(`www.${name}`, 'A')).toEqual([]);
  });
}

test('転送設定 of a domain that is not the member\'s: not found', async ({ page }) => {
  test.setTimeout(120_000);
  await memberWithDomain(page);
  await page.goto('/mypage/domain/forwarding?id=999999999');
  await expect(page.getByText(M.noDomainInfo)).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
