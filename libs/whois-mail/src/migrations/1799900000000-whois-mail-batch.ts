import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The batch a mail was stored in (the first id of the statement that stored it; ADR 0044): its processing job is the
 * batch's, so the boot sweep queues an untreated mail again under the same job id as its batch (never a second job
 * for a mail still queued). Null for mails stored before: their job was their own (batch = id).
 */
export class WhoisMailBatch1799900000000 implements MigrationInterface {
  name = 'WhoisMailBatch1799900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE whois_mail.emails ADD COLUMN batch_id bigint NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE whois_mail.emails DROP COLUMN batch_id');
  }
}
