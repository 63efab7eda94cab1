import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The orders schema: the points ledger (append-only entries + one balance row per member, changed only under a row lock),
 * Stripe customers and cards, payment sessions, processed webhook events, bank-transfer top-ups and carts.
 */
export class OrdersInit1763800000000 implements MigrationInterface {
  name = 'OrdersInit1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE orders.point_balances (
        user_id     bigint PRIMARY KEY,
        balance     bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
        updated_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE orders.point_entries (
        id               bigserial PRIMARY KEY,
        user_id          bigint NOT NULL,
        delta            bigint NOT NULL CHECK (delta <> 0),
        balance_after    bigint NOT NULL CHECK (balance_after >= 0),
        kind             text NOT NULL CHECK (kind IN ('grant','purchase','spend','refund','card_surplus','bank_transfer','adjust')),
        reference        text,
        idempotency_key  text NOT NULL UNIQUE,
        created_at       timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX point_entries_user_idx ON orders.point_entries (user_id, id DESC)`);
    // append-only: entries are never changed or removed
    await q.query(`
      CREATE FUNCTION orders.point_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'orders.point_entries is append-only'; END $$`);
    await q.query(`
      CREATE TRIGGER point_entries_no_change BEFORE UPDATE OR DELETE ON orders.point_entries
      FOR EACH ROW EXECUTE FUNCTION orders.point_entries_append_only()`);

    await q.query(`
      CREATE TABLE orders.stripe_customers (
        user_id      bigint PRIMARY KEY,
        customer_id  text NOT NULL UNIQUE,
        created_at   timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE orders.cards (
        id                 bigserial PRIMARY KEY,
        user_id            bigint NOT NULL,
        payment_method_id  text NOT NULL UNIQUE,
        brand              text NOT NULL,
        last4              text NOT NULL,
        exp_month          int NOT NULL,
        exp_year           int NOT NULL,
        created_at         timestamptz NOT NULL DEFAULT now(),
        deleted_at         timestamptz
      )`);
    await q.query(`CREATE INDEX cards_user_idx ON orders.cards (user_id) WHERE deleted_at IS NULL`);

    await q.query(`
      CREATE TABLE orders.payment_sessions (
        id                   uuid PRIMARY KEY,
        user_id              bigint NOT NULL,
        purpose              text NOT NULL CHECK (purpose IN ('create','renew','transfer')),
        domains              jsonb NOT NULL,
        total                bigint NOT NULL,
        points_used          bigint NOT NULL,
        amount               bigint NOT NULL,
        surplus_points       bigint NOT NULL DEFAULT 0,
        payment_method_id    text,
        payment_intent_id    text UNIQUE,
        status               text NOT NULL CHECK (status IN ('created','requires_action','paid','failed','used')),
        error                text,
        redirect_url         text,
        result_renew_domains jsonb,
        with_auto_update     boolean,
        all_update_duration  int,
        created_at           timestamptz NOT NULL DEFAULT now(),
        updated_at           timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX payment_sessions_user_idx ON orders.payment_sessions (user_id, created_at DESC)`);

    await q.query(`
      CREATE TABLE orders.webhook_events (
        event_id     text PRIMARY KEY,
        type         text NOT NULL,
        received_at  timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE orders.bank_transfers (
        id            bigserial PRIMARY KEY,
        user_id       bigint NOT NULL,
        amount        bigint NOT NULL CHECK (amount > 0),
        reference     text NOT NULL UNIQUE,
        status        text NOT NULL CHECK (status IN ('pending','confirmed','cancelled')),
        created_at    timestamptz NOT NULL DEFAULT now(),
        confirmed_at  timestamptz,
        confirmed_by  bigint
      )`);
    await q.query(`CREATE INDEX bank_transfers_status_idx ON orders.bank_transfers (status, created_at)`);

    await q.query(`
      CREATE TABLE orders.cart_items (
        user_id      bigint NOT NULL,
        domain_name  text NOT NULL,
        punycode     text NOT NULL,
        tld          text NOT NULL,
        added_at     timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, punycode)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['cart_items', 'bank_transfers', 'webhook_events', 'payment_sessions', 'cards', 'stripe_customers', 'point_entries', 'point_balances']) {
      await q.query(`DROP TABLE IF EXISTS orders.${t}`);
    }
    await q.query(`DROP FUNCTION IF EXISTS orders.point_entries_append_only()`);
  }
}
