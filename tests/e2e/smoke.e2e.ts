import { expect, test } from '@playwright/test';

test('the web app is served and the gateway answers', async ({ page, request }) => {
  const health = await request.get('/health/ready');
  expect(health.ok()).toBe(true);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
});
