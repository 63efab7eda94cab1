import { toCsv } from '@registrar/csv';
import { parseTldCategoryCsv, parseTldCsv, parseTldPriceCsv, tldPunycode } from './import-rows';
import { TLD_CATEGORY_COLUMNS, TLD_COLUMNS, TLD_PRICE_COLUMNS } from './master-data.columns';

const tld = (o: Record<string, unknown> = {}) => ({
  tld_name: 'com', meaning: '商業', description: '説明', requirements: '', is_cctld: 0, is_idn: 1, can_proxy: 1, can_lock: 1, can_transfer: 1,
  minimum_years: 1, registration_unit: 1, renewal_deadline: '有効期限日の前日まで', grace_period: 30, restore_period: 30, ordinal: 10, top_ordinal_flg: 1, ...o,
});
const price = (o: Record<string, unknown> = {}) => ({
  tld_name: 'com', effective_month: '2026-11', is_idn_price: 0, register: 1078, renew: 1738, transfer: 1738, restore: 10538,
  register_normal: 1738, renew_normal: '', transfer_normal: '', is_register_campaign: 1, is_register_special: 0, is_renew_campaign: 0,
  is_renew_special: 0, is_transfer_campaign: 0, is_transfer_special: 0, ...o,
});

describe(parseTldCsv.name, () => {
  it('reads a valid row into typed values', () => {
    const r = parseTldCsv(toCsv(TLD_COLUMNS, [tld(), tld({ tld_name: 'コム', requirements: '条件', top_ordinal_flg: '' })]));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.rows[0]).toMatchObject({ tld_name: 'com', tld_name_punycode: 'com', is_cctld: false, is_idn: true, minimum_years: 1, top_ordinal_flg: 1, requirements: null });
    expect(r.rows[1]).toMatchObject({ tld_name: 'コム', tld_name_punycode: 'xn--tckwe', requirements: '条件', top_ordinal_flg: null });
  });

  it('reports every problem with its row and column', () => {
    const r = parseTldCsv(toCsv(TLD_COLUMNS, [
      tld({ tld_name: 'COM', is_idn: 2 }),
      tld({ tld_name: 'net', minimum_years: 3, registration_unit: 2, grace_period: -1 }),
      tld({ tld_name: 'net', meaning: '' }),
    ]));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      '2行目 tld_name: TLD名が正しくありません（COM）',
      '2行目 is_idn: 0または1で入力してください（2）',
      '3行目 minimum_years: 登録単位（2年）の倍数で入力してください（3）',
      '3行目 grace_period: 0以上で入力してください（-1）',
      '4行目 tld_name: 3行目と重複しています（net）',
      '4行目 meaning: 必須項目です',
    ]);
  });

  it('refuses a file without its columns or rows', () => {
    expect(parseTldCsv('tld_name\ncom\n')).toEqual({ ok: false, errors: [expect.stringContaining('列がありません: meaning')] });
    expect(parseTldCsv(TLD_COLUMNS.join(',') + '\n')).toEqual({ ok: false, errors: ['データ行がありません'] });
  });
});

describe(parseTldPriceCsv.name, () => {
  const known = new Set(['com', 'jp']);

  it('fills the normal price from the price when it is empty', () => {
    const r = parseTldPriceCsv(toCsv(TLD_PRICE_COLUMNS, [price()]), known);
    expect(r.ok && r.rows[0]).toMatchObject({ register: 1078, register_normal: 1738, renew_normal: 1738, transfer_normal: 1738, is_register_campaign: true });
  });

  it('refuses unknown TLDs, bad months, duplicates, campaign above normal and campaign with special', () => {
    const r = parseTldPriceCsv(toCsv(TLD_PRICE_COLUMNS, [
      price({ tld_name: 'nosuch' }),
      price({ effective_month: '2026-13' }),
      price({ register: 2000 }),
      price({ is_register_special: 1 }),
      price({ tld_name: 'jp', register: 'abc' }),
      price({ tld_name: 'jp', register: 10 }),
    ]), known);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      '2行目 tld_name: 登録されていないTLDです（nosuch）。先にTLDをインポートしてください',
      '3行目 effective_month: YYYY-MM形式で入力してください（2026-13）',
      '4行目 register: キャンペーン価格（2000）が通常価格（1738）より高くなっています',
      '5行目 tld_name: 4行目と重複しています（com 2026-11）',
      '5行目 is_register_campaign: キャンペーン価格と特別価格は同時に設定できません',
      '6行目 register: 整数で入力してください（abc）',
      '6行目 register: キャンペーン・特別価格の行は価格が必須です',
      '7行目 tld_name: 6行目と重複しています（jp 2026-11）',
    ]);
  });
});

describe(parseTldCategoryCsv.name, () => {
  it('refuses a category whose name differs between rows and a duplicate link', () => {
    const r = parseTldCategoryCsv(toCsv(TLD_CATEGORY_COLUMNS, [
      { category_id: 1, category_name: '人気', category_ordinal: 10, tld_name: 'com' },
      { category_id: 1, category_name: '人気！', category_ordinal: 10, tld_name: 'jp' },
      { category_id: 1, category_name: '人気', category_ordinal: 10, tld_name: 'com' },
    ]), new Set(['com', 'jp']));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual(['3行目 category_name: カテゴリID 1 の名前または並び順が2行目と異なります', '4行目 tld_name: 2行目と重複しています（カテゴリID 1、com）']);
  });
});

describe(tldPunycode.name, () => {
  it.each([['com', 'com'], ['co.jp', 'co.jp'], ['みんな', 'xn--q9jyb4c'], ['Com', null], ['.com', null], ['a_b', null], ['', null]])('%s -> %s', (name, ascii) => {
    expect(tldPunycode(name)).toBe(ascii);
  });
});
