import { buildMarketSearch } from './listing.search';

describe('buildMarketSearch', () => {
  it('keeps the public predicate of the partial indexes and binds every value', () => {
    const b = buildMarketSearch({ keyword: ' Rak%ko ', tld: '.COM', priceMin: 1000, priceMax: '50000' as never, lengthMin: 3, lengthMax: 8, sort: 'price_asc', page: 2, perPage: 10 });
    expect(b.where).toBe(`status = 'active' AND NOT hidden AND domain LIKE $1 AND tld = $2 AND price >= $3 AND price <= $4 AND length >= $5 AND length <= $6`);
    expect(b.params).toEqual(['%rak\\%ko%', 'com', 1000, 50000, 3, 8]);
    expect(b.order).toBe('price ASC, id ASC');
    expect([b.limit, b.offset, b.page]).toEqual([10, 10, 2]);
  });

  it('falls back to the newest first, page 1, 20 a page for unknown or bad input', () => {
    const b = buildMarketSearch({ sort: 'drop table' as never, page: -3, perPage: 1000, priceMin: 'abc' as never });
    expect(b.where).toBe(`status = 'active' AND NOT hidden`);
    expect(b.order).toBe('created_at DESC, id DESC');
    expect([b.limit, b.offset, b.page]).toEqual([100, 0, 1]);
  });
});
