import { buildMarketSearch, MARKET_COUNT_CAP, marketRowsNeeded, marketSearchSql } from './listing.search';

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

describe('marketSearchSql', () => {
  const b = buildMarketSearch({ keyword: 'shop', tld: 'jp', sort: 'price_desc', page: 3 });
  it('counts at most one past the cap, whatever the search', () => {
    expect(marketSearchSql(b).count.sql).toContain(`LIMIT ${MARKET_COUNT_CAP + 1}`);
  });
  it('reads few matches through the filters (a materialised CTE, then sorted), many through the sort\'s index', () => {
    expect(marketSearchSql(b, 120).rows.sql).toMatch(/^WITH m AS MATERIALIZED \(SELECT \* FROM market\.listings WHERE .*\) SELECT \* FROM m ORDER BY price DESC, id DESC LIMIT \$3 OFFSET \$4$/);
    expect(marketSearchSql(b, MARKET_COUNT_CAP + 1).rows.sql).toMatch(/^SELECT \* FROM market\.listings WHERE .* ORDER BY price DESC, id DESC LIMIT \$3 OFFSET \$4$/);
    expect(marketSearchSql(b, 120).rows.params).toEqual(['%shop%', 'jp', 20, 40]);
  });
  it('skips the rows when nothing matched or the page is past the matches', () => {
    expect([marketRowsNeeded(b, 0), marketRowsNeeded(b, 40), marketRowsNeeded(b, 41)]).toEqual([false, false, true]);
  });
});
