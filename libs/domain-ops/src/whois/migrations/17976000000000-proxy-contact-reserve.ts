import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A reserve of WHOIS proxy contacts made at the registry ahead of time (docs/purchase.md, ADR 0041): a registration
 * with proxy takes one (its random address and contact id become the domain's proxy identity) instead of sending a
 * contact:create on the member's critical path. A row is 'creating' until the registry has the contact, then 'ready';
 * a ready row is taken (deleted) by exactly one registration.
 */
export class ProxyContactReserve17976000000000 implements MigrationInterface {
  name = 'ProxyContactReserve17976000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE domain_ops.proxy_contact_reserve (
        registry_contact_id text PRIMARY KEY,
        email text NOT NULL UNIQUE CHECK (email = lower(email)),
        state text NOT NULL DEFAULT 'creating' CHECK (state IN ('creating', 'ready')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX proxy_contact_reserve_ready ON domain_ops.proxy_contact_reserve (created_at) WHERE state = 'ready'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE domain_ops.proxy_contact_reserve');
  }
}
