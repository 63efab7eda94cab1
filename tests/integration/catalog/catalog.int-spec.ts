/**
 * The catalogue end to end: the catalog service loads the bundled master data into an empty database at boot,
 * the gateway answers the public catalogue API, imports are validated and idempotent, and the gateway's cache
 * follows an import at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import {
  CampaignReserveResult, CatalogImportResult, CatalogPatterns, CategoryDto, MemberPricingResult, DeadlineSearchResult, NextMonthPricesResult, PriceSearchResult, TldDetailDto, TldSummaryDto,
} from '@registrar/contracts';
import { CLOCK, SystemClock } from '@registrar/infra';
import { CatalogHarness, startCatalogHarness } from './catalog-harness';

const MASTER = path.resolve(__dirname, '../../../data/master');
const masterCsv = (f: string) => fs.readFileSync(path.join(MASTER, f), 'utf8');
const XHR = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };

let h: CatalogHarness;

beforeAll(async () => {
  h = await startCatalogHarness();
}, 120_000);

afterAll(async () => {
  await h?.close();
});

/** Every row of the catalog tables, with their update times: equal snapshots mean nothing was written. */
async function tableSnapshot(): Promise<string> {
  const parts: string[] = [];
  for (const t of ['tld', 'tld_price', 'category', 'tld_category']) {
    const r = await h.db.query(`SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) AS h, count(*)::int AS n FROM catalog.${t} x`);
    parts.push(`${t}:${r.rows[0].n}:${r.rows[0].h}`);
  }
  return parts.join(' ');
}

const getPrices = (query = '') => request(h.url).get(`/domain/price/search${query}`).set(XHR);

describe('catalogue master data', () => {
  it('is loaded at boot into the empty database: about 430 TLDs with prices and categories', async () => {
    const { rows: [n] } = await h.db.query(`SELECT (SELECT count(*) FROM catalog.tld)::int AS tlds, (SELECT count(*) FROM catalog.category)::int AS cats,
      (SELECT count(DISTINCT effective_month) FROM catalog.tld_price)::int AS months`);
    expect(n.tlds).toBe(430);
    expect(n.cats).toBeGreaterThanOrEqual(10);
    expect(n.months).toBe(2);
    const all = await h.call<TldSummaryDto[]>(CatalogPatterns.AllTlds);
    expect(all).toHaveLength(430);
    const names = all.map((t) => t.tld_name);
    for (const expected of ['com', 'net', 'jp', 'co.jp', 'lg.jp', 'tokyo.jp', 'okinawa.jp', 'hokkaido.jp', 'コム', 'みんな', 'ai', 'io', 'xyz']) expect(names).toContain(expected);
    expect(all.find((t) => t.tld_name === 'ai')).toMatchObject({ minimum_years: 2, registration_unit: 2 });
    expect(all.find((t) => t.tld_name === 'コム')).toMatchObject({ tld_name_punycode: 'xn--tckwe' });
  });

  it('importing the same data again changes nothing', async () => {
    const before = await tableSnapshot();
    const r = await h.call<CatalogImportResult>(CatalogPatterns.Import, { kind: 'all' });
    expect(r).toMatchObject({ result: true, changed: 0, updateCnt: 430 });
    for (const kind of ['tld', 'tld_price', 'tld_category']) {
      const one = await h.call<CatalogImportResult>(CatalogPatterns.Import, { kind });
      expect(one).toMatchObject({ result: true, changed: 0 });
    }
    expect(await tableSnapshot()).toBe(before);
  });

  it('refuses a file with bad rows, names every problem by row and column, and writes nothing', async () => {
    const before = await tableSnapshot();
    const lines = masterCsv('tld.csv').split('\n');
    const header = lines[0];
    const bad = [header, 'com,商業,説明,,1,1,1,1,1,3,2,有効期限日まで,30,30,10,', 'Bad_Name,意味,説明,,0,0,1,1,1,1,1,有効期限日まで,x,30,20,'].join('\n');
    const r = await h.call<CatalogImportResult>(CatalogPatterns.Import, { kind: 'tld', csv: bad });
    expect(r.result).toBe(false);
    expect(r.errors).toEqual(expect.arrayContaining([
      expect.stringContaining('2行目 minimum_years'),
      expect.stringContaining('3行目 tld_name'),
      expect.stringContaining('3行目 grace_period'),
    ]));
    expect(r.message).toContain('データは変更されていません');
    const prices = await h.call<CatalogImportResult>(CatalogPatterns.Import, { kind: 'tld_price', csv: `${masterCsv('tld_price.csv').split('\n')[0]}\nnosuchtld,2026-11,0,100,100,100,0,,,,0,0,0,0,0,0\n` });
    expect(prices.result).toBe(false);
    expect(prices.errors[0]).toContain('登録されていないTLDです（nosuchtld）');
    expect(await tableSnapshot()).toBe(before);
  });

  it('takes current prices from the clock: the latest effective month not after the current Tokyo month', async () => {
    const clock = h.service.get<SystemClock>(CLOCK);
    const at = (iso: string) => clock.setOffset(Date.parse(iso) - Date.now());
    const com = async () => (await h.call<PriceSearchResult>(CatalogPatterns.PriceSearch, {})).tldPrices.find((p) => p.tld_name === 'com')!;
    try {
      at('2026-11-30T23:59:00+09:00');
      expect(await com()).toMatchObject({ register: 1078, register_normal: 1738, is_register_campaign: true });
      expect(await h.call<NextMonthPricesResult>(CatalogPatterns.NextMonthPricesExist)).toEqual({ result: true, month: '2026-12' });
      // 00:00 on the 1st in Tokyo (still 30 November in UTC): December's prices apply
      at('2026-12-01T00:00:00+09:00');
      expect(await com()).toMatchObject({ register: 980, is_register_campaign: true });
      expect(await h.call<NextMonthPricesResult>(CatalogPatterns.NextMonthPricesExist)).toEqual({ result: false, month: '2027-01' });
      // months later, December's rows are still the latest
      at('2027-06-15T12:00:00+09:00');
      expect((await com()).register).toBe(980);
      // before the first effective month nothing is on sale
      at('2026-10-15T12:00:00+09:00');
      expect((await h.call<PriceSearchResult>(CatalogPatterns.PriceSearch, {})).tldPrices).toEqual([]);
    } finally {
      clock.setOffset(0);
    }
  });
});

