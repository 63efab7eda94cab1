import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reserve contacts of a proxy mail domain no longer in use (WHOIS_PROXY_MAIL_DOMAIN changed, docs/purchase.md) are
 * deleted at the registry by the refill run: such a row becomes 'retiring' (a state no registration takes, old code
 * included) with a lease, so one run of one replica works on it at a time; a run that failed or died leaves it to the
 * next one once the lease is over. The row goes when the registry no longer has the contact.
 */
export class ProxyReserveRetiring17977000000040 implements MigrationInterface {
  name = 'ProxyReserveRetiring17977000000040';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE domain_ops.proxy_contact_reserve DROP CONSTRAINT IF EXISTS proxy_contact_reserve_state_check');
    await q.query(`ALTER TABLE domain_ops.proxy_contact_reserve
      ADD CONSTRAINT proxy_contact_reserve_state_check CHECK (state IN ('creating', 'ready', 'retiring')),
      ADD COLUMN lease_until timestamptz NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DELETE FROM domain_ops.proxy_contact_reserve WHERE state = 'retiring'");
    await q.query(`ALTER TABLE domain_ops.proxy_contact_reserve DROP CONSTRAINT proxy_contact_reserve_state_check, DROP COLUMN lease_until,
      ADD CONSTRAINT proxy_contact_reserve_state_check CHECK (state IN ('creating', 'ready'))`);
  }
}
