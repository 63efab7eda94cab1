import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The market schema (docs/market.md): listings (one live listing per domain), trades (one live trade per listing, one
 * per buyer's request key), the steps of each trade as both sides follow them, offers, and payout requests.
 */
export class MarketInit17973000000000 implements MigrationInterface {
  name = 'MarketInit17973000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
    await q.query(`
      CREATE TABLE market.listings (
        id bigserial PRIMARY KEY,
        seller_id bigint NOT NULL,
        domain_id bigint NOT NULL,
        domain text NOT NULL,
        tld text NOT NULL,
        length integer NOT NULL,
        price integer NOT NULL CHECK (price >= 1000),
        min_offer integer NULL CHECK (min_offer IS NULL OR (min_offer >= 1000 AND min_offer < price)),
        description text NOT NULL DEFAULT '',
        ends_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'trading', 'sold', 'cancelled', 'expired')),
        hidden boolean NOT NULL DEFAULT false,
        hidden_reason text NULL,
        hidden_at timestamptz NULL,
        hidden_by bigint NULL,
        registered_at timestamptz NULL,
        expires_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        ended_at timestamptz NULL,
        -- the domain's hold given back to domain-ops once the listing has ended (the sweep retries until it is)
        released_at timestamptz NULL
      )`);
    // one live listing per domain: a second listing of it (two tabs, a retried call) fails on this
    await q.query(`CREATE UNIQUE INDEX listings_one_live ON market.listings (domain_id) WHERE status IN ('pending', 'active', 'trading')`);
    await q.query(`CREATE INDEX listings_to_release ON market.listings (id) WHERE status IN ('sold', 'cancelled', 'expired') AND released_at IS NULL`);
    await q.query(`CREATE INDEX listings_public_new ON market.listings (created_at DESC, id DESC) WHERE status = 'active' AND NOT hidden`);
    await q.query(`CREATE INDEX listings_public_price ON market.listings (price, id) WHERE status = 'active' AND NOT hidden`);
    await q.query(`CREATE INDEX listings_public_tld ON market.listings (tld, price, id) WHERE status = 'active' AND NOT hidden`);
    await q.query(`CREATE INDEX listings_public_tld_new ON market.listings (tld, created_at DESC, id DESC) WHERE status = 'active' AND NOT hidden`);
    await q.query(`CREATE INDEX listings_public_ends ON market.listings (ends_at, id) WHERE status = 'active' AND NOT hidden`);
    await q.query(`CREATE INDEX listings_public_length ON market.listings (length, domain, id) WHERE status = 'active' AND NOT hidden`);
    await q.query(`CREATE INDEX listings_public_domain ON market.listings (domain, id) WHERE status = 'active' AND NOT hidden`);
    await q.query(`CREATE INDEX listings_public_name ON market.listings USING gin (domain public.gin_trgm_ops) WHERE status = 'active' AND NOT hidden`);
    await q.query('CREATE INDEX listings_seller ON market.listings (seller_id, id DESC)');
    await q.query(`
      CREATE TABLE market.trades (
        id bigserial PRIMARY KEY,
        listing_id bigint NOT NULL REFERENCES market.listings(id),
        offer_id bigint NULL,
        buyer_id bigint NOT NULL,
        seller_id bigint NOT NULL,
        domain_id bigint NOT NULL,
        domain text NOT NULL,
        price integer NOT NULL CHECK (price > 0),
        commission integer NOT NULL CHECK (commission >= 0),
        payout integer NOT NULL CHECK (payout >= 0 AND payout + commission = price),
        status text NOT NULL CHECK (status IN ('paying', 'escrowed', 'moving', 'moved', 'completed', 'refunding', 'refunded', 'cancelled')),
        error text NULL,
        request_key text NOT NULL,
        cancel_reason text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // one live trade per listing (two buyers at once: the second insert fails), one trade per buyer's request
    await q.query(`CREATE UNIQUE INDEX trades_one_live ON market.trades (listing_id) WHERE status NOT IN ('refunded', 'cancelled')`);
    await q.query('CREATE UNIQUE INDEX trades_request ON market.trades (buyer_id, request_key)');
    await q.query('CREATE INDEX trades_buyer ON market.trades (buyer_id, id DESC)');
    await q.query('CREATE INDEX trades_seller ON market.trades (seller_id, id DESC)');
    await q.query(`CREATE INDEX trades_open ON market.trades (updated_at) WHERE status NOT IN ('completed', 'refunded', 'cancelled')`);
    await q.query(`
      CREATE TABLE market.trade_steps (
        id bigserial PRIMARY KEY,
        trade_id bigint NOT NULL REFERENCES market.trades(id),
        step text NOT NULL,
        status text NOT NULL,
        message text NULL,
        at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (trade_id, step, status)
      )`);
    await q.query(`
      CREATE TABLE market.offers (
        id bigserial PRIMARY KEY,
        listing_id bigint NOT NULL REFERENCES market.listings(id),
        buyer_id bigint NOT NULL,
        amount integer NOT NULL CHECK (amount > 0),
        message text NOT NULL DEFAULT '',
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined', 'withdrawn')),
        trade_id bigint NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        ended_at timestamptz NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX offers_one_pending ON market.offers (listing_id, buyer_id) WHERE status = 'pending'`);
    await q.query(`
      CREATE TABLE market.payouts (
        id bigserial PRIMARY KEY,
        user_id bigint NOT NULL,
        amount integer NOT NULL CHECK (amount > 0),
        bank jsonb NOT NULL,
        status text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'paid', 'rejected')),
        note text NULL,
        request_key text NOT NULL,
        admin_id bigint NULL,
        requested_at timestamptz NOT NULL DEFAULT now(),
        ended_at timestamptz NULL,
        UNIQUE (user_id, request_key)
      )`);
    // the bell's market events of a member (the same moments as the mails)
    await q.query(`
      CREATE TABLE market.notices (
        id bigserial PRIMARY KEY,
        user_id bigint NOT NULL,
        key text NOT NULL UNIQUE,
        title text NOT NULL,
        link text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz NULL
      )`);
    await q.query('CREATE INDEX notices_user ON market.notices (user_id, id DESC)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE market.notices');
    await q.query('DROP TABLE market.payouts, market.offers, market.trade_steps, market.trades, market.listings');
  }
}
