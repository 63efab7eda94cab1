import { CatalogSnapshot, deadlineList, findTld, PriceRecord, priceList, selectCurrentPrices, tldDetail, TldRecord, topTiles } from './catalog-snapshot';

const tld = (id: number, name: string, o: Partial<TldRecord> = {}): TldRecord => ({
  id, tld_name: name, tld_name_punycode: name, meaning: name, description: '', requirements: null, is_cctld: false, is_idn: false, can_proxy: true,
  can_lock: true, can_transfer: true, minimum_years: 1, registration_unit: 1, renewal_deadline: '有効期限日の前日まで', grace_period: 30, restore_period: 30,
  ordinal: id * 10, top_ordinal_flg: null, ...o,
});
const price = (tldId: number, month: string, register: number, o: Partial<PriceRecord> = {}): PriceRecord => ({
  tld_id: tldId, effective_month: month, is_idn_price: false, register, renew: 2000, transfer: 2000, restore: 10800, register_normal: register, renew_normal: 2000,
  transfer_normal: 2000, is_register_campaign: false, is_register_special: false, is_renew_campaign: false, is_renew_special: false, is_transfer_campaign: false,
  is_transfer_special: false, ...o,
});

describe(selectCurrentPrices.name, () => {
  const prices = [price(1, '2026-10', 100), price(1, '2026-11', 200), price(1, '2026-12', 300), price(2, '2026-12', 999), price(1, '2026-11', 50, { is_idn_price: true })];

  it('takes the latest effective month not after the current one, per TLD and IDN row', () => {
    const m = selectCurrentPrices(prices, '2026-11');
    expect(m.get('1|0')!.register).toBe(200);
    expect(m.get('1|1')!.register).toBe(50);
    expect(m.has('2|0')).toBe(false);
  });

  it('keeps a month\'s prices after it, until newer ones take effect', () => {
    expect(selectCurrentPrices(prices, '2027-03').get('1|0')!.register).toBe(300);
    expect(selectCurrentPrices(prices, '2026-09').size).toBe(0);
  });
});

describe('price and deadline lists', () => {
  const s: CatalogSnapshot = {
    tlds: [tld(2, 'net', { ordinal: 20 }), tld(1, 'jp', { ordinal: 10, restore_period: 0, top_ordinal_flg: 1 }), tld(3, 'co.jp', { ordinal: 30, can_transfer: false })],
    prices: [price(1, '2026-11', 1848, { register_normal: 3278, is_register_campaign: true }), price(1, '2026-11', 980, { is_idn_price: true }), price(2, '2026-11', 1298), price(3, '2026-11', 4620)],
    categories: [{ id: 5, name: '.jp', ordinal: 50 }],
    links: [{ category_id: 5, tld_id: 1 }, { category_id: 5, tld_id: 3 }],
    contents: [],
  };

  it('orders rows by ordinal with the IDN row after its TLD, and marks free transfer and campaign normal prices', () => {
    const rows = priceList(s, '2026-11');
    expect(rows.map((r) => [r.tld_name, r.is_idn_price])).toEqual([['jp', false], ['jp', true], ['net', false], ['co.jp', false]]);
    expect(rows[0]).toMatchObject({ register: 1848, register_normal: 3278, is_register_campaign: true, free_transfer: true });
    expect(rows[3]).toMatchObject({ transfer: null, can_transfer: false, free_transfer: false });
  });

  it('gives one top-page tile per TLD, never for the IDN price row', () => {
    const rows = priceList(s, '2026-11');
    expect(rows.filter((r) => r.top_ordinal_flg !== null).map((r) => [r.tld_name, r.is_idn_price])).toEqual([['jp', false]]);
    expect(topTiles(s, '2026-11').map((r) => r.tld_name)).toEqual(['jp']);
  });

  it('filters by category; an unknown category is empty; no category is everything', () => {
    expect(priceList(s, '2026-11', 5).map((r) => r.tld_name)).toEqual(['jp', 'jp', 'co.jp']);
    expect(priceList(s, '2026-11', 42)).toEqual([]);
    expect(priceList(s, '2026-11', null)).toHaveLength(4);
  });

  it('gives restore 0 where the TLD has no restore period', () => {
    const d = deadlineList(s, '2026-11');
    expect(d.find((r) => r.tld_name === 'jp')!.restore).toBe(0);
    expect(d.find((r) => r.tld_name === 'net')!.restore).toBe(10800);
  });

  it('finds a TLD by name with or without a dot, in any case', () => {
    expect(findTld(s, '.NET')?.id).toBe(2);
    expect(findTld(s, 'nosuch')).toBeUndefined();
  });

  it('builds a detail with derived FAQ and points, recommending other TLDs but not itself', () => {
    const d = tldDetail(s, '2026-11', 'co.jp')!;
    expect(d.detail.recommended.map((r) => r.tld_name)).toEqual(['jp']);
    expect(d.detail.faq.find((f) => f.question.includes('移管'))!.answer).toContain('受け付けていません');
    expect(tldDetail(s, '2026-11', 'jp')!.idnPrice).toMatchObject({ register: 980, is_idn_price: true });
    expect(tldDetail(s, '2026-11', 'nosuch')).toBeNull();
  });
});
