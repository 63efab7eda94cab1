import { MigrationInterface, QueryRunner } from 'typeorm';

/** The audit log of admin actions (issue 16): who, what, on what, before and after, with the answer's status. */
export class AdminAuditLog1795433231040 implements MigrationInterface {
  name = 'AdminAuditLog1795433231040';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE identity.admin_audit_log (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        admin_id bigint NOT NULL,
        admin_role smallint NOT NULL,
        action text NOT NULL,
        method text NOT NULL,
        path text NOT NULL,
        target text,
        request jsonb NOT NULL DEFAULT '{}',
        before jsonb,
        after jsonb,
        status integer NOT NULL,
        ip text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX admin_audit_log_created_idx ON identity.admin_audit_log (created_at DESC)`);
    await q.query(`CREATE INDEX admin_audit_log_admin_idx ON identity.admin_audit_log (admin_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE identity.admin_audit_log`);
  }
}
