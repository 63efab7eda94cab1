/**
 * The server-side cart through the gateway's endpoints and the orders service on real PostgreSQL: it survives across
 * requests (a reload, a second tab), skips names already in it, refuses unregistrable names with the spec message,
 * stops at the maximum size with a clear message even when two tabs add at once, and removes.
 */
import request from 'supertest';
import { newUserId, OrdersHarness, startOrdersHarness } from './orders-harness';

let h: OrdersHarness;
beforeAll(async () => {
  process.env.CART_MAX_SIZE = '5';
  h = await startOrdersHarness({ withCatalog: true });
}, 120_000);
afterAll(async () => {
  await h?.close();
  delete process.env.CART_MAX_SIZE;
});

const as = (userId: number) => ({ 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json', 'X-Test-User': String(userId) });
const add = (userId: number, domainNames: string[]) => request(h.url).post('/mypage/cart/add').set(as(userId)).send({ domainNames });
const names = (r: { body: { domains: { name: string }[] } }) => r.body.domains.map((d) => d.name);

describe('cart (mypage/cart)', () => {
  it('keeps the cart on the server: what one tab adds, another sees', async () => {
    const user = newUserId();
    const r = await add(user, ['Rakko-Cart-Two.com', 'ラッコ.jp']).expect(200);
    expect(r.body).toMatchObject({ added: ['rakko-cart-two.com', 'ラッコ.jp'], skipped: [], errors: [] });
    const again = await request(h.url).get('/mypage/cart').set(as(user)).expect(200);
    expect(again.body.domains).toEqual([
      expect.objectContaining({ name: 'rakko-cart-two.com', punycode: 'rakko-cart-two.com', tld: 'com', is_idn: false, can_proxy: true, minimum_years: 1 }),
      expect.objectContaining({ name: 'ラッコ.jp', punycode: 'xn--tck5a9g.jp', tld: 'jp', is_idn: true }),
    ]);
    // the register price is the catalogue's current one
    const { rows: [com] } = await h.db.query(
      `SELECT p.register FROM catalog.tld t JOIN catalog.tld_price p ON p.tld_id = t.id
       WHERE t.tld_name = 'com' AND NOT p.is_idn_price AND p.effective_month <= to_char(now() AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM')
       ORDER BY p.effective_month DESC LIMIT 1`,
    );
    expect(again.body.domains[0].register).toBe(Number(com.register));
    expect(again.body.domains[0].register).toBeGreaterThan(0);
    expect(names(await request(h.url).get('/mypage/cart').set(as(newUserId())).expect(200))).toEqual([]);
  });

  it('skips names already in the cart and refuses unregistrable ones with the spec message', async () => {
    const user = newUserId();
    await add(user, ['rakko-cart-five.com']).expect(200);
    const r = await add(user, ['rakko-cart-five.com', 'rakko-cart-six.com', 'no-tld', 'bad_name.com', 'a.notatld']).expect(200);
    expect(r.body.added).toEqual(['rakko-cart-six.com']);
    expect(r.body.skipped).toEqual(['rakko-cart-five.com']);
    expect(r.body.errors).toEqual([
      'no-tldは登録不能ドメインのためカートに入れられませんでした',
      'bad_name.comは登録不能ドメインのためカートに入れられませんでした',
      'a.notatldは登録不能ドメインのためカートに入れられませんでした',
    ]);
  });

  it('stops at the maximum cart size, even with two tabs adding at the same moment', async () => {
    const user = newUserId();
    const [t1, t2] = await Promise.all([add(user, ['rakko-cart-eight.com', 'rakko-cart-nine.com', 'rakko-cart-ten.com', 'rakko-cart-twelve.com']), add(user, ['rakko-cart-alpha.com', 'rakko-cart-beta.com', 'rakko-cart-gamma.com', 'rakko-cart-delta.com'])]);
    expect(t1.body.added.length + t2.body.added.length).toBe(5);
    const full = [...t1.body.errors, ...t2.body.errors];
    expect(full).toHaveLength(1);
    expect(full[0]).toMatch(/^カートに入れられるドメインは5件までです。.+以降は追加されませんでした$/);
    expect(names(await request(h.url).get('/mypage/cart').set(as(user)).expect(200))).toHaveLength(5);
  });

  it('removes, and validates the body', async () => {
    const user = newUserId();
    await add(user, ['rakko-cart-five.com', 'rakko-cart-six.com', 'rakko-cart-seven.com']).expect(200);
    const r = await request(h.url).post('/mypage/cart/remove').set(as(user)).send({ domainNames: ['Rakko-Cart-Six.com', 'rakko-cart-seven.com'] }).expect(200);
    expect(names(r)).toEqual(['rakko-cart-five.com']);
    await request(h.url).post('/mypage/cart/add').set(as(user)).send({ domainNames: 'rakko-cart-five.com' }).expect(400);
    await request(h.url).post('/mypage/cart/add').set({ 'X-Requested-With': 'XMLHttpRequest' }).send({ domainNames: ['rakko-cart-five.com'] }).expect(401);
  });

  it('asks the registry before adding: a name taken since the search is refused with the spec message', async () => {
    const user = newUserId();
    const r = await add(user, ['google.com', 'rakko-cart-two.com']).expect(200);
    expect(r.body.added).toEqual(['rakko-cart-two.com']);
    expect(r.body.errors).toEqual(['google.comは登録不能ドメインのためカートに入れられませんでした']);
  });
});
