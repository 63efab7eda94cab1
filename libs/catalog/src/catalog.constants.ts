/** The PostgreSQL schema (and the named TypeORM connection) owned by the catalog service. */
export const CATALOG_SCHEMA = 'catalog';

/** Publishes and receives catalogue change notices (a Redis connection pair). */
export const CATALOG_REDIS_PUB = Symbol('CATALOG_REDIS_PUB');
export const CATALOG_REDIS_SUB = Symbol('CATALOG_REDIS_SUB');

/**
 * TLDs whose transfer is free when eligible (002 spec §9: generic .JP and Japanese-language .JP, not co.jp):
 * a .jp transfer does not extend the expiry, so no renewal is bought with it.
 */
export const FREE_TRANSFER_TLDS: ReadonlySet<string> = new Set(['jp']);
