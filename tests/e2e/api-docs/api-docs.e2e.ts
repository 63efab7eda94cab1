/// <reference lib="dom" />
/**
 * The API ドキュメント page (/document/api/v1/): generated from the gateway's OpenAPI document, every endpoint with a
 * curl example for this server, the error codes, the raw openapi.json; loading and error states; fits 360 and 1280 px.
 */
import { expect, test } from '@playwright/test';
import { checkPage, openInApp } from '../support/page-checks';

const heading = (p: import('@playwright/test').Page) => p.getByRole('heading', { level: 1, name: 'APIドキュメント' });

/** the number of operations in the served OpenAPI document: the page must show each of them */
async function operationCount(page: import('@playwright/test').Page): Promise<number> {
  const doc = await (await page.request.get('/api/v1/openapi.json')).json();
  const methods = ['get', 'put', 'post', 'delete', 'patch'];
  return Object.values(doc.paths as Record<string, Record<string, unknown>>).reduce((n, ops) => n + Object.keys(ops).filter((k) => methods.includes(k)).length, 0);
}

test.describe('API documentation page', () => {
  test.describe.configure({ timeout: 120_000 });

  test('replaces 準備中: the header link opens every endpoint with a curl example, the error codes and the raw document', async ({ page, baseURL }) => {
    await page.goto('/');
    await page.locator('a[href="/document/api/v1/"]').first().click();
    await expect(heading(page)).toBeVisible();
    await expect(page.getByTestId('coming-soon')).toHaveCount(0);
    await expect(page).toHaveTitle('APIドキュメント | ラッコドメイン');

    const endpoints = page.getByTestId('api-endpoint');
    const operations = await operationCount(page);
    expect(operations).toBeGreaterThanOrEqual(19);
    await expect(endpoints).toHaveCount(operations);
    const ns = endpoints.filter({ has: page.getByTestId('api-path').getByText('/api/v1/domains/{domain}/nameservers', { exact: true }) });
    await expect(ns.getByRole('heading', { name: 'ネームサーバーの変更' })).toBeVisible();
    await expect(ns.getByTestId('api-field').filter({ hasText: 'nameservers' }).first()).toContainText('必須');
    const origin = new URL(baseURL!).origin;
    await expect(ns.getByTestId('curl-example')).toHaveText(
      `curl -X PUT '${origin}/api/v1/domains/example-shop.com/nameservers' \\\n  -H "X-API-Key: $RAKKO_API_KEY" \\\n  -H 'Content-Type: application/json' \\\n  -d '{"nameservers":[{"name":"ns1.example.net"},{"name":"ns2.example.net"}]}'`,
    );
    await expect(page.getByTestId('api-base-url')).toHaveText(`${origin}/api/v1`);
    // the error codes with their HTTP status
    await expect(page.getByTestId('api-error-code').filter({ hasText: 'IP_NOT_ALLOWED' })).toContainText('403');
    await expect(page.getByTestId('api-error-code').filter({ hasText: 'RATE_LIMITED' })).toContainText('429');
    // the table of contents jumps to an endpoint
    await page.getByRole('navigation', { name: 'APIの目次' }).getByRole('link', { name: /AUTHCODEの発行/ }).click();
    await expect(page).toHaveURL(/#authcode$/);
    // the raw OpenAPI document
    const raw = await page.request.get(await page.getByTestId('openapi-link').getAttribute('href') ?? '');
    expect(raw.status()).toBe(200);
    expect((await raw.json()).paths['/api/v1/jobs/{id}'].get['x-codeSamples'][0].lang).toBe('Shell');

    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/document/api/v1/');
      await expect(endpoints).toHaveCount(operations);
      await page.screenshot({ path: test.info().outputPath(`api-docs-${width}.png`) });
      await ns.screenshot({ path: test.info().outputPath(`api-docs-nameservers-${width}.png`) });
    }
  });

  test('fits 360 and 1280 px without a serious accessibility finding', async ({ page }) => {
    await checkPage(page, '/document/api/v1/', { ready: (p) => p.getByTestId('api-endpoint') });
  });

  test('a failed load says so and loads again on retry', async ({ page }) => {
    let fail = true;
    await page.route('**/api/v1/openapi.json', (route) => (fail ? route.fulfill({ status: 500, json: { error: { code: 'INTERNAL_ERROR', message: 'x' } } }) : route.continue()));
    // reached from another page, the browser fetches the document itself (loaded directly, the page arrives with it)
    await openInApp(page, '/document/api/v1/');
    const error = page.locator('[data-state="error"]');
    await expect(error).toContainText('エラーが発生しました（しばらくしてから再度お試しください）');
    fail = false;
    await error.getByRole('button', { name: '再読み込み' }).click();
    await expect(page.getByTestId('api-endpoint').first()).toBeVisible({ timeout: 30_000 });
  });
});
