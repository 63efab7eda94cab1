import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { OrderItemStatus } from '@registrar/contracts';
import { DOMAIN_OPS_SCHEMA } from '../../shared/contacts/contacts.repository';
import { type StuckCursor, stuckPage } from '../stuck-page';

export type OrderStatus = 'charging' | 'processing' | 'done' | 'failed';
export type ItemStatus = 'queued' | 'processing' | OrderItemStatus;

export interface RegistrationOrder {
  id: string;
  userId: number;
  idempotencyKey: string;
  total: number;
  paymentType: string;
  paymentSessionId: string | null;
  status: OrderStatus;
  error: string | null;
}

export interface OrderItem {
  id: number;
  orderId: string;
  position: number;
  name: string;
  punycode: string;
  tld: string;
  period: number;
  point: number;
  isCampaign: boolean;
  whoisProxy: boolean;
  prereqId: number | null;
  status: ItemStatus;
  errorMsg: string | null;
  info: string | null;
  domainPkId: number | null;
  registryDomainId: string | null;
  spent: boolean;
  /** the member's balance right after this item's charge (null: not charged, or charged before it was kept) */
  spentBalanceAfter: number | null;
  refunded: boolean;
}
/** How an item ends (its status and what the registration found). */
export type ItemEnd = { status: ItemStatus; errorMsg?: string | null; info?: string | null; domainPkId?: number | null; registryDomainId?: string | null };
export type NewOrderItem = Pick<OrderItem, 'position' | 'name' | 'punycode' | 'tld' | 'period' | 'point' | 'isCampaign' | 'whoisProxy' | 'prereqId'>;

const toOrder = (r: Record<string, any>): RegistrationOrder => ({
  id: r.id, userId: Number(r.user_id), idempotencyKey: r.idempotency_key, total: Number(r.total), paymentType: r.payment_type,
  paymentSessionId: r.payment_session_id, status: r.status, error: r.error,
});
const toItem = (r: Record<string, any>): OrderItem => ({
  id: Number(r.id), orderId: r.order_id, position: Number(r.position), name: r.name, punycode: r.punycode, tld: r.tld, period: Number(r.period),
  point: Number(r.point), isCampaign: r.is_campaign, whoisProxy: r.whois_proxy, prereqId: r.prereq_id == null ? null : Number(r.prereq_id), status: r.status,
  errorMsg: r.error_msg, info: r.info, domainPkId: r.domain_pk_id == null ? null : Number(r.domain_pk_id), registryDomainId: r.registry_domain_id,
  spent: r.spent, refunded: r.refunded, spentBalanceAfter: r.spent_balance_after == null ? null : Number(r.spent_balance_after),
});

/** Storage of registration orders and their items (domain_ops.registration_orders / _items): the result step's status. */

@Injectable()
export class RegistrationOrderRepository {
  constructor(@InjectDataSource(DOMAIN_OPS_SCHEMA) private readonly ds: DataSource) {}

  /**
   * Creates the order with its items, in one statement (one round trip, atomic); null when the member already has an
   * order under this idempotency key (the items are inserted only with the order).
   */
  async create(o: Omit<RegistrationOrder, 'status' | 'error'>, items: NewOrderItem[]): Promise<{ order: RegistrationOrder; items: OrderItem[] } | null> {
    const rows: Array<{ o: Record<string, any>; i: Array<Record<string, any>> | null }> = await this.ds.query(
      `WITH o AS (
         INSERT INTO domain_ops.registration_orders (id, user_id, idempotency_key, total, payment_type, payment_session_id, status)
         VALUES ($1, $2, $3, $4, $5, $6, 'charging') ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING *
       ), i AS (
         INSERT INTO domain_ops.registration_order_items (order_id, position, name, punycode, tld, period, point, is_campaign, whois_proxy, prereq_id, status)
         SELECT o.id, x.position, x.name, x.punycode, x.tld, x.period, x.point, x.is_campaign, x.whois_proxy, x.prereq_id, 'queued'
           FROM o, unnest($7::int[], $8::text[], $9::text[], $10::text[], $11::int[], $12::int[], $13::bool[], $14::bool[], $15::bigint[])
                AS x(position, name, punycode, tld, period, point, is_campaign, whois_proxy, prereq_id)
         RETURNING *
       )
       SELECT to_jsonb(o) AS o, (SELECT jsonb_agg(to_jsonb(i) ORDER BY i.position) FROM i) AS i FROM o`,
      [o.id, o.userId, o.idempotencyKey, o.total, o.paymentType, o.paymentSessionId,
        items.map((i) => i.position), items.map((i) => i.name), items.map((i) => i.punycode), items.map((i) => i.tld), items.map((i) => i.period),
        items.map((i) => i.point), items.map((i) => i.isCampaign), items.map((i) => i.whoisProxy), items.map((i) => i.prereqId)],
    );
    if (!rows.length) return null;
    return { order: toOrder(rows[0].o), items: (rows[0].i ?? []).map(toItem) };
  }

