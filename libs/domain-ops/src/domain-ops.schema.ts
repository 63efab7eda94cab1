import { LIFECYCLE_MIGRATIONS, LIFECYCLE_TABLES } from './lifecycle';
import { PORTFOLIO_MIGRATIONS, PORTFOLIO_TABLES } from './portfolio';
import { REGISTRY_SYNC_MIGRATIONS, REGISTRY_SYNC_TABLES } from './registry-sync';
import { SHARED_MIGRATIONS, SHARED_TABLES } from './shared/migrations';
import { WHOIS_MIGRATIONS, WHOIS_TABLES } from './whois';

/**
 * The domain_ops schema (ADR 0036): one PostgreSQL schema, one migrations table, tables owned per feature. A feature's
 * tables and their migrations are in its folder (`<feature>/migrations`); the tables every feature writes are in
 * `shared/migrations`. Only the owner (or shared code) writes a table; any feature may read any table (the list joins
 * the orders, transfers and WHOIS state of a domain in one statement).
 */
export const DOMAIN_OPS_TABLE_OWNERS: Readonly<Record<string, readonly string[]>> = {
  shared: SHARED_TABLES,
  whois: WHOIS_TABLES,
  portfolio: PORTFOLIO_TABLES,
  lifecycle: LIFECYCLE_TABLES,
  'registry-sync': REGISTRY_SYNC_TABLES,
};

/** TypeORM's order: by the timestamp that ends each migration's class name. */
const timestampOf = (m: { name: string }) => Number(/(\d+)$/.exec(m.name)?.[1] ?? NaN);

/**
 * Every migration of the domain_ops schema, the shared ones and every feature's, in timestamp order. Never edit one
 * that has landed (an existing database has it by name in domain_ops.migrations); add a new one to the folder of the
 * feature that owns the table, with a timestamp above the last one's.
 */
export const DOMAIN_OPS_MIGRATIONS = [...SHARED_MIGRATIONS, ...WHOIS_MIGRATIONS, ...PORTFOLIO_MIGRATIONS, ...LIFECYCLE_MIGRATIONS, ...REGISTRY_SYNC_MIGRATIONS]
  .sort((a, b) => timestampOf(a) - timestampOf(b));
