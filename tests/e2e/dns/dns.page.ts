import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { CardFormPage } from '../payments/payments.page';
import { estimate, freeName, type Headers, signUpPurchaser } from '../purchase/purchase.page';

const run = promisify(execFile);

/**
 * A member of this test's own who holds one .com bought on our name servers: signed up through the API, a card saved
 * on the hosted form, points bought with it, the domain ordered and registered at the simulator.
 */
export async function memberWithDomain(page: Page): Promise<{ headers: Headers; name: string; id: number }> {
  const headers = await signUpPurchaser(page.request);
  await page.goto('/mypage/stripe?redirect_url=%2Fmypage%2Fsearch');
  await new CardFormPage(page).fill('4242 4242 4242 4242', '09/35');
  await page.waitForURL((u) => u.pathname === '/mypage/search');
  const cards = (await (await page.request.get('/mypage/credit_card/load', { headers })).json()).cards as { id: string }[];
  const name = await freeName(page.request, headers, 'com', 'e2e-dns');
  const [e] = await estimate(page.request, headers, [name]);
  const point = e!.registerPrice + e!.renewPrice * (e!.minimum_years - 1);
  const topUp = Math.max(50, point);
  const s = await (await page.request.post('/mypage/point/domain/create/session', { headers, data: { domains: [{ name, point: topUp }], amount: topUp, stripeCardId: cards[0]!.id } })).json();
  expect(s).toMatchObject({ result: true, status: 'paid' });
  const order = await (await page.request.post('/mypage/domain/create', {
    headers, data: { domains: [{ name, period: e!.minimum_years, point }], totalFee: point, point, payment: { type: 'point' }, idempotencyKey: `e2e-dns-${Date.now()}-${Math.random()}` },
  })).json();
  expect(order.result).toBe(true);
  let id = 0;
  await expect.poll(async () => {
    const st = await (await page.request.get(`/mypage/domain/create/status?orderId=${order.orderId}`, { headers })).json();
    id = st.domains?.[0]?.domain_pk_id ?? 0;
    return st.done ? st.domains[0].status : 'processing';
  }, { timeout: 60_000 }).toBe('done');
  return { headers, name, id };
}

/** Asks the system's PowerDNS (DNS_PORT of the e2e system) with kdig: the answer data. */
export async function dig(name: string, type: string): Promise<string[]> {
  const { stdout } = await run('kdig', ['@127.0.0.1', '-p', String(process.env.DNS_PORT ?? 15354), '+short', '+timeout=2', '+retry=0', name, type]);
  return stdout.split('\n').filter(Boolean);
}
