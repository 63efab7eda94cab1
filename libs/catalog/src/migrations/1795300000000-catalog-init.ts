import { MigrationInterface, QueryRunner } from 'typeorm';

/** The catalog schema: TLDs, prices by effective month, categories, TLD content. */
export class CatalogInit1795300000000 implements MigrationInterface {
  name = 'CatalogInit1795300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE catalog.tld (
        id serial PRIMARY KEY,
        tld_name text NOT NULL UNIQUE,
        tld_name_punycode text NOT NULL UNIQUE,
        meaning text NOT NULL,
        description text NOT NULL,
        requirements text,
        is_cctld boolean NOT NULL,
        is_idn boolean NOT NULL,
        can_proxy boolean NOT NULL,
        can_lock boolean NOT NULL,
        can_transfer boolean NOT NULL,
        minimum_years int NOT NULL CHECK (minimum_years BETWEEN 1 AND 10),
        registration_unit int NOT NULL CHECK (registration_unit BETWEEN 1 AND 10),
        renewal_deadline text NOT NULL,
        grace_period int NOT NULL CHECK (grace_period >= 0),
        restore_period int NOT NULL CHECK (restore_period >= 0),
        ordinal int NOT NULL,
        top_ordinal_flg int,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX tld_ordinal_idx ON catalog.tld (ordinal)`);
    await q.query(`
      CREATE TABLE catalog.tld_price (
        id serial PRIMARY KEY,
        tld_id int NOT NULL REFERENCES catalog.tld(id) ON DELETE CASCADE,
        effective_month char(7) NOT NULL CHECK (effective_month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
        is_idn_price boolean NOT NULL,
        register int CHECK (register >= 0),
        renew int CHECK (renew >= 0),
        transfer int CHECK (transfer >= 0),
        restore int NOT NULL DEFAULT 0 CHECK (restore >= 0),
        register_normal int CHECK (register_normal >= 0),
        renew_normal int CHECK (renew_normal >= 0),
        transfer_normal int CHECK (transfer_normal >= 0),
        is_register_campaign boolean NOT NULL DEFAULT false,
        is_register_special boolean NOT NULL DEFAULT false,
        is_renew_campaign boolean NOT NULL DEFAULT false,
        is_renew_special boolean NOT NULL DEFAULT false,
        is_transfer_campaign boolean NOT NULL DEFAULT false,
        is_transfer_special boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (tld_id, effective_month, is_idn_price)
      )`);
    await q.query(`CREATE INDEX tld_price_month_idx ON catalog.tld_price (effective_month)`);
    await q.query(`
      CREATE TABLE catalog.category (
        id int PRIMARY KEY,
        name text NOT NULL,
        ordinal int NOT NULL
      )`);
    await q.query(`
      CREATE TABLE catalog.tld_category (
        category_id int NOT NULL REFERENCES catalog.category(id) ON DELETE CASCADE,
        tld_id int NOT NULL REFERENCES catalog.tld(id) ON DELETE CASCADE,
        PRIMARY KEY (category_id, tld_id)
      )`);
    await q.query(`CREATE INDEX tld_category_tld_idx ON catalog.tld_category (tld_id)`);
    await q.query(`
      CREATE TABLE catalog.tld_content (
        tld_id int PRIMARY KEY REFERENCES catalog.tld(id) ON DELETE CASCADE,
        faq jsonb NOT NULL DEFAULT '[]',
        points jsonb NOT NULL DEFAULT '[]',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE catalog.tld_content');
    await q.query('DROP TABLE catalog.tld_category');
    await q.query('DROP TABLE catalog.category');
    await q.query('DROP TABLE catalog.tld_price');
    await q.query('DROP TABLE catalog.tld');
  }
}
