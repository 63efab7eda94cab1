/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import path from 'node:path';

/**
 * Screenshots of the public pages at desktop and phone width, written to docs/screenshots/ for review.
 * Run: npm test -- e2e --grep screenshots
 */
const OUT = path.resolve(__dirname, '../../docs/screenshots');

for (const width of [1280, 360]) {
  for (const [name, url, ready] of [
    ['top', '/', 'tld-tile'],
    ['domain-price', '/domain/price', 'price-table'],
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