  async findByKey(userId: number, key: string): Promise<RegistrationOrder | null> {
    const rows = await this.ds.query('SELECT * FROM domain_ops.registration_orders WHERE user_id = $1 AND idempotency_key = $2', [userId, key]);
    return rows.length ? toOrder(rows[0]) : null;
  }

  async find(id: string): Promise<RegistrationOrder | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const rows = await this.ds.query('SELECT * FROM domain_ops.registration_orders WHERE id = $1', [id]);
    return rows.length ? toOrder(rows[0]) : null;
  }

  /** The order with its items in one query (the status poll); null when there is no such order. */
  async withItems(id: string): Promise<{ order: RegistrationOrder; items: OrderItem[] } | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const rows: Array<{ o: Record<string, any>; i: Array<Record<string, any>> | null }> = await this.ds.query(
      `SELECT to_jsonb(o) AS o, (SELECT jsonb_agg(to_jsonb(i) ORDER BY i.position) FROM domain_ops.registration_order_items i WHERE i.order_id = o.id) AS i
         FROM domain_ops.registration_orders o WHERE o.id = $1`,
      [id],
    );
    return rows.length ? { order: toOrder(rows[0].o), items: (rows[0].i ?? []).map(toItem) } : null;
  }

  /**
   * A registration job's start, in one statement: the item and its order, the item marked 'processing' unless it has
   * ended (an item's first attempt is told by the status it had: 'queued'), how many items the order has, and the
   * member's stored default settings (the row; null if none). Null when the item or its order is missing.
   * `createMark` (the item's first attempt, which sends its create at once): recorded as the run whose create may go,
   * when the item is still 'queued' (ADR 0050: one run only, the one that finds it queued).
   */
  async startItem(itemId: number, createMark: string | null = null): Promise<{ order: RegistrationOrder; item: OrderItem; itemCount: number; defaults: Record<string, any> | null } | null> {
    const rows: Array<{ o: Record<string, any>; i: Record<string, any>; n: number; s: Record<string, any> | null }> = await this.ds.query(
      `WITH old AS (SELECT * FROM domain_ops.registration_order_items WHERE id = $1 FOR UPDATE),
            upd AS (UPDATE domain_ops.registration_order_items i SET status = 'processing', updated_at = now(),
                           create_mark = CASE WHEN old.status = 'queued' AND old.create_mark IS NULL THEN $2::text ELSE old.create_mark END FROM old
                     WHERE i.id = old.id AND old.status NOT IN ('done', 'accepted', 'error') RETURNING i.id)
       SELECT to_jsonb(old) AS i, to_jsonb(o) AS o,
              (SELECT count(*) FROM domain_ops.registration_order_items c WHERE c.order_id = old.order_id)::int AS n,
              (SELECT to_jsonb(s) FROM domain_ops.default_settings s WHERE s.user_id = o.user_id) AS s
         FROM old JOIN domain_ops.registration_orders o ON o.id = old.order_id`,
      [itemId, createMark],
    );
    return rows.length ? { order: toOrder(rows[0].o), item: toItem(rows[0].i), itemCount: Number(rows[0].n), defaults: rows[0].s } : null;
  }

  /**
   * The charged items marked (with the balance each charge left) and the order moved from 'charging' to 'processing',
   * in one statement; false when the order was no longer charging (the money reconciler gave it up meanwhile: the
   * marks are kept, it voids them).
   */
  async startCharged(orderId: string, spent: Array<{ itemId: number; balanceAfter: number }>): Promise<boolean> {
    const rows: Array<{ started: number }> = await this.ds.query(
      `WITH s AS (UPDATE domain_ops.registration_order_items i SET spent = true, spent_balance_after = x.balance, updated_at = now()
                    FROM unnest($2::bigint[], $3::int[]) AS x(id, balance) WHERE i.id = x.id AND i.order_id = $1 RETURNING i.id),
            o AS (UPDATE domain_ops.registration_orders SET status = 'processing' WHERE id = $1 AND status = 'charging' RETURNING id)
       SELECT (SELECT count(*) FROM o)::int AS started, (SELECT count(*) FROM s)::int AS marked`,
      [orderId, spent.map((x) => x.itemId), spent.map((x) => x.balanceAfter)],
    );
    return rows[0]!.started > 0;
  }

  async items(orderId: string): Promise<OrderItem[]> {
    const rows = await this.ds.query('SELECT * FROM domain_ops.registration_order_items WHERE order_id = $1 ORDER BY position', [orderId]);
    return rows.map(toItem);
  }

  async item(id: number): Promise<OrderItem | null> {
    const rows = await this.ds.query('SELECT * FROM domain_ops.registration_order_items WHERE id = $1', [id]);
    return rows.length ? toItem(rows[0]) : null;
  }

  async setOrderStatus(id: string, status: OrderStatus, error: string | null = null): Promise<void> {
    await this.ds.query(
      `UPDATE domain_ops.registration_orders SET status = $2, error = coalesce($3, error), finished_at = CASE WHEN $2 IN ('done', 'failed') THEN now() ELSE finished_at END WHERE id = $1`,
      [id, status, error],
    );
  }

  /** Items charged, each with the balance its charge left, in one UPDATE. */
  async markSpentMany(spent: Array<{ itemId: number; balanceAfter: number }>): Promise<void> {
    if (!spent.length) return;
    await this.ds.query(
      `UPDATE domain_ops.registration_order_items i SET spent = true, spent_balance_after = x.balance, updated_at = now()
         FROM unnest($1::bigint[], $2::int[]) AS x(id, balance) WHERE i.id = x.id`,
      [spent.map((s) => s.itemId), spent.map((s) => s.balanceAfter)],
    );
  }

  /**
   * A run's create is about to go (ADR 0050): its mark recorded, unless the item has ended or an attempt has decided to
   * refund it (`void`): then no create may be sent ('ended': another run ended the item; 'void': refunded, or being).
   */
  async markCreate(itemId: number, mark: string): Promise<'marked' | 'void' | 'ended'> {
    const rows: Array<{ status: string; marked: boolean }> = await this.ds.query(
      `WITH old AS (SELECT id, status, create_mark FROM domain_ops.registration_order_items WHERE id = $1 FOR UPDATE),
            upd AS (UPDATE domain_ops.registration_order_items i SET create_mark = $2 FROM old
                     WHERE i.id = old.id AND old.status = 'processing' AND old.create_mark IS DISTINCT FROM 'void' RETURNING i.id)
       SELECT old.status, EXISTS (SELECT 1 FROM upd) AS marked FROM old`,
      [itemId, mark],
    );
    const row = rows[0];
    return row?.marked ? 'marked' : row?.status === 'processing' ? 'void' : 'ended';
  }

  /**
   * A last attempt that failed before its own create may refund only when no other run's create may have gone: the
   * mark is none, or its own (a first attempt whose create never went), or already void. It is set to `void` in the
   * same statement, so a stalled run's create can no longer be marked (markCreate), nor sent. False: another run's
   * create may have reached the registry, only the registry can tell (the money reconciler asks it); or the item has
   * ended already (another run ended it: an older replica's, which writes no mark, during a rolling upgrade): that end
   * stands, never turned into a refund.
   */
  async voidCreate(itemId: number, own: string | null): Promise<boolean> {
    const rows: Array<{ n: number }> = await this.ds.query(
      `WITH v AS (UPDATE domain_ops.registration_order_items SET create_mark = 'void'
                   WHERE id = $1 AND status = 'processing' AND (create_mark IS NULL OR create_mark = 'void' OR create_mark = $2::text) RETURNING id)
       SELECT count(*)::int AS n FROM v`,
      [itemId, own],
    );
    return rows[0]!.n > 0;
  }

  /** A run's create never went (it failed before): its mark taken back, so a later last attempt can refund. */
  async clearCreateMark(itemId: number, own: string): Promise<void> {
    await this.ds.query('UPDATE domain_ops.registration_order_items SET create_mark = NULL WHERE id = $1 AND create_mark = $2', [itemId, own]);
  }

  async markRefunded(itemId: number): Promise<void> {
    await this.ds.query('UPDATE domain_ops.registration_order_items SET refunded = true, updated_at = now() WHERE id = $1', [itemId]);
  }

  /**
   * The item's end and the order's close (`processing → done`) in one statement: for the last item of an order whose
   * items are otherwise ended (a one-item order); true when the order was closed by it.
   */
  async endItemAndClose(itemId: number, orderId: string, patch: ItemEnd): Promise<boolean> {
    const rows: Array<{ closed: number }> = await this.ds.query(
      `WITH i AS (
         UPDATE domain_ops.registration_order_items SET status = $2, error_msg = $3, info = $4, domain_pk_id = coalesce($5, domain_pk_id),
           registry_domain_id = coalesce($6, registry_domain_id), updated_at = now() WHERE id = $1 AND order_id = $7 RETURNING id
       ), o AS (
         UPDATE domain_ops.registration_orders SET status = 'done', finished_at = now() WHERE id = $7 AND status = 'processing' AND EXISTS (SELECT 1 FROM i) RETURNING id
       )
       SELECT (SELECT count(*) FROM o)::int AS closed`,
      [itemId, patch.status, patch.errorMsg ?? null, patch.info ?? null, patch.domainPkId ?? null, patch.registryDomainId ?? null, orderId],
    );
    return rows[0]!.closed > 0;
  }

  async setItem(itemId: number, patch: ItemEnd): Promise<void> {
    await this.ds.query(
      `UPDATE domain_ops.registration_order_items SET status = $2, error_msg = $3, info = $4, domain_pk_id = coalesce($5, domain_pk_id),
         registry_domain_id = coalesce($6, registry_domain_id), updated_at = now() WHERE id = $1`,
      [itemId, patch.status, patch.errorMsg ?? null, patch.info ?? null, patch.domainPkId ?? null, patch.registryDomainId ?? null],
    );
  }

  /**
   * Moves it from one status to another only if it is still in the first: the purchase path and the money reconciler
   * both go through here, so exactly one of them gives an order up (or starts it) and the other sees that it lost.
   */
  async claimStatus(id: string, from: OrderStatus, to: OrderStatus, error: string | null = null): Promise<boolean> {
    const rows = await this.ds.query(
      `UPDATE domain_ops.registration_orders SET status = $3, error = coalesce($4, error), finished_at = CASE WHEN $3 IN ('done', 'failed') THEN now() ELSE finished_at END
        WHERE id = $1 AND status = $2 RETURNING id`,
      [id, from, to, error],
    );
    return (Array.isArray(rows[0]) ? rows[0] : rows).length > 0;
  }

  /** Those in a status since longer than olderThanS seconds, a page at a time (the money reconciler's input). */
  stuck(status: OrderStatus, olderThanS: number, after: StuckCursor | null = null, limit = 100) {
    return stuckPage(this.ds, 'registration_orders', toOrder, status, olderThanS, after, limit);
  }
}