describe('GET /domain/price/search', () => {
  it('lists every TLD in ordinal order with the spec\'s field names', async () => {
    const res = await getPrices().expect(200);
    const { tldPrices } = res.body as PriceSearchResult;
    // 430 TLDs plus the separate 日本語.jp price row
    expect(tldPrices).toHaveLength(431);
    const ordinals = tldPrices.map((p) => p.ordinal);
    expect([...ordinals].sort((a, b) => a - b)).toEqual(ordinals);
    const com = tldPrices.find((p) => p.tld_name === 'com')!;
    for (const field of ['name', 'tld_name', 'tld_name_punycode', 'punycode', 'tld_id', 'ordinal', 'register', 'register_user', 'register_normal', 'is_register_campaign',
      'is_register_special', 'renew', 'is_renew_campaign', 'is_renew_special', 'transfer', 'is_transfer_campaign', 'is_transfer_special', 'can_transfer', 'can_proxy',
      'is_idn_price', 'requirements']) expect(com).toHaveProperty(field);
    const jp = tldPrices.filter((p) => p.tld_name === 'jp');
    expect(jp.map((p) => p.is_idn_price)).toEqual([false, true]);
    expect(jp.every((p) => p.free_transfer)).toBe(true);
    expect(tldPrices.find((p) => p.tld_name === 'co.jp')).toMatchObject({ free_transfer: false, can_proxy: false });
    expect(tldPrices.find((p) => p.tld_name === 'co.jp')!.requirements).toContain('1つの組織につき1つだけ');
  });

  it('filters by category, and an unknown category gives an empty list', async () => {
    const cats = (await request(h.url).get('/domain/category/list').set(XHR).expect(200)).body.categories as CategoryDto[];
    const pref = cats.find((c) => c.name === '都道府県型JP')!;
    const res = await getPrices(`?categoryId=${pref.id}`).expect(200);
    expect(res.body.tldPrices).toHaveLength(47);
    expect(res.body.tldPrices.every((p: { tld_name: string }) => p.tld_name.endsWith('.jp'))).toBe(true);
    expect((await getPrices('?categoryId=999999').expect(200)).body).toEqual({ tldPrices: [] });
    expect((await getPrices('?categoryId=0').expect(200)).body.tldPrices).toHaveLength(431);
    expect((await getPrices('?categoryId=').expect(200)).body.tldPrices).toHaveLength(431);
  });

  it.each(['abc', '-1', '1.5', '1e3', '99999999999'])('answers 400 for categoryId=%s', async (bad) => {
    const res = await getPrices(`?categoryId=${encodeURIComponent(bad)}`).expect(400);
    expect(JSON.stringify(res.body)).toContain('categoryId');
  });

  it('answers 400 for a repeated categoryId', async () => {
    await getPrices('?categoryId=1&categoryId=2').expect(400);
  });

  it('follows an import at once (the response cache is dropped), and a revert restores the prices', async () => {
    const original = (await getPrices().expect(200)).body.tldPrices.find((p: { tld_name: string }) => p.tld_name === 'net');
    const csv = masterCsv('tld_price.csv').split('\n').map((l) => (l.startsWith('net,') ? l.replace(/^net,(\d{4}-\d{2}),0,\d+,/, 'net,$1,0,777,') : l)).join('\n');
    const changed = await h.call<CatalogImportResult>(CatalogPatterns.Import, { kind: 'tld_price', csv });
    expect(changed).toMatchObject({ result: true });
    expect(changed.changed).toBeGreaterThan(0);
    const seen = await eventually(async () => (await getPrices().expect(200)).body.tldPrices.find((p: { tld_name: string }) => p.tld_name === 'net').register, 777);
    expect(seen).toBe(777);
    const back = await h.call<CatalogImportResult>(CatalogPatterns.Import, { kind: 'tld_price' });
    expect(back.changed).toBeGreaterThan(0);
    expect(await eventually(async () => (await getPrices().expect(200)).body.tldPrices.find((p: { tld_name: string }) => p.tld_name === 'net').register, original.register)).toBe(original.register);
  });

  it('sends the same list gzip-compressed to a client that accepts it', async () => {
    const plain = await getPrices().set('Accept-Encoding', 'identity').expect(200);
    const gz = await getPrices().set('Accept-Encoding', 'gzip, deflate').expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gz.body).toEqual(plain.body);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await getPrices().expect(200);
    await getPrices().set('If-None-Match', first.headers.etag).expect(304);
  });
});

