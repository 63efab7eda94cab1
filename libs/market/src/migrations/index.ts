import { MarketInit17973000000000 } from './17973000000000-market-init';
import { MarketPayDisputes17975000000000 } from './17975000000000-market-pay-disputes';

export const MARKET_SCHEMA = 'market';

/** Every migration of the market schema, in order. Never edit one that has landed; add a new one. */
export const MARKET_MIGRATIONS = [MarketInit17973000000000, MarketPayDisputes17975000000000];
