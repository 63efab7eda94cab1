import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A registration ends for the member once the domain is created, recorded and paid; the default lock
 * (clientTransferProhibited) is applied right after by its own job (docs/purchase.md, ADR 0041). While it runs the
 * domain says so ('applying', shown as 設定中), and a lock that failed for good says that ('failed', with the reason),
 * instead of showing a lock the registry does not have.
 */
export class RegistrationLockState17976000000001 implements MigrationInterface {
  name = 'RegistrationLockState17976000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE domain_ops.domains
      ADD COLUMN lock_state text NULL CHECK (lock_state IN ('applying', 'failed')),
      ADD COLUMN lock_error text NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE domain_ops.domains DROP COLUMN lock_state, DROP COLUMN lock_error');
  }
}
