import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The domain list (001 spec §2, §3): the fields of a domain the list shows and filters on, the estimated search
 * inflow and its monthly history, a local copy of each TLD's grace and restore periods (so the expired statuses are
 * one indexed query in this schema, with no cross-schema join), the action log's code and result, and the indexes
 * the list's filter + sort + page queries use (docs/domain-list.md has the plans).
 */
export class DomainList1795610000000 implements MigrationInterface {
  name = 'DomainList1795610000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
    await q.query(`
      ALTER TABLE domain_ops.domains
        ADD COLUMN IF NOT EXISTS admin_lock_status smallint NOT NULL DEFAULT 0,
        ADD COLUMN IF NOT EXISTS authcode_obtained_at timestamptz NULL,
        ADD COLUMN influx integer NOT NULL DEFAULT 0 CHECK (influx >= 0)`);
    // the list: (member, trash) then the sort key, id as the tie-breaker; keyword search by trigram
    await q.query('DROP INDEX IF EXISTS domain_ops.domains_user');
    await q.query('CREATE INDEX domains_user_due ON domain_ops.domains (user_id, due_date, id)');
    await q.query('CREATE INDEX domains_user_name ON domain_ops.domains (user_id, name, id)');
    await q.query('CREATE INDEX domains_user_created ON domain_ops.domains (user_id, created_at, id)');
    await q.query('CREATE INDEX domains_user_influx ON domain_ops.domains (user_id, influx, id)');
    await q.query('CREATE INDEX domains_name_trgm ON domain_ops.domains USING gin (name public.gin_trgm_ops, punycode public.gin_trgm_ops)');
    await q.query('CREATE INDEX domains_reg_contact ON domain_ops.domains (reg_contact_id) WHERE reg_contact_id IS NOT NULL');
    await q.query('CREATE INDEX domain_name_servers_name ON domain_ops.domain_name_servers (name)');
    await q.query(`
      CREATE TABLE domain_ops.domain_influx_histories (
        domain_id bigint NOT NULL REFERENCES domain_ops.domains(id) ON DELETE CASCADE,
        month date NOT NULL,
        influx integer NOT NULL CHECK (influx >= 0),
        PRIMARY KEY (domain_id, month)
      )`);
    await q.query(`
      CREATE TABLE domain_ops.tld_policies (
        tld text PRIMARY KEY,
        grace_period smallint NOT NULL,
        restore_period smallint NOT NULL,
        can_lock boolean NOT NULL,
        can_proxy boolean NOT NULL,
        renewal_deadline text NOT NULL DEFAULT '',
        synced_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      ALTER TABLE domain_ops.action_logs
        ADD COLUMN action_id integer NULL,
        ADD COLUMN result jsonb NULL`);
    await q.query('CREATE INDEX action_logs_user_created ON domain_ops.action_logs (user_id, created_at DESC, id DESC)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX domain_ops.action_logs_user_created');
    await q.query('ALTER TABLE domain_ops.action_logs DROP COLUMN action_id, DROP COLUMN result');
    await q.query('DROP TABLE domain_ops.tld_policies');
    await q.query('DROP TABLE domain_ops.domain_influx_histories');
    for (const i of ['domain_name_servers_name', 'domains_reg_contact', 'domains_name_trgm', 'domains_user_influx', 'domains_user_created', 'domains_user_name', 'domains_user_due']) {
      await q.query(`DROP INDEX domain_ops.${i}`);
    }
    await q.query('CREATE INDEX domains_user ON domain_ops.domains (user_id)');
    await q.query('ALTER TABLE domain_ops.domains DROP COLUMN influx');
  }
}
