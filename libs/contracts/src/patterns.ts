/**
 * Message patterns of the request/response calls between the gateway and the services
 * (@nestjs/microservices over Redis). Never write these strings anywhere else.
 */
export const CatalogPatterns = {
  /** PriceSearchRequest -> PriceSearchResult */
  PriceSearch: 'catalog.price.search',
  /** DeadlineSearchRequest -> DeadlineSearchResult */
  DeadlineSearch: 'catalog.deadline.search',
  /** TldDetailRequest -> TldDetailResult (found false for an unknown TLD) */
  TldDetail: 'catalog.tld.detail',
  /** void -> CategoryDto[] */
  Categories: 'catalog.categories',
  /** void -> TldPriceDto[] the top page's tiles (rows with a top_ordinal_flg, ascending) */
  TopTiles: 'catalog.top.tiles',
  /** CatalogImportRequest -> CatalogImportResult */
  Import: 'catalog.import',
  /** void -> NextMonthPricesResult: next month's prices exist */
  NextMonthPricesExist: 'catalog.price.next-month-exists',
  /** void -> TldSummaryDto[] every TLD with its policy and current price */
  AllTlds: 'catalog.tld.all',
} as const;

export type CatalogPattern = (typeof CatalogPatterns)[keyof typeof CatalogPatterns];
