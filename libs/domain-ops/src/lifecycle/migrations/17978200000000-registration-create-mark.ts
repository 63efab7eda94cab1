import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which run of a registration item may have sent its domain:create (ADR 0050, the r3 review's item): a run's token
 * written before its create goes (the item's first attempt writes it with its start), `void` once an attempt has
 * decided to refund without the registry's word (no create may go after that). NULL: no create was ever sent. A last
 * attempt that failed before its own create refunds only when no other run's create may have gone.
 */
export class RegistrationCreateMark17978200000000 implements MigrationInterface {
  name = 'RegistrationCreateMark17978200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE domain_ops.registration_order_items ADD COLUMN create_mark text');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE domain_ops.registration_order_items DROP COLUMN create_mark');
  }
}
