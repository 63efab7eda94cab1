import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Price groups and members' custom prices (002 §2 "Admin user custom price"). A group is a margin on the list price
 * (percent, negative = discount) plus optional fixed prices per TLD (by TLD name, so they hold across catalogue
 * imports). A member has at most one group. The four groups a Japanese registrar typically offers are seeded.
 */
export class PriceGroups1797160000000 implements MigrationInterface {
  name = 'PriceGroups1797160000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE catalog.price_group (
        id int PRIMARY KEY,
        jp_name text NOT NULL UNIQUE,
        margin_percent numeric(6,2) NOT NULL DEFAULT 0 CHECK (margin_percent > -100 AND margin_percent <= 1000),
        ordinal int NOT NULL
      )`);
    await q.query(`
      CREATE TABLE catalog.price_group_tld_price (
        price_group_id int NOT NULL REFERENCES catalog.price_group(id) ON DELETE CASCADE,
        tld_name text NOT NULL,
        register int CHECK (register >= 0),
        renew int CHECK (renew >= 0),
        transfer int CHECK (transfer >= 0),
        PRIMARY KEY (price_group_id, tld_name)
      )`);
    await q.query(`
      CREATE TABLE catalog.user_custom_price (
        user_id bigint PRIMARY KEY,
        price_group_id int NOT NULL REFERENCES catalog.price_group(id),
        updated_by bigint NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX user_custom_price_group ON catalog.user_custom_price (price_group_id)`);
    await q.query(`
      INSERT INTO catalog.price_group (id, jp_name, margin_percent, ordinal) VALUES
        (1, 'リセラー価格（10%引き）', -10, 1),
        (2, 'パートナー価格（5%引き）', -5, 2),
        (3, '法人大口価格（主要TLD固定・他15%引き）', -15, 3),
        (4, '社員特別価格（20%引き）', -20, 4)`);
    await q.query(`
      INSERT INTO catalog.price_group_tld_price (price_group_id, tld_name, register, renew, transfer) VALUES
        (3, 'com', 1298, 1518, 1518),
        (3, 'net', 1518, 1738, 1738),
        (3, 'jp', 2728, 2728, NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE catalog.user_custom_price');
    await q.query('DROP TABLE catalog.price_group_tld_price');
    await q.query('DROP TABLE catalog.price_group');
  }
}
