import { defineConfig, devices } from '@playwright/test';

/** Browser tests against the running system (started by `npm test`), on Debian's Chromium. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Time limits guard against hangs, they never measure speed: the machine running the suite is shared and often busy.
  timeout: 240_000,
  expect: { timeout: 60_000 },
  reporter: [['list'], ['json']],
  outputDir: process.env.TEST_TMP ? `${process.env.TEST_TMP}/playwright` : 'test-results',
  use: {
    baseURL: process.env.BASE_URL ?? 'http://localhost:8080',
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
