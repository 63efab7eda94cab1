import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who is sending a mail key right now (ADR 0046): the job that claimed it and when. A key appears in one job only
 * while it is claimed, so two jobs naming the same key (a batch and a single job, two batches) never both send it.
 */
export class MailClaims1800000000000 implements MigrationInterface {
  name = 'MailClaims1800000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE mail.sent_mails ADD COLUMN IF NOT EXISTS claimed_by text, ADD COLUMN IF NOT EXISTS claimed_at timestamptz');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE mail.sent_mails DROP COLUMN IF EXISTS claimed_by, DROP COLUMN IF EXISTS claimed_at');
  }
}
