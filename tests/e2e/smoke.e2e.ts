import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { expect, test } from '@playwright/test';

test('the web app is served and the gateway answers', async ({ page, request }) => {
  const health = await request.get('/health/ready');
  expect(health.ok()).toBe(true);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
});

/** Answers how a TCP connection to host:port ends: 'open' or the error code. */
const reach = (host: string, port: number) => new Promise<string>((resolve) => {
  const s = connect({ host, port });
  s.setTimeout(10_000, () => { s.destroy(); resolve('timeout'); });
  s.once('connect', () => { s.destroy(); resolve('open'); });
  s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
});

test('the local runtime (with /dev/mail and /dev/sms) listens on loopback only when HOST is not set', async ({ baseURL }) => {
  test.skip(!!process.env.HOST, 'HOST is set: the runtime binds where it says');
  const port = Number(new URL(baseURL!).port);
  expect(await reach('127.0.0.1', port)).toBe('open');
  const external = Object.values(networkInterfaces()).flat().find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
  test.skip(!external, 'this machine has no non-loopback IPv4 address');
  expect(await reach(external!, port)).toBe('ECONNREFUSED');
});
