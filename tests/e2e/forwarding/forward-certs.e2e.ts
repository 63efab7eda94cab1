/**
 * The HTTPS certificate of a URL forward in 転送設定 (docs/forwarding.md "HTTPS"): a member adds a forward and the page,
 * polling while it is 発行中, shows 有効（期限 YYYY/MM/DD） once the system's dns service has obtained the certificate
 * from the ACME test server (Pebble, started with the browser tests' system, validating against the forwarder). How
 * 発行中 and 発行失敗 (with the reason) look is checked on the same row with its state set in the database, as a failed
 * validation leaves it (the integration test tests/integration/forwarding/forward-certs.int-spec.ts makes one for real).
 * Phone and desktop widths: nothing overflows, no serious axe finding, screenshots for review.
 */
import { expect, test } from '@playwright/test';
import { Client } from 'pg';
import { formatDateJst } from '../../../libs/rules/src';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations } from '../support/page-checks';
import { memberWithDomain } from '../dns/dns.page';

const shots = process.env.TEST_TMP ?? 'test-results';

for (const width of [1280, 360]) {
  test(`転送設定 at ${width} px: the HTTPS certificate's state (発行中, 有効 with its end, 発行失敗 with the reason)`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    const { name, id } = await memberWithDomain(page);
    await page.goto(`/mypage/domain/forwarding?id=${id}`);
    await expect(page.getByRole('heading', { level: 1, name: '転送設定' })).toBeVisible();
    await expect(page.getByText('HTTPSの証明書は自動で発行され、期限の30日前に更新されます。', { exact: false })).toBeVisible();

    await page.getByRole('button', { name: 'URL転送を追加' }).click();
    const dialog = page.getByRole('dialog', { name: 'URL転送を追加' });
    await dialog.getByRole('textbox', { name: 'ホスト名' }).fill('www');
    await dialog.getByRole('textbox', { name: '転送先URL' }).fill('https://shop.example.net/');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog).toHaveCount(0);
    const fqdn = `www.${name}`;
    const state = page.getByTestId('url-forward').filter({ hasText: fqdn }).getByTestId('cert-state');
    await expect(state).toBeVisible();

    // issued by the ACME server in the background; the page asks again while 発行中
    await expect(state).toContainText('有効（期限', { timeout: 120_000 });
    const db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    try {
      const { rows } = await db.query('SELECT not_after FROM dns.forward_certs WHERE fqdn = $1', [fqdn]);
      await expect(state).toHaveText(`HTTPS 有効（期限 ${formatDateJst(rows[0].not_after).replaceAll('-', '/')}）`);
      await expectNoHorizontalOverflow(page);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `${shots}/forwarding-cert-valid-${width}.png`, fullPage: true });

      const reason = `${fqdn}の所有確認（HTTP-01）に失敗しました。ネームサーバーが当社のもので、${fqdn}のA・AAAAレコードが転送サービスを指していることをご確認ください（Get "http://${fqdn}/.well-known/acme-challenge/x": dial tcp 127.0.0.1:80: connect: connection refused）`;
      await db.query(`UPDATE dns.forward_certs SET state = 'failed', reason = $2, not_after = NULL, cert_pem = NULL, key_enc = NULL WHERE fqdn = $1`, [fqdn, reason]);
      await page.reload();
      await expect(state).toHaveText('HTTPS 発行失敗');
      await expect(page.getByTestId('cert-reason')).toHaveText(reason);
      await expectNoHorizontalOverflow(page);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `${shots}/forwarding-cert-failed-${width}.png`, fullPage: true });

      await db.query(`UPDATE dns.forward_certs SET state = 'pending', reason = NULL WHERE fqdn = $1`, [fqdn]);
      await page.reload();
      await expect(state).toHaveText('HTTPS 発行中');
      await expect(page.getByTestId('cert-reason')).toHaveCount(0);
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: `${shots}/forwarding-cert-pending-${width}.png`, fullPage: true });
    } finally {
      await db.end();
    }
  });
}
