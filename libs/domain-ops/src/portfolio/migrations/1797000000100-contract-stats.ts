import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the contract stats (002 §3 "Stats row") need beyond the row's dates: how we got the domain (registration,
 * transfer-in, admin import; NULL = read from order_item_id) and how it ended (transfer-out, or deleted after expiry;
 * NULL with a due date past grace + restore = deleted after expiry). docs/contract-stats.md.
 */
export class ContractStats1797000000100 implements MigrationInterface {
  name = 'ContractStats1797000000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE domain_ops.domains
        ADD COLUMN acquired_via text NULL CHECK (acquired_via IN ('register', 'transfer_in', 'import')),
        ADD COLUMN ended_at timestamptz NULL,
        ADD COLUMN ended_reason text NULL CHECK (ended_reason IN ('expired_delete', 'transfer_out')),
        ADD CONSTRAINT domains_ended_both CHECK ((ended_at IS NULL) = (ended_reason IS NULL))`);
    await q.query('CREATE INDEX domains_created_at ON domain_ops.domains (created_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX domain_ops.domains_created_at');
    await q.query('ALTER TABLE domain_ops.domains DROP CONSTRAINT domains_ended_both, DROP COLUMN ended_reason, DROP COLUMN ended_at, DROP COLUMN acquired_via');
  }
}
