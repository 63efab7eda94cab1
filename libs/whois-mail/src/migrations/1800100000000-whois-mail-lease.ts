import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lease of an untreated mail (ADR 0054, n2): until when the replica that stored it (or the attempt that started it)
 * holds its processing. A batch is processed where it was stored, right after its commit, with no job; the periodic
 * sweep queues a job only for untreated mails whose lease is over (a replica that died before it processed them).
 * Null for mails stored before: their lease is their updated_at plus the lease length.
 */
export class WhoisMailLease1800100000000 implements MigrationInterface {
  name = 'WhoisMailLease1800100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE whois_mail.emails ADD COLUMN lease_until timestamptz NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE whois_mail.emails DROP COLUMN lease_until');
  }
}
