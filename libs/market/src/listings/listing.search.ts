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
 * A search counts at most this many matches (the page says 「1,000件以上」 beyond, 50 pages of 20): an exact count of a
 * broad search over every listing is the one cost that grows with the market (a keyword matching 10% of 100,000
 * listings took 61 ms to count to 10,000 and takes a tenth of that to 1,000), and no one pages that far.
 */
export const MARKET_COUNT_CAP = 1_000;

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

/**
 * The statements of a built search, run one after the other (ListingService.search, and the bench's raw SQL): first the
 * capped count; then, unless nothing matched or the page is past the matches, the page's rows. When the count is under
 * the cap the matches are few, so they are gathered through the filters' indexes (trigram, TLD, price) and sorted
 * (a materialised CTE: the planner may not walk a sort's index hoping to meet sparse matches, which read 12,500 rows
 * for a keyword and TLD that matched nothing); a capped count means dense matches, and the sort's own partial index
 * finds a page at once.
 */
export function marketSearchSql(b: BuiltSearch, counted: number | null = null): { rows: { sql: string; params: unknown[] }; count: { sql: string; params: unknown[] } } {
  const n = b.params.length;
  const few = counted !== null && counted <= MARKET_COUNT_CAP;
  const rows = few
    ? `WITH m AS MATERIALIZED (SELECT * FROM market.listings WHERE ${b.where}) SELECT * FROM m ORDER BY ${b.order} LIMIT $${n + 1} OFFSET $${n + 2}`
    : `SELECT * FROM market.listings WHERE ${b.where} ORDER BY ${b.order} LIMIT $${n + 1} OFFSET $${n + 2}`;
  return {
    rows: { sql: rows, params: [...b.params, b.limit, b.offset] },
    count: { sql: `SELECT count(*)::int AS n FROM (SELECT 1 FROM market.listings WHERE ${b.where} LIMIT ${MARKET_COUNT_CAP + 1}) m`, params: b.params },
  };
}

/** Whether the rows statement is needed at all after the count (nothing matched, or the page lies past the matches). */
export const marketRowsNeeded = (b: BuiltSearch, counted: number) => counted > 0 && b.offset < counted;
