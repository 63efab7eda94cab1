import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The market's hold of a domain (docs/market.md): the listing that holds it. While set, the domain cannot be moved,
 * trashed or given an AUTHCODE / transferred out, and only the market's move of that listing takes it to a buyer.
 */
export class MarketHold17973000000000 implements MigrationInterface {
  name = 'MarketHold17973000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE domain_ops.domains ADD COLUMN market_listing_id bigint NULL');
    await q.query('CREATE INDEX domains_market_listing ON domain_ops.domains (market_listing_id) WHERE market_listing_id IS NOT NULL');
    await q.query(`
      CREATE TABLE domain_ops.market_moves (
        trade_id bigint PRIMARY KEY,
        domain_id bigint NOT NULL,
        from_user_id bigint NOT NULL,
        to_user_id bigint NOT NULL,
        whois text NOT NULL DEFAULT 'unchanged',
        moved_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE domain_ops.market_moves');
    await q.query('ALTER TABLE domain_ops.domains DROP COLUMN market_listing_id');
  }
}
