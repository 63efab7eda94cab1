import fs from 'node:fs';
import path from 'node:path';
import { parseTldCategoryCsv, parseTldCsv, parseTldPriceCsv } from './import-rows';

const MASTER = path.resolve(__dirname, '../../../../data/master');
const read = (f: string) => fs.readFileSync(path.join(MASTER, f), 'utf8');

/** The bundled master data (data/master), as the import reads it. */
describe('bundled master data', () => {
  const tlds = parseTldCsv(read('tld.csv'));
  const names = new Set(tlds.ok ? tlds.rows.map((r) => r.tld_name) : []);

  it('has about 430 valid TLDs including the whole .jp family and Japanese IDN TLDs', () => {
    expect(tlds.ok).toBe(true);
    expect(names.size).toBe(430);
    for (const n of ['jp', 'co.jp', 'or.jp', 'ne.jp', 'ac.jp', 'ad.jp', 'ed.jp', 'go.jp', 'gr.jp', 'lg.jp', 'コム', 'みんな', 'クラウド', 'ストア', 'セール', 'ファッション', 'ポイント', '書籍', '在线']) {
      expect(names).toContain(n);
    }
    expect([...names].filter((n) => /^[a-z]+\.jp$/.test(n) && !['co', 'or', 'ne', 'ac', 'ad', 'ed', 'go', 'gr', 'lg'].includes(n.split('.')[0]))).toHaveLength(47);
  });

  it('has valid prices for every TLD in the current and the next month, and valid categories', () => {
    const prices = parseTldPriceCsv(read('tld_price.csv'), names);
    const cats = parseTldCategoryCsv(read('tld_category.csv'), names);
    expect(prices.ok && cats.ok).toBe(true);
    if (!prices.ok || !cats.ok) return;
    for (const month of ['2026-11', '2026-12']) {
      const priced = new Set(prices.rows.filter((p) => p.effective_month === month && !p.is_idn_price).map((p) => p.tld_name));
      expect(priced.size).toBe(430);
    }
    const jpIdn = prices.rows.filter((p) => p.tld_name === 'jp' && p.is_idn_price);
    expect(jpIdn).toHaveLength(2);
    expect(new Set(cats.rows.map((c) => c.tld_name)).size).toBe(430);
  });
});
