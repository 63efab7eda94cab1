import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A registration ends for the member once the domain is created, recorded and paid; the default lock
 * (clientTransferProhibited) is applied right after by its own job (docs/purchase.md, ADR 0041). While it runs the
 * domain says so ('applying', shown as 設定中), and a lock that failed for good says that ('failed', with the reason),
 * instead of showing a lock the registry does not have. `follow_up_due` marks a domain whose follow-up (ROID, and the
 * lock when `follow_up_lock`) is still to run: the follow-up jobs take due domains a few at a time (a lease of a
 * minute), retry them with a backoff (`follow_up_attempts`) and clear it.
 */
export class RegistrationLockState17976000000001 implements MigrationInterface {
  name = 'RegistrationLockState17976000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE domain_ops.domains
      ADD COLUMN lock_state text NULL CHECK (lock_state IN ('applying', 'failed')),
      ADD COLUMN lock_error text NULL,
      ADD COLUMN follow_up_lock boolean NULL,
      ADD COLUMN follow_up_due timestamptz NULL,
      ADD COLUMN follow_up_attempts smallint NOT NULL DEFAULT 0`);
    // the registrations' follow-ups still to run (a handful at a time): due first
    await q.query('CREATE INDEX domains_follow_up_due ON domain_ops.domains (follow_up_due) WHERE follow_up_due IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX domain_ops.domains_follow_up_due');
    await q.query('ALTER TABLE domain_ops.domains DROP COLUMN lock_state, DROP COLUMN lock_error, DROP COLUMN follow_up_lock, DROP COLUMN follow_up_due, DROP COLUMN follow_up_attempts');
  }
}
