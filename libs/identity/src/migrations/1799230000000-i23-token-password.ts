import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Security review (issue 23, finding 1): a sign-up's password travels with its own confirmation link instead of being
 * fixed on the unconfirmed account, and the undo links of e-mail and password changes keep what they restore.
 */
export class TokenPassword1799230000000 implements MigrationInterface {
  name = 'TokenPassword1799230000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE identity.email_tokens ADD COLUMN password_hash text NULL`);
    await q.query(`ALTER TABLE identity.email_tokens DROP CONSTRAINT IF EXISTS email_tokens_purpose_check`);
    await q.query(`ALTER TABLE identity.email_tokens ADD CONSTRAINT email_tokens_purpose_check CHECK (purpose IN ('confirm', 'reset', 'email_change', 'undo_email', 'undo_password'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM identity.email_tokens WHERE purpose IN ('undo_email', 'undo_password')`);
    await q.query(`ALTER TABLE identity.email_tokens DROP CONSTRAINT IF EXISTS email_tokens_purpose_check`);
    await q.query(`ALTER TABLE identity.email_tokens ADD CONSTRAINT email_tokens_purpose_check CHECK (purpose IN ('confirm', 'reset', 'email_change'))`);
    await q.query(`ALTER TABLE identity.email_tokens DROP COLUMN password_hash`);
  }
}
