import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `stale_since` of a reserve contact: when a run of another WHOIS_PROXY_MAIL_DOMAIN's setting first found the row; a
 * run of the row's own setting clears it; a row is retired only once stale for PROXY_RESERVE_RETIRE_GRACE_S, so that
 * during a rolling change of the setting no replica deletes the contacts the others hand out (ADR 0045). A row of
 * another mail domain already there starts its grace at the first run after this migration.
 */
export class ProxyReserveStaleSince17977000000045 implements MigrationInterface {
  name = 'ProxyReserveStaleSince17977000000045';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE domain_ops.proxy_contact_reserve ADD COLUMN IF NOT EXISTS stale_since timestamptz NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE domain_ops.proxy_contact_reserve DROP COLUMN IF EXISTS stale_since');
  }
}
