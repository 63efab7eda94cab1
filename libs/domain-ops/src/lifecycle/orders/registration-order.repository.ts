import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { OrderItemStatus } from '@registrar/contracts';
import { DOMAIN_OPS_SCHEMA } from '../../shared/contacts/contacts.repository';

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

  /** Creates the order with its items; null when the member already has an order under this idempotency key. */
  create(o: Omit<RegistrationOrder, 'status' | 'error'>, items: NewOrderItem[]): Promise<{ order: RegistrationOrder; items: OrderItem[] } | null> {
    return this.ds.transaction(async (m) => {
      const rows = await m.query(
        `INSERT INTO domain_ops.registration_orders (id, user_id, idempotency_key, total, payment_type, payment_session_id, status)
         VALUES ($1, $2, $3, $4, $5, $6, 'charging') ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING *`,
        [o.id, o.userId, o.idempotencyKey, o.total, o.paymentType, o.paymentSessionId],
      );
      if (!rows.length) return null;
      const out: OrderItem[] = [];
      for (const i of items) {
        const r = await m.query(
          `INSERT INTO domain_ops.registration_order_items (order_id, position, name, punycode, tld, period, point, is_campaign, whois_proxy, prereq_id, status)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'queued') RETURNING *`,
          [o.id, i.position, i.name, i.punycode, i.tld, i.period, i.point, i.isCampaign, i.whoisProxy, i.prereqId],
        );
        out.push(toItem(r[0]));
      }
      return { order: toOrder(rows[0]), items: out };
    });
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

  async markRefunded(itemId: number): Promise<void> {
    await this.ds.query('UPDATE domain_ops.registration_order_items SET refunded = true, updated_at = now() WHERE id = $1', [itemId]);
  }

  async setItem(itemId: number, patch: { status: ItemStatus; errorMsg?: string | null; info?: string | null; domainPkId?: number | null; registryDomainId?: string | null }): Promise<void> {
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

  /** Those in a status since longer than olderThanS seconds (the money reconciler's input), oldest first. */
  async stuck(status: OrderStatus, olderThanS: number, limit = 100) {
    const rows = await this.ds.query(
      `SELECT * FROM domain_ops.registration_orders WHERE status = $1 AND created_at < now() - make_interval(secs => $2) ORDER BY created_at LIMIT $3`,
      [status, olderThanS, limit],
    );
    return rows.map(toOrder);
  }
}
