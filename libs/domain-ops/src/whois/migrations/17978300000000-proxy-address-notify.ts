import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every change that may alter a FindDomainByProxyAddress answer (the address's row in `proxy_identities`, or the
 * domain row it joins: its id, member, name, punycode, proxy flag, or the row itself deleted) sends a PostgreSQL
 * NOTIFY on `domain_ops_proxy_address` with the address, delivered at the commit (nothing for a rolled-back change);
 * TRUNCATE of either table sends `*`. Each domain-ops process listens and relays it to whois-mail's replicas over Redis
 * (ProxyAddressRelay, ADR 0056), which drop the answer they kept. A new address (INSERT) needs none: an address
 * unknown to a replica is always asked of domain-ops, and `domains.punycode` is unique, so a new domain row cannot
 * change an answer already given.
 */
export class ProxyAddressNotify17978300000000 implements MigrationInterface {
  name = 'ProxyAddressNotify17978300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION domain_ops.proxy_identity_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('domain_ops_proxy_address', OLD.email);
        IF TG_OP = 'UPDATE' AND NEW.email IS DISTINCT FROM OLD.email THEN PERFORM pg_notify('domain_ops_proxy_address', NEW.email); END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE OR REPLACE FUNCTION domain_ops.proxy_domain_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE e text;
      BEGIN
        -- NEW is null on DELETE; the primary key answers both names (an index look-up per changed row)
        FOR e IN SELECT p.email FROM domain_ops.proxy_identities p WHERE p.punycode = ANY (ARRAY[OLD.punycode, NEW.punycode]) LOOP
          PERFORM pg_notify('domain_ops_proxy_address', e);
        END LOOP;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE OR REPLACE FUNCTION domain_ops.proxy_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('domain_ops_proxy_address', '*');
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER proxy_identities_changed AFTER UPDATE OR DELETE ON domain_ops.proxy_identities
      FOR EACH ROW EXECUTE FUNCTION domain_ops.proxy_identity_changed()`);
    await q.query(`CREATE TRIGGER proxy_identities_truncated AFTER TRUNCATE ON domain_ops.proxy_identities
      FOR EACH STATEMENT EXECUTE FUNCTION domain_ops.proxy_all_changed()`);
    await q.query(`CREATE TRIGGER domains_proxy_changed AFTER UPDATE OF id, user_id, name, punycode, is_whois_proxy_enabled ON domain_ops.domains
      FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.name IS DISTINCT FROM NEW.name
        OR OLD.punycode IS DISTINCT FROM NEW.punycode OR OLD.is_whois_proxy_enabled IS DISTINCT FROM NEW.is_whois_proxy_enabled)
      EXECUTE FUNCTION domain_ops.proxy_domain_changed()`);
    await q.query(`CREATE TRIGGER domains_proxy_deleted AFTER DELETE ON domain_ops.domains
      FOR EACH ROW EXECUTE FUNCTION domain_ops.proxy_domain_changed()`);
    await q.query(`CREATE TRIGGER domains_proxy_truncated AFTER TRUNCATE ON domain_ops.domains
      FOR EACH STATEMENT EXECUTE FUNCTION domain_ops.proxy_all_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER IF EXISTS domains_proxy_truncated ON domain_ops.domains');
    await q.query('DROP TRIGGER IF EXISTS domains_proxy_deleted ON domain_ops.domains');
    await q.query('DROP TRIGGER IF EXISTS domains_proxy_changed ON domain_ops.domains');
    await q.query('DROP TRIGGER IF EXISTS proxy_identities_truncated ON domain_ops.proxy_identities');
    await q.query('DROP TRIGGER IF EXISTS proxy_identities_changed ON domain_ops.proxy_identities');
    await q.query('DROP FUNCTION IF EXISTS domain_ops.proxy_all_changed()');
    await q.query('DROP FUNCTION IF EXISTS domain_ops.proxy_domain_changed()');
    await q.query('DROP FUNCTION IF EXISTS domain_ops.proxy_identity_changed()');
  }
}
