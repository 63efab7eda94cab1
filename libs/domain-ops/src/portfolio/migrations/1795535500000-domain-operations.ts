import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Domain operations (issue 11, docs/domain-operations.md): every request of the list's modals is an operation run
 * with one item per domain (the per-domain result rows the modal polls); moves between accounts by e-mail wait as
 * move requests; the admin lock of a domain blocks every operation.
 */
export class DomainOperations1795535500000 implements MigrationInterface {
  name = 'DomainOperations1795535500000';

  async up(q: QueryRunner): Promise<void> {
    // the domain list (issue 10) adds these too; whichever runs first creates them
    await q.query('ALTER TABLE domain_ops.domains ADD COLUMN IF NOT EXISTS admin_lock_status smallint NOT NULL DEFAULT 0');
    await q.query('ALTER TABLE domain_ops.domains ADD COLUMN IF NOT EXISTS authcode_obtained_at timestamptz NULL');
    await q.query(`
      CREATE TABLE domain_ops.operation_runs (
        id uuid PRIMARY KEY,
        user_id bigint NOT NULL,
        kind text NOT NULL,
        params jsonb NOT NULL,
        total integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz NULL
      )`);
    await q.query('CREATE INDEX operation_runs_user ON domain_ops.operation_runs (user_id, created_at DESC)');
    await q.query(`
      CREATE TABLE domain_ops.operation_items (
        run_id uuid NOT NULL REFERENCES domain_ops.operation_runs(id) ON DELETE CASCADE,
        domain_id bigint NOT NULL,
        position integer NOT NULL,
        name text NOT NULL,
        idn text NOT NULL,
        status text NOT NULL CHECK (status IN ('queued', 'processing', 'success', 'accepted', 'error')),
        message text NULL,
        params jsonb NULL,
        secret text NULL,
        attempts integer NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (run_id, domain_id)
      )`);
    await q.query(`
      CREATE TABLE domain_ops.move_requests (
        id bigserial PRIMARY KEY,
        domain_id bigint NOT NULL REFERENCES domain_ops.domains(id) ON DELETE CASCADE,
        from_user_id bigint NOT NULL,
        to_email text NOT NULL,
        auto_update boolean NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'accepted', 'cancelled', 'expired')),
        request_date timestamptz NOT NULL,
        ended_at timestamptz NULL,
        to_user_id bigint NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX move_requests_one_pending ON domain_ops.move_requests (domain_id) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX move_requests_to ON domain_ops.move_requests (lower(to_email)) WHERE status = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE domain_ops.move_requests');
    await q.query('DROP TABLE domain_ops.operation_items');
    await q.query('DROP TABLE domain_ops.operation_runs');
  }
}
