import { MigrationInterface, QueryRunner } from 'typeorm';

/** What a payment session pays for (member, purpose, domains, amount, card), to answer a double submission with the first session. */
export class PaymentSessionFingerprint1764000000000 implements MigrationInterface {
  name = 'PaymentSessionFingerprint1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders.payment_sessions ADD COLUMN fingerprint text`);
    await q.query(`CREATE INDEX payment_sessions_fingerprint_idx ON orders.payment_sessions (user_id, fingerprint, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX orders.payment_sessions_fingerprint_idx`);
    await q.query(`ALTER TABLE orders.payment_sessions DROP COLUMN fingerprint`);
  }
}
