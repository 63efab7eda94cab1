/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import path from 'node:path';

/**
 * Screenshots of the public pages at desktop and phone width, for review. A normal test run writes them beside the
 * other test output; refresh the committed ones with: SCREENSHOTS_DIR=docs/screenshots npm test -- e2e --grep screenshots
 */
const OUT = process.env.SCREENSHOTS_DIR
  ? path.resolve(__dirname, '../..', process.env.SCREENSHOTS_DIR)
  : path.join(process.env.TEST_TMP ?? path.resolve(__dirname, '../../test-results'), 'screenshots');

for (const width of [1280, 360]) {
  for (const [name, url, ready] of [
    ['top', '/', 'tld-tile'],
    ['domain-price', '/domain/price', 'price-table'],
    ['tld-com', '/domain/tld/com', 'tld-price-block'],
  ] as const) {
    test(`screenshots: ${name} at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(url);
      await expect(page.getByTestId(ready).first()).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: path.join(OUT, `${name}-${width}.png`), fullPage: name === 'top' });
      const { sw, cw } = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth }));
      expect(sw).toBeLessThanOrEqual(cw);
    });
  }
}
