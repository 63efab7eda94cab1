/**
 * The first purchase as a new person does it (000 §2, issue 26), at 360 and at 1280 px: a guest picks two domains on
 * the search page (one login tab for both), signs up from that tab, opens the confirmation mail's link (read from the
 * mail catcher) in another tab and is signed in there with the picks in the cart, is sent to the user information
 * (field errors shown per field, the SMS panel's own phone input), comes back to the purchase step with both domains,
 * registers a card and pays, and both domains are registered.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { M } from '../../../libs/messages/src';
import { CardFormPage } from '../payments/payments.page';
import { pick } from './purchase.page';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations } from '../support/page-checks';

const XHR = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };

async function waitFor<T>(fn: () => Promise<T | undefined>, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await fn();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Two names the registry says are free (a .com and a .net), found through the guest's search API. */
async function twoFreeNames(request: APIRequestContext): Promise<[string, string]> {
  const s = await (await request.get('/session', { headers: XHR })).json();
  const headers = { ...XHR, 'X-CSRF-TOKEN': s.csrfToken };
  const found: string[] = [];
  for (const tld of ['com', 'net']) {
    for (let i = 0; i < 10 && found.length < (tld === 'com' ? 1 : 2); i++) {
      const names = Array.from({ length: 5 }, (_, k) => `e2e-first-${Date.now().toString(36)}${i}${k}${Math.random().toString(36).slice(2, 6)}.${tld}`);
      const r = await request.post('/search/domain', { headers, data: { domainNames: names } });
      expect(r.ok()).toBe(true);
      const free = ((await r.json()).results.tlds as { domain: string; status: number | null }[]).find((t) => t.status === 1);
      if (free) found.push(free.domain);
    }
  }
  expect(found).toHaveLength(2);
  return [found[0]!, found[1]!];
}

const shots = process.env.TEST_TMP ? `${process.env.TEST_TMP}/screenshots` : 'test-results/screenshots';

