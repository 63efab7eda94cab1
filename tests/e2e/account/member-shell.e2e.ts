/**
 * The member shell with the demo customer of the local runtime: the sidebar and its (real) count, the banner rotating every
 * 60 s to a different one of 5, snackbars bottom right that hide after 4000 ms or when clicked.
 */
import { expect, test, type Page } from '@playwright/test';
import { M } from '@registrar/messages';
import { sidebarCount } from '@registrar/rules';

/** The demo member signed in, the page's clock installed first (the tests step it). */
async function signInDemoUnderPageClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill('demo@example.com');
  await page.getByLabel(/^パスワード/).fill('demo-pass-1234');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/mypage\/domain$/);
}

test('the member layout: sidebar count, snackbars that hide on a click or after 4 s', async ({ page }) => {
  await signInDemoUnderPageClock(page);
  const nav = page.getByRole('navigation', { name: 'マイページメニュー' });
  // the real count of the demo customer's domains under management (the local runtime gives it a demo portfolio)
  const count = async () => (await (await page.request.get('/mypage/domain/count', { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json()).count as number;
  for (const label of ['ドメイン管理', '新規登録', '移管', '履歴']) await expect(nav.getByText(label, { exact: true })).toBeVisible();

  const fakeNow = () => page.evaluate(() => Date.now());
  // the page's timers move only as the test steps them (50 ms a step): a busy machine, however slow, cannot let the
  // snackbar's 4 s run out before the test looks
  const stepUntil = (check: () => Promise<boolean>) =>
    expect.poll(async () => { await page.clock.runFor(50); return check(); }, { timeout: 60_000 }).toBe(true);
  const save = async () => {
    await page.clock.resume();
    await nav.getByText('ユーザー情報', { exact: true }).click();
    await expect(page.getByRole('textbox', { name: '姓', exact: true })).toHaveValue('山田');
    // pause just ahead of the page's running clock; if the machine let it pass that instant meanwhile, try again
    await expect.poll(async () => page.clock.pauseAt(new Date((await fakeNow()) + 50)).then(() => true, () => false), { timeout: 60_000 }).toBe(true);
    await page.getByRole('button', { name: '登録する', exact: true }).click();
    await stepUntil(async () => /\/mypage\/domain$/.test(page.url()));
  };
  const snack = page.locator('.mantine-Notification-root', { hasText: M.userInfoSaved });
  await save();
  await stepUntil(() => snack.isVisible());
  await snack.click();
  await stepUntil(async () => (await snack.count()) === 0);

  await save();
  await stepUntil(() => snack.isVisible());
  await page.clock.runFor(2_500); // (a few steps may have passed since it appeared)
  await expect(snack).toBeVisible();
  await page.clock.runFor(2_000);
  await stepUntil(async () => (await snack.count()) === 0);
  await page.clock.resume();

  await expect.poll(async () => { await page.reload(); return (await nav.getByTestId('domain-count').textContent()) === sidebarCount(await count()); }).toBe(true);
});

test('the member layout: the banner rotates every 60 s to a different one', async ({ page }) => {
  await signInDemoUnderPageClock(page);
  // the banner's timer starts when the layout mounts: mount it under a paused clock, so no real time passes between
  // the mount and the fast-forwards (on a busy machine a second could)
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
  await page.goto('/mypage/search');
  const banner = page.getByTestId('mypage-banner');
  await expect(banner).toBeVisible();
  const first = await banner.getAttribute('data-banner');
  await page.clock.fastForward(59_000);
  await expect(banner).toHaveAttribute('data-banner', first!);
  await page.clock.fastForward(1_000);
  await expect(banner).not.toHaveAttribute('data-banner', first!);
});
