import { MarketSearchRequest, MarketSort } from '@registrar/contracts';

const ORDER: Record<MarketSort, string> = {
  new: 'created_at DESC, id DESC',
  price_asc: 'price ASC, id ASC',
  price_desc: 'price DESC, id DESC',
  ending: 'ends_at ASC, id ASC',
  name: 'domain ASC, id ASC',
  length: 'length ASC, domain ASC, id ASC',
};

const int = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : null;
};

/**
 * A search counts at most this many matches (the page says 「10,000件以上」 beyond): an exact count of a broad search
 * over every listing is the one cost that grows with the market, and no one pages that far.
 */
export const MARKET_COUNT_CAP = 10_000;

export interface BuiltSearch {
  where: string;
  params: unknown[];
  order: string;
  limit: number;
  offset: number;
  page: number;
}

/**
 * The public search of active listings (keyword, TLD, price range, length, sort, page) as one parameterised WHERE over
 * market.listings; every public index is partial on `status = 'active' AND NOT hidden`, the same predicate as here.
 */
export function buildMarketSearch(q: MarketSearchRequest): BuiltSearch {
  const params: unknown[] = [];
  const and: string[] = [`status = 'active'`, 'NOT hidden'];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const kw = String(q.keyword ?? '').trim().toLowerCase().slice(0, 100);
  if (kw) and.push(`domain LIKE ${p(`%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
  const tld = String(q.tld ?? '').trim().toLowerCase().replace(/^\./, '');
  if (tld) and.push(`tld = ${p(tld)}`);
  const pmin = int(q.priceMin);
  const pmax = int(q.priceMax);
  if (pmin !== null) and.push(`price >= ${p(pmin)}`);
  if (pmax !== null) and.push(`price <= ${p(pmax)}`);
  const lmin = int(q.lengthMin);
  const lmax = int(q.lengthMax);
  if (lmin !== null) and.push(`length >= ${p(lmin)}`);
  if (lmax !== null) and.push(`length <= ${p(lmax)}`);
  const sort: MarketSort = q.sort && q.sort in ORDER ? q.sort : 'new';
  const perPage = Math.min(100, Math.max(1, int(q.perPage) ?? 20));
  const page = Math.min(10_000, Math.max(1, int(q.page) ?? 1));
  return { where: and.join(' AND '), params, order: ORDER[sort], limit: perPage, offset: (page - 1) * perPage, page };
}

/** The page's rows and the capped count of a built search, as two statements (run side by side). */
export function marketSearchSql(b: BuiltSearch): { rows: { sql: string; params: unknown[] }; count: { sql: string; params: unknown[] } } {
  const n = b.params.length;
  return {
    rows: { sql: `SELECT * FROM market.listings WHERE ${b.where} ORDER BY ${b.order} LIMIT $${n + 1} OFFSET $${n + 2}`, params: [...b.params, b.limit, b.offset] },
    count: { sql: `SELECT count(*)::int AS n FROM (SELECT 1 FROM market.listings WHERE ${b.where} LIMIT ${MARKET_COUNT_CAP + 1}) m`, params: b.params },
  };
}
