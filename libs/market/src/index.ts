export * from './market.module';
export * from './market.config';
export * from './migrations';
export { buildMarketSearch, MARKET_COUNT_CAP, marketRowsNeeded, marketSearchSql } from './listings/listing.search';
export { tradeKeys } from './trades/trade.service';
