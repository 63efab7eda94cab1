import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Auto-renew in batches (docs/renewal-lifecycle.md, "Auto-renew"; ADR 0028): the daily sweep renews one member's
 * due domains as one renewal of up to 100 items, so the renewal's key no longer names one domain. Each item of an
 * auto-renewal carries the expiry day it renews from (Tokyo), unique per domain: a domain is tried at most once per
 * expiry day, as the old per-domain key `auto:{domainId}:{expiry day}` guaranteed, and a second sweep (a rerun, a
 * retried job, another replica) that tries the same domain again fails its insert instead of charging twice.
 * Each item (of a renewal, and of a registration order) also keeps the balance its charge left (the ledger answers it with the spend), which the member's history
 * line shows when the registry has renewed it, instead of asking the ledger once more per domain.
 */
export class AutoRenewClaim17975000000000 implements MigrationInterface {
  name = 'AutoRenewClaim17975000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE domain_ops.renewal_order_items ADD COLUMN auto_due_day date, ADD COLUMN spent_balance_after integer');
    await q.query('ALTER TABLE domain_ops.registration_order_items ADD COLUMN spent_balance_after integer');
    await q.query('CREATE UNIQUE INDEX renewal_items_auto_due ON domain_ops.renewal_order_items (domain_id, auto_due_day) WHERE auto_due_day IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX domain_ops.renewal_items_auto_due');
    await q.query('ALTER TABLE domain_ops.registration_order_items DROP COLUMN spent_balance_after');
    await q.query('ALTER TABLE domain_ops.renewal_order_items DROP COLUMN auto_due_day, DROP COLUMN spent_balance_after');
  }
}