describe('GET /domain/deadline/search', () => {
  it('lists deadlines, grace and restore days and the restore price including the renewal', async () => {
    const res = await request(h.url).get('/domain/deadline/search').set(XHR).expect(200);
    const { deadlines } = res.body as DeadlineSearchResult;
    expect(deadlines).toHaveLength(431);
    const jp = deadlines.filter((d) => d.tld_name === 'jp');
    expect(jp.map((d) => d.is_idn_price)).toEqual([false, true]);
    expect(jp[0]).toMatchObject({ renewal_deadline: '有効期限日の22時まで', grace_period: 0, restore_period: 30 });
    const prices = (await getPrices().expect(200)).body.tldPrices as { tld_name: string; renew: number; is_idn_price: boolean }[];
    const com = deadlines.find((d) => d.tld_name === 'com')!;
    expect(com.restore).toBeGreaterThan(prices.find((p) => p.tld_name === 'com')!.renew);
    // a TLD without a restore period has restore 0 (the page shows a dash)
    expect(deadlines.find((d) => d.tld_name === 'ai')).toMatchObject({ restore_period: 0, restore: 0 });
    await request(h.url).get('/domain/deadline/search?categoryId=x').set(XHR).expect(400);
  });
});

describe('GET /domain/tld/:tldName', () => {
  it('gives the detail of a TLD: meaning, description, policy, price, FAQ, points, recommendations', async () => {
    const res = await request(h.url).get('/domain/tld/com').set(XHR).expect(200);
    const d = res.body as TldDetailDto;
    expect(d.tld).toMatchObject({ tld_name: 'com', meaning: '商業・企業', can_proxy: true });
    expect(d.price.tld_name).toBe('com');
    expect(d.faq.length).toBeGreaterThanOrEqual(4);
    expect(d.points.length).toBeGreaterThan(0);
    expect(d.recommended.length).toBeGreaterThan(0);
    expect(d.recommended.map((r) => r.tld_name)).not.toContain('com');
    expect(d.categories.map((c) => c.name)).toContain('人気');
  });

  it('finds Japanese TLDs by their Unicode or punycode name, and .jp has its 日本語 price', async () => {
    expect((await request(h.url).get(`/domain/tld/${encodeURIComponent('コム')}`).set(XHR).expect(200)).body.tld.tld_name).toBe('コム');
    expect((await request(h.url).get('/domain/tld/xn--tckwe').set(XHR).expect(200)).body.tld.tld_name).toBe('コム');
    const jp = (await request(h.url).get('/domain/tld/jp').set(XHR).expect(200)).body as TldDetailDto;
    expect(jp.idn_price).toMatchObject({ tld_name: 'jp', is_idn_price: true });
    expect((await request(h.url).get('/domain/tld/tokyo.jp').set(XHR).expect(200)).body.tld.meaning).toContain('東京都');
  });

  it('answers 404 for a TLD we do not sell', async () => {
    const res = await request(h.url).get('/domain/tld/nosuchtld').set(XHR).expect(404);
    expect(res.body.message).toBe('お探しのTLDは取り扱っていません');
    await request(h.url).get(`/domain/tld/${'x'.repeat(200)}`).set(XHR).expect(404);
  });
});

