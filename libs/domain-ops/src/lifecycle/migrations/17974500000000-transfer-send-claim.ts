import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A transfer-in's request to the registry is claimed before it is sent (issue 22, ADR 0027): the money reconciler
 * gives up a transfer-in still "requesting" past CHARGING_DEADLINE_S only while nobody has claimed its send, and asks
 * the registry about one whose send was claimed, so the request path and the reconciler never both act on it.
 */
export class TransferSendClaim17974500000000 implements MigrationInterface {
  name = 'TransferSendClaim17974500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE domain_ops.transfer_ins ADD COLUMN send_claimed_at timestamptz NULL');
    await q.query(`CREATE INDEX transfer_ins_requesting ON domain_ops.transfer_ins (requested_at) WHERE status = 'requesting'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX domain_ops.transfer_ins_requesting');
    await q.query('ALTER TABLE domain_ops.transfer_ins DROP COLUMN send_claimed_at');
  }
}
