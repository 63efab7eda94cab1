/**
 * The sort keys of the catalogue tables, apart from the tables: the routes' search validation (part of every page's
 * first load) needs only these, not the tables' code (docs/web-public-pages.md, "First load").
 */
export const PRICE_SORT_KEYS = ['name', 'register', 'renew', 'transfer', 'proxy'] as const;
export type PriceSortKey = (typeof PRICE_SORT_KEYS)[number];

export const DEADLINE_SORT_KEYS = ['name', 'deadline', 'grace', 'restorePeriod', 'restore'] as const;
export type DeadlineSortKey = (typeof DEADLINE_SORT_KEYS)[number];
