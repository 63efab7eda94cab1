import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The domain list's "valid" filter and due-date sort as index ranges (docs/domain-list.md): `due_key` is the due date
 * with a pending domain's missing one as +infinity, so "not expired" is `due_key >= today` (no OR IS NULL), and the
 * list's usual query (member, not trashed, by due date or name) reads partial indexes of the live domains.
 */
export class DomainListDueKey1795620000000 implements MigrationInterface {
  name = 'DomainListDueKey1795620000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE domain_ops.domains ADD COLUMN due_key timestamptz GENERATED ALWAYS AS (coalesce(due_date, 'infinity'::timestamptz)) STORED`);
    await q.query('DROP INDEX IF EXISTS domain_ops.domains_user_due');
    await q.query('CREATE INDEX domains_user_due ON domain_ops.domains (user_id, due_key, id)');
    await q.query('CREATE INDEX domains_user_due_live ON domain_ops.domains (user_id, due_key, id) WHERE NOT is_trash');
    await q.query('CREATE INDEX domains_user_name_live ON domain_ops.domains (user_id, name, id) WHERE NOT is_trash');
    // the CSV export reads keyset chunks by id
    await q.query('CREATE INDEX domains_user_id ON domain_ops.domains (user_id, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX domain_ops.domains_user_id');
    await q.query('DROP INDEX domain_ops.domains_user_name_live');
    await q.query('DROP INDEX domain_ops.domains_user_due_live');
    await q.query('DROP INDEX domain_ops.domains_user_due');
    await q.query('ALTER TABLE domain_ops.domains DROP COLUMN due_key');
    await q.query('CREATE INDEX domains_user_due ON domain_ops.domains (user_id, due_date, id)');
  }
}
