import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A payment session may buy the points of a domain-market purchase (docs/market.md, "Paying by card or wallet"): the
 * purpose 'market' joins create, renew and transfer; such a session is keyed by its trade (fingerprint `key:market-trade-{id}`).
 */
export class PaymentSessionMarket1797500000000 implements MigrationInterface {
  name = 'PaymentSessionMarket1797500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE orders.payment_sessions DROP CONSTRAINT IF EXISTS payment_sessions_purpose_check');
    await q.query(`ALTER TABLE orders.payment_sessions ADD CONSTRAINT payment_sessions_purpose_check CHECK (purpose IN ('create', 'renew', 'transfer', 'market'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE orders.payment_sessions DROP CONSTRAINT IF EXISTS payment_sessions_purpose_check');
    await q.query(`ALTER TABLE orders.payment_sessions ADD CONSTRAINT payment_sessions_purpose_check CHECK (purpose IN ('create', 'renew', 'transfer'))`);
  }
}