async function checkScreen(page: Page, label: string) {
  await expectNoHorizontalOverflow(page, label);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${shots}/first-purchase-${label.replace(/[^a-z0-9]+/gi, '-')}.png`, fullPage: true });
}

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test(`a guest picks two domains, signs up, confirms, registers the profile and pays, and both are registered (${width} px)`, async ({ page, context, request }) => {
      test.setTimeout(300_000);
      const [first, second] = await twoFreeNames(request);
      const email = `first-${width}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;
      const password = 'first purchase 123';
      const phone = `090${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

      // the guest checks both names in the bulk tab and picks them
      await page.goto('/search');
      await page.getByRole('tab', { name: '一括登録チェック' }).click();
      await page.getByLabel('ドメイン名（1行に1つ）').fill(`${first}\n${second}`);
      await page.getByRole('button', { name: '一括チェック' }).click();
      const row = (name: string) => page.locator(`[data-testid="search-row"][data-domain="${name}"]`);
      await expect(row(first)).toHaveAttribute('data-status', 'available', { timeout: 30_000 });
      await expect(row(second)).toHaveAttribute('data-status', 'available', { timeout: 30_000 });
      const loginTabOpened = context.waitForEvent('page');
      await row(first).getByTestId('row-add').click();
      const loginTab = await loginTabOpened;
      await expect(loginTab).toHaveURL(/\/login\?non_login=yes/);
      await row(second).getByTestId('row-add').click();
      // one login tab for both picks, and the picks are named on the search page
      await expect(page.getByTestId('guest-picks')).toContainText(first);
      await expect(page.getByTestId('guest-picks')).toContainText(second);
      expect(context.pages()).toHaveLength(2);
      await checkScreen(page, `search with picks at ${width}`);

      // sign-up from the login tab; the picks are named there too
      await loginTab.getByTestId('login-signup').click();
      await expect(loginTab.getByTestId('signup-picks')).toContainText(second);
      await loginTab.getByLabel('メールアドレス').fill(email);
      await loginTab.getByLabel('パスワード（8文字以上）').fill(password);
      await loginTab.getByLabel('パスワード（確認）').fill(password);
      await loginTab.getByRole('checkbox', { name: '利用規約とプライバシーポリシーに同意する' }).check();
      await loginTab.getByRole('button', { name: '登録する', exact: true }).click();
      await expect(loginTab.getByText(M.signUpMailSent)).toBeVisible();

      // the mail's link, opened in a new tab of the same browser
      const link = await waitFor(async () => {
        const { messages } = (await (await request.get(`/dev/mail/api/messages?to=${encodeURIComponent(email)}`)).json()) as { messages: Array<{ links: string[] }> };
        return messages.flatMap((m) => m.links).find((l) => l.includes('/register/confirm'));
      }, `mail to ${email}`);
      const mailTab = await context.newPage();
      await mailTab.goto(new URL(link).pathname + new URL(link).search);
      // the link asks for the password chosen at sign-up (docs/security.md, finding 1), then signs the person in
      await mailTab.getByLabel('パスワード').fill(password);
      await mailTab.getByRole('button', { name: '登録を完了する' }).click();

      // no profile yet: the user information first, with the way back to the purchase
      await expect(mailTab).toHaveURL(/\/mypage\/user\/register\?redirect=/, { timeout: 30_000 });
      await expect(mailTab.getByTestId('profile-return')).toBeVisible();
      await expect(mailTab.getByRole('link', { name: '購入手続きに戻る' })).toBeVisible();
      // the picks are in the member's cart already
      const s = await (await mailTab.request.get('/session', { headers: XHR })).json();
      expect(s.user).toMatchObject({ email });
      const cart = await (await mailTab.request.get('/mypage/cart', { headers: XHR })).json();
      expect(cart.domains.map((d: { name: string }) => d.name).sort()).toEqual([first, second].sort());

      // an empty submit names each field
      await mailTab.getByTestId('profile-submit').click();
      await expect(mailTab.getByTestId('profile-invalid')).toBeVisible();
      await expect(mailTab.getByText('姓を正しく入力してください')).toBeVisible();
      await expect(mailTab.getByText('名を正しく入力してください')).toBeVisible();
      await checkScreen(mailTab, `profile errors at ${width}`);

      await mailTab.getByRole('textbox', { name: '姓', exact: true }).fill('山田');
      await mailTab.getByRole('textbox', { name: '名', exact: true }).fill('花子');
      await mailTab.getByLabel('郵便番号').fill('1040061');
      await expect(mailTab.getByLabel('市区町村')).toHaveValue('中央区');
      await mailTab.getByRole('textbox', { name: '番地', exact: true }).fill('銀座1-2-3');
      // a landline for the profile; the SMS goes to the mobile typed in the SMS panel
      await mailTab.getByLabel('電話番号（ハイフンなし）').fill('0312345678');
      await mailTab.getByTestId('sms-phone').fill(phone);
      await mailTab.getByRole('button', { name: '認証番号を送信' }).click();
      const code = await waitFor(async () => {
        const { messages } = (await (await request.get(`/dev/sms/api/messages?to=${phone}`)).json()) as { messages: Array<{ body: string }> };
        return messages[0]?.body.match(/(\d{6})/)?.[1];
      }, 'the SMS');
      await mailTab.getByRole('textbox', { name: 'SMS認証番号' }).fill(code);
      await mailTab.getByRole('button', { name: '認証する' }).click();
      await expect(mailTab.getByText('認証済み', { exact: true })).toBeVisible();
      await mailTab.getByTestId('profile-submit').click();

      // back to the purchase, both domains in it
      const step = mailTab.getByTestId('purchase-step');
      await expect(step).toBeVisible({ timeout: 30_000 });
      await expect(step).toContainText(first);
      await expect(step).toContainText(second);
      await checkScreen(mailTab, `purchase step at ${width}`);

      // no points: a card is registered from the purchase step, which comes back with both domains
      await mailTab.getByTestId('tab-card').click();
      await mailTab.getByTestId('card-register').click();
      await new CardFormPage(mailTab).fill('4242 4242 4242 4242', '10/36');
      await expect(mailTab.getByTestId('purchase-step')).toBeVisible({ timeout: 30_000 });
      await mailTab.getByTestId('terms').check();
      await mailTab.getByTestId('tab-card').click();
      await pick(mailTab, mailTab.getByTestId('card-select'), 'VISA **** 4242 (10/36)');
      await mailTab.getByTestId('purchase-submit').click();

      const result = mailTab.getByTestId('result-step');
      await expect(result).toBeVisible({ timeout: 60_000 });
      await expect(result).toHaveAttribute('data-done', 'true', { timeout: 120_000 });
      for (const name of [first, second]) await expect(result.locator(`[data-testid="result-row"][data-domain="${name}"]`)).toHaveAttribute('data-status', 'done');
      // the sidebar's count of the member's domains includes the two just registered, without a reload
      if (width >= 1280) await expect(mailTab.getByTestId('domain-count')).toHaveText('2', { timeout: 30_000 });
      await checkScreen(mailTab, `purchase result at ${width}`);

      // the login tab, once reloaded, does not show the form to the signed-in member
      await loginTab.goto('/login');
      await expect(loginTab).toHaveURL(/\/mypage\/domain/);
    });
  });
}
