export * from './market.module';
export * from './market.config';
export * from './migrations';
export { buildMarketSearch } from './listings/listing.search';
export { tradeKeys } from './trades/trade.service';
