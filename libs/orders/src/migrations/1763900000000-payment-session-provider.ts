import { MigrationInterface, QueryRunner } from 'typeorm';

/** Payment sessions paid through the wallet as well as the card: which provider, and the wallet's order id. */
export class PaymentSessionProvider1763900000000 implements MigrationInterface {
  name = 'PaymentSessionProvider1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders.payment_sessions ADD COLUMN provider text NOT NULL DEFAULT 'card' CHECK (provider IN ('card', 'wallet'))`);
    await q.query(`ALTER TABLE orders.payment_sessions ADD COLUMN provider_ref text UNIQUE`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders.payment_sessions DROP COLUMN provider_ref`);
    await q.query(`ALTER TABLE orders.payment_sessions DROP COLUMN provider`);
  }
}
