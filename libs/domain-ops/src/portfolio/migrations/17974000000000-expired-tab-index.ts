import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The expired tab (docs/domain-list.md, "Expired tab"): the live due-date index of the list carries each domain's TLD,
 * so the expired count and the page's ids (due date, then the TLD's grace + restore period) read the index alone
 * instead of one table row per expired domain. It replaces domains_user_due_live (same keys, same order, same
 * predicate), so writes keep one index, not two.
 */
export class ExpiredTabIndex17974000000000 implements MigrationInterface {
  name = 'ExpiredTabIndex17974000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX domains_user_due_tld_live ON domain_ops.domains (user_id, due_key, id) INCLUDE (tld) WHERE NOT is_trash');
    await q.query('DROP INDEX domain_ops.domains_user_due_live');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX domains_user_due_live ON domain_ops.domains (user_id, due_key, id) WHERE NOT is_trash');
    await q.query('DROP INDEX domain_ops.domains_user_due_tld_live');
  }
}
