import { MigrationInterface, QueryRunner } from 'typeorm';

/** The member's default card (クレジットカード page): the card chosen last as default comes first (preselected, charged for auto-renew). */
export class CardDefault1797100000000 implements MigrationInterface {
  name = 'CardDefault1797100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders.cards ADD COLUMN default_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders.cards DROP COLUMN default_at`);
  }
}
