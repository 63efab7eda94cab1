import { MarketInit17973000000000 } from './17973000000000-market-init';
import { MarketPayDisputes17975000000000 } from './17975000000000-market-pay-disputes';
import { MarketOfferPay17976000000000 } from './17976000000000-market-offer-pay';

export const MARKET_SCHEMA = 'market';

/** Every migration of the market schema, in order. Never edit one that has landed; add a new one. */
export const MARKET_MIGRATIONS = [MarketInit17973000000000, MarketPayDisputes17975000000000, MarketOfferPay17976000000000];
