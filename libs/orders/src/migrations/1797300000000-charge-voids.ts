import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Charges their purchase gave up (docs/payments.md, "Abandoned purchases"): a spend key written here is refused when
 * its spend arrives later. Rows are written and read under the member's balance-row lock, so a spend and the void of
 * its key are serialised: either the spend came first (and the void refunds it) or it is refused.
 */
export class ChargeVoids1797300000000 implements MigrationInterface {
  name = 'ChargeVoids1797300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE orders.voided_charges (
        spend_key text PRIMARY KEY,
        user_id bigint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // the reconciler's look for spends without a refund
    await q.query(`CREATE INDEX point_entries_spend_created ON orders.point_entries (created_at) WHERE kind = 'spend'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX orders.point_entries_spend_created');
    await q.query('DROP TABLE orders.voided_charges');
  }
}
