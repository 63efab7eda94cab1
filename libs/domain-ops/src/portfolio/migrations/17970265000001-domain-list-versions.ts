import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A version per member of everything the domain list's counts read (docs/domain-list.md "Counts"): statement-level
 * triggers on domains and domain_name_servers bump the version of every member whose rows a statement touched (both
 * owners on a move), and tld_policies bump user 0 (the grace/restore periods of the expired tab). The list caches
 * its hit counts under (member version, policy version); the row lock on the version is taken in the writing
 * transaction, so a count read after the version it is cached under never misses a committed change. A transaction
 * bumps a member's version once (later statements of it find the row already theirs), and the lock it takes is held
 * only to its commit.
 */
export class DomainListVersions17970265000001 implements MigrationInterface {
  name = 'DomainListVersions17970265000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE TABLE domain_ops.domain_list_versions (user_id bigint PRIMARY KEY, version bigint NOT NULL)');
    const bump = (from: string) => `INSERT INTO domain_ops.domain_list_versions AS v (user_id, version)
        SELECT DISTINCT u, 1 FROM (${from}) x(u) WHERE u IS NOT NULL ORDER BY u
        ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1 WHERE v.xmin <> pg_current_xact_id()::xid`;
    await q.query(`CREATE FUNCTION domain_ops.domain_list_bump_domains() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN ${bump('SELECT user_id FROM new_rows')};
        ELSIF TG_OP = 'DELETE' THEN ${bump('SELECT user_id FROM old_rows')};
        ELSE ${bump('SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows')};
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE FUNCTION domain_ops.domain_list_bump_name_servers() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN ${bump('SELECT d.user_id FROM new_rows n JOIN domain_ops.domains d ON d.id = n.domain_id')};
        ELSIF TG_OP = 'DELETE' THEN ${bump('SELECT d.user_id FROM old_rows o JOIN domain_ops.domains d ON d.id = o.domain_id')};
        ELSE ${bump('SELECT d.user_id FROM (SELECT domain_id FROM new_rows UNION SELECT domain_id FROM old_rows) n JOIN domain_ops.domains d ON d.id = n.domain_id')};
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE FUNCTION domain_ops.domain_list_bump_policies() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${bump('SELECT 0::bigint')};
        RETURN NULL;
      END $$`);
    for (const [table, fn] of [['domains', 'domain_list_bump_domains'], ['domain_name_servers', 'domain_list_bump_name_servers']]) {
      await q.query(`CREATE TRIGGER ${table}_list_version_ins AFTER INSERT ON domain_ops.${table} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION domain_ops.${fn}()`);
      await q.query(`CREATE TRIGGER ${table}_list_version_upd AFTER UPDATE ON domain_ops.${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION domain_ops.${fn}()`);
      await q.query(`CREATE TRIGGER ${table}_list_version_del AFTER DELETE ON domain_ops.${table} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION domain_ops.${fn}()`);
    }
    await q.query('CREATE TRIGGER tld_policies_list_version AFTER INSERT OR UPDATE OR DELETE ON domain_ops.tld_policies FOR EACH STATEMENT EXECUTE FUNCTION domain_ops.domain_list_bump_policies()');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER tld_policies_list_version ON domain_ops.tld_policies');
    for (const table of ['domains', 'domain_name_servers']) {
      for (const op of ['ins', 'upd', 'del']) await q.query(`DROP TRIGGER ${table}_list_version_${op} ON domain_ops.${table}`);
    }
    await q.query('DROP FUNCTION domain_ops.domain_list_bump_policies()');
    await q.query('DROP FUNCTION domain_ops.domain_list_bump_name_servers()');
    await q.query('DROP FUNCTION domain_ops.domain_list_bump_domains()');
    await q.query('DROP TABLE domain_ops.domain_list_versions');
  }
}
