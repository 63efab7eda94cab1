/**
 * Card journeys in the browser (000 §4 payment choice, card registration return): a member saves a card on the hosted
 * card page and comes back to the search page; a card payment that needs 3-D Secure sends the browser to the
 * challenge and back, and the points arrive.
 */
import { expect, test } from '@playwright/test';
import { CardFormPage, ledgerBalance, signInDemo } from './payments.page';

test.describe.configure({ mode: 'serial' });

test('a member saves a card on the card page and returns to the purchase', async ({ page }) => {
  const headers = await signInDemo(page.request);
  await page.goto('/mypage/stripe?redirect_url=%2Fmypage%2Fsearch%3Faction%3DcreateDomain');
  await new CardFormPage(page).fill('4242 4242 4242 4242', '11/33');
  await page.waitForURL((u) => u.pathname === '/mypage/search' && u.searchParams.get('cardRegistration') === 'true');
  expect(new URL(page.url()).searchParams.get('action')).toBe('createDomain');
  const cards = await (await page.request.get('/mypage/credit_card/load', { headers })).json();
  expect(cards.cards[0].cardInfoText).toBe('VISA **** 4242 (11/33)');
});

test('a wrong card number is refused on the card page', async ({ page }) => {
  await signInDemo(page.request);
  await page.goto('/mypage/stripe?redirect_url=%2Fmypage%2Fdomain');
  await new CardFormPage(page).fill('4242 4242 4242 4241');
  await expect(page.getByRole('alert')).toHaveText('カード情報が正しくありません。');
});

test('a card payment with 3-D Secure goes to the challenge and back, and the points arrive', async ({ page }) => {
  const headers = await signInDemo(page.request);
  await page.goto('/mypage/stripe?redirect_url=%2Fmypage%2Fsearch%3Faction%3DcreateDomain');
  await new CardFormPage(page).fill('4000002500003155', '10/32');
  await page.waitForURL((u) => u.pathname === '/mypage/search');
  const cards = await (await page.request.get('/mypage/credit_card/load', { headers })).json();
  const card = cards.cards.find((c: { cardInfoText: string }) => c.cardInfoText === 'VISA **** 3155 (10/32)');
  expect(card).toBeTruthy();

  const before = await ledgerBalance(page.request, headers);
  const total = before + 1500; // the card must pay 1,500 yen
  const created = await page.request.post('/mypage/point/domain/create/session', { headers, data: { domains: [{ name: `e2e-${Date.now()}.com`, point: total }], amount: 1500, stripeCardId: card.id } });
  const session = await created.json();
  expect(session).toMatchObject({ result: true, status: 'requires_action' });

  await page.goto(session.authUrl);
  await expect(page.getByRole('heading', { name: '3-D セキュア認証' })).toBeVisible();
  await expect(page.getByText('1500 JPY のお支払いを認証してください。')).toBeVisible();
  await page.getByRole('button', { name: '認証する' }).click();
  await page.waitForURL((u) => u.pathname === '/mypage/search' && u.searchParams.get('paymentResult') === 'success');
  expect(new URL(page.url()).searchParams.get('payment_session')).toBe(session.sessionId);
  await expect.poll(() => ledgerBalance(page.request, headers)).toBe(before + 1500);
});
