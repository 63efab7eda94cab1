import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Paying a trade by card or wallet, the buyer's inspection period, and disputes (docs/market.md):
 * - trades.pay_method: points, or a card / wallet payment session keyed `market-trade-{id}` that buys the points the
 *   pay step then spends into escrow; points_used and charge record the split the buyer saw;
 * - trades.release_at: after the move, the escrow is released to the seller at this time (MARKET_HOLD_S) or when the
 *   buyer confirms receipt (receipt_at), unless a dispute is open;
 * - disputes (one per trade) and their messages between buyer, seller and super admins.
 */
export class MarketPayDisputes17975000000000 implements MigrationInterface {
  name = 'MarketPayDisputes17975000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE market.trades
      ADD COLUMN pay_method text NOT NULL DEFAULT 'points' CHECK (pay_method IN ('points', 'card', 'wallet')),
      ADD COLUMN points_used integer NULL,
      ADD COLUMN charge integer NULL,
      ADD COLUMN release_at timestamptz NULL,
      ADD COLUMN receipt_at timestamptz NULL`);
    // the sweep's look for trades whose inspection period is over
    await q.query(`CREATE INDEX trades_to_release ON market.trades (release_at) WHERE status = 'moved'`);
    await q.query(`
      CREATE TABLE market.disputes (
        id bigserial PRIMARY KEY,
        trade_id bigint NOT NULL UNIQUE REFERENCES market.trades(id),
        opened_by bigint NOT NULL,
        opener_role text NOT NULL CHECK (opener_role IN ('buyer', 'seller')),
        reason text NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'released', 'refunded')),
        resolution text NULL,
        resolved_by bigint NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz NULL
      )`);
    await q.query(`CREATE INDEX disputes_open ON market.disputes (id DESC) WHERE status = 'open'`);
    await q.query(`
      CREATE TABLE market.dispute_messages (
        id bigserial PRIMARY KEY,
        dispute_id bigint NOT NULL REFERENCES market.disputes(id),
        author_id bigint NOT NULL,
        author_role text NOT NULL CHECK (author_role IN ('buyer', 'seller', 'admin')),
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX dispute_messages_of ON market.dispute_messages (dispute_id, id)');
    // the search (bench/market): a keyword within a TLD in one index (btree_gin lets the TLD sit beside the trigrams),
    // and the TLD with the length for a keyword-less search narrowed by both, beside the per-sort partial indexes
    await q.query('CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA public');
    await q.query(`CREATE INDEX IF NOT EXISTS listings_public_tld_name ON market.listings USING gin (tld, domain public.gin_trgm_ops) WHERE status = 'active' AND NOT hidden`);
    await q.query(`CREATE INDEX IF NOT EXISTS listings_public_tld_length ON market.listings (tld, length, price) WHERE status = 'active' AND NOT hidden`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX IF EXISTS market.listings_public_tld_length');
    await q.query('DROP INDEX IF EXISTS market.listings_public_tld_name');
    await q.query('DROP TABLE market.dispute_messages, market.disputes');
    await q.query('DROP INDEX market.trades_to_release');
    await q.query('ALTER TABLE market.trades DROP COLUMN pay_method, DROP COLUMN points_used, DROP COLUMN charge, DROP COLUMN release_at, DROP COLUMN receipt_at');
  }
}
