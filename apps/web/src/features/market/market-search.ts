import { MARKET_SORTS, type MarketSearchRequest, type MarketSort } from '@registrar/contracts';

/** The market list's search params (the contract's search keys; the page size is the server's): the route's validation is part of the first load. */
export type MarketSearch = Omit<MarketSearchRequest, 'perPage'>;

const num = (v: unknown) => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
};
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 100) : undefined);

export function validateMarketSearch(s: Record<string, unknown>): MarketSearch {
  return {
    keyword: str(s.keyword), tld: str(s.tld), priceMin: num(s.priceMin), priceMax: num(s.priceMax), lengthMin: num(s.lengthMin), lengthMax: num(s.lengthMax),
    sort: MARKET_SORTS.includes(s.sort as MarketSort) ? (s.sort as MarketSort) : undefined, page: num(s.page) || undefined,
  };
}