describe('campaign slots and a member\'s pricing on the request transport', () => {
  const userId = 9_100_000 + Math.floor(Math.random() * 100_000);
  const pricing = () => h.call<MemberPricingResult>(CatalogPatterns.MemberPricing, { userId });
  const reserve = (key: string) => h.call<CampaignReserveResult>(CatalogPatterns.CampaignReserve, { userId, key });

  it('answers the price group and the slots left in one request; a slot is taken once per key, never past the limit, and a released key is not taken again', async () => {
    expect(await pricing()).toMatchObject({ userId, group: null, campaign: { remaining: 5, used: 0, limit: 5 } });
    const first = await Promise.all(Array.from({ length: 8 }, (_, i) => reserve(`k1-test:${userId}:${i}`)));
    expect(first.filter((r) => r.reserved)).toHaveLength(5);
    expect((await pricing()).campaign).toMatchObject({ remaining: 0, used: 5 });
    // the same key again: reserved (it holds its slot), no other slot taken
    const held = first.findIndex((r) => r.reserved);
    expect(await reserve(`k1-test:${userId}:${held}`)).toMatchObject({ reserved: true, used: 5 });
    expect(await h.call(CatalogPatterns.CampaignRelease, { key: `k1-test:${userId}:${held}` })).toEqual({ released: true });
    expect((await pricing()).campaign).toMatchObject({ remaining: 1, used: 4 });
    // a released key stays released; a new key takes the slot it gave back
    expect(await reserve(`k1-test:${userId}:${held}`)).toMatchObject({ reserved: false });
    expect(await reserve(`k1-test:${userId}:new`)).toMatchObject({ reserved: true, used: 5 });
    const counted = await h.db.query('SELECT used FROM catalog.campaign_counters WHERE user_id = $1', [userId]);
    const live = await h.db.query('SELECT count(*)::int AS n FROM catalog.campaign_reservations WHERE user_id = $1 AND released_at IS NULL', [userId]);
    expect(counted.rows[0].used).toBe(live.rows[0].n);
  });
});

/** Polls until `read()` gives `want` (the change notice reaches the gateway over Redis pub/sub), at most 3 s. */
async function eventually<T>(read: () => Promise<T>, want: T): Promise<T> {
  const end = Date.now() + 3_000;
  let last = await read();
  while (last !== want && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    last = await read();
  }
  return last;
}
