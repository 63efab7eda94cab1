import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Renewals (POST mypage/domain/renew and auto-renew): an order per submit (idempotency key per member) with one item
 * per domain; the item remembers the registry expiry it renews from, so a retried job never renews twice.
 */
export class Renewals1795600000000 implements MigrationInterface {
  name = 'Renewals1795600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE domain_ops.renewal_orders (
        id uuid PRIMARY KEY,
        user_id bigint NOT NULL,
        idempotency_key text NOT NULL,
        kind text NOT NULL DEFAULT 'manual' CHECK (kind IN ('manual', 'auto')),
        total integer NOT NULL,
        payment_type text NOT NULL,
        payment_session_id text NULL,
        with_auto_update boolean NOT NULL DEFAULT false,
        status text NOT NULL CHECK (status IN ('charging', 'processing', 'done', 'failed')),
        error text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz NULL,
        UNIQUE (user_id, idempotency_key)
      )`);
    await q.query(`
      CREATE TABLE domain_ops.renewal_order_items (
        id bigserial PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES domain_ops.renewal_orders(id),
        position smallint NOT NULL,
        domain_id bigint NOT NULL,
        name text NOT NULL,
        punycode text NOT NULL,
        period integer NOT NULL,
        point integer NOT NULL,
        restore boolean NOT NULL DEFAULT false,
        from_expiry timestamptz NULL,
        new_expiry timestamptz NULL,
        status text NOT NULL CHECK (status IN ('queued', 'processing', 'error', 'accepted', 'done')),
        error_msg text NULL,
        spent boolean NOT NULL DEFAULT false,
        refunded boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (order_id, domain_id)
      )`);
    await q.query(`CREATE INDEX renewal_items_open ON domain_ops.renewal_order_items (domain_id) WHERE status IN ('queued', 'processing')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE domain_ops.renewal_order_items');
    await q.query('DROP TABLE domain_ops.renewal_orders');
  }
}
