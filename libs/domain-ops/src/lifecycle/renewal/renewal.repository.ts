import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DOMAIN_OPS_SCHEMA } from '../../shared/contacts/contacts.repository';

export type RenewalStatus = 'charging' | 'processing' | 'done' | 'failed';
export type RenewalItemStatus = 'queued' | 'processing' | 'error' | 'accepted' | 'done';

export interface Renewal {
  id: string;
  userId: number;
  idempotencyKey: string;
  kind: 'manual' | 'auto';
  total: number;
  paymentType: string;
  paymentSessionId: string | null;
  withAutoUpdate: boolean;
  status: RenewalStatus;
  error: string | null;
  createdAt: Date;
}

export interface RenewalItem {
  id: number;
  renewalId: string;
  position: number;
  domainId: number;
  name: string;
  punycode: string;
  period: number;
  point: number;
  restore: boolean;
  fromExpiry: Date | null;
  newExpiry: Date | null;
  status: RenewalItemStatus;
  errorMsg: string | null;
  spent: boolean;
  /** the member's balance right after this item's charge (null: not charged, or charged before it was kept) */
  spentBalanceAfter: number | null;
  refunded: boolean;
}
export type NewRenewalItem = Pick<RenewalItem, 'position' | 'domainId' | 'name' | 'punycode' | 'period' | 'point' | 'restore'> & {
  /** auto-renew only: the Tokyo expiry day it renews from; a domain is tried once per such day (unique) */
  autoDueDay?: string | null;
};

/** An auto-renewal item for a domain and expiry day that another renewal already holds (a rerun, another sweep). */
export class AutoRenewTaken extends Error {
  constructor() {
    super('a domain of this auto-renewal is already being (or was) auto-renewed from this expiry day');
  }
}

/** An owned domain as renewal reads it. */
export interface RenewableDomain {
  id: number;
  userId: number;
  name: string;
  punycode: string;
  tld: string;
  registryDomainId: string | null;
  dueDate: Date | null;
  status: 'active' | 'pending' | 'provisional';
  isTrash: boolean;
  autoUpdate: boolean;
  /** domains.admin_lock_status ≠ 0: an operator's lock, renewal is refused (docs/domain-operations.md) */
  adminLock: boolean;
}

const toRenewal = (r: Record<string, any>): Renewal => ({
  id: r.id, userId: Number(r.user_id), idempotencyKey: r.idempotency_key, kind: r.kind, total: Number(r.total), paymentType: r.payment_type,
  paymentSessionId: r.payment_session_id, withAutoUpdate: r.with_auto_update, status: r.status, error: r.error, createdAt: new Date(r.created_at),
});
const toItem = (r: Record<string, any>): RenewalItem => ({
  id: Number(r.id), renewalId: r.order_id, position: Number(r.position), domainId: Number(r.domain_id), name: r.name, punycode: r.punycode,
  period: Number(r.period), point: Number(r.point), restore: r.restore, fromExpiry: r.from_expiry ? new Date(r.from_expiry) : null,
  newExpiry: r.new_expiry ? new Date(r.new_expiry) : null, status: r.status, errorMsg: r.error_msg, spent: r.spent, refunded: r.refunded,
  spentBalanceAfter: r.spent_balance_after == null ? null : Number(r.spent_balance_after),
});
const toDomain = (r: Record<string, any>): RenewableDomain => ({
  id: Number(r.id), userId: Number(r.user_id), name: r.name, punycode: r.punycode, tld: r.tld, registryDomainId: r.registry_domain_id,
  dueDate: r.due_date ? new Date(r.due_date) : null, status: r.status, isTrash: r.is_trash, autoUpdate: r.is_auto_update_enabled, adminLock: Number(r.admin_lock_status ?? 0) !== 0,
});

/** domain_ops.renewal_orders / renewal_order_items, and the owned-domain reads and writes a renewal needs. */
@Injectable()
export class RenewalRepository {
  constructor(@InjectDataSource(DOMAIN_OPS_SCHEMA) private readonly ds: DataSource) {}

  async domainsByName(userId: number, punycodes: string[]): Promise<RenewableDomain[]> {
    if (!punycodes.length) return [];
    return (await this.ds.query('SELECT * FROM domain_ops.domains WHERE user_id = $1 AND punycode = ANY($2)', [userId, punycodes])).map(toDomain);
  }

  async domainsById(userId: number, ids: number[]): Promise<RenewableDomain[]> {
    if (!ids.length) return [];
    return (await this.ds.query('SELECT * FROM domain_ops.domains WHERE user_id = $1 AND id = ANY($2) ORDER BY id', [userId, ids])).map(toDomain);
  }

  async domain(id: number): Promise<RenewableDomain | null> {
    const rows = await this.ds.query('SELECT * FROM domain_ops.domains WHERE id = $1', [id]);
    return rows.length ? toDomain(rows[0]) : null;
  }

  /** Of these domains, those with a renewal still running. */
  async pendingDomainIds(ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.ds.query(`SELECT DISTINCT domain_id FROM domain_ops.renewal_order_items WHERE domain_id = ANY($1) AND status IN ('queued', 'processing', 'accepted')`, [ids]);
    return rows.map((r: { domain_id: string }) => Number(r.domain_id));
  }

  /**
   * The renewal and its items in one transaction, the items in one INSERT. Null when the key is taken (the caller
   * answers that renewal); AutoRenewTaken when an auto-renewal item's domain and expiry day are (nothing is written).
   */
  async create(o: Omit<Renewal, 'status' | 'error' | 'createdAt'>, items: NewRenewalItem[]): Promise<{ renewal: Renewal; items: RenewalItem[] } | null> {
    try {
      return await this.ds.transaction(async (m) => {
        const rows = await m.query(
          `INSERT INTO domain_ops.renewal_orders (id, user_id, idempotency_key, kind, total, payment_type, payment_session_id, with_auto_update, status)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'charging') ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING *`,
          [o.id, o.userId, o.idempotencyKey, o.kind, o.total, o.paymentType, o.paymentSessionId, o.withAutoUpdate],
        );
        if (!rows.length) return null;
        const made = await m.query(
          `INSERT INTO domain_ops.renewal_order_items (order_id, position, domain_id, name, punycode, period, point, restore, auto_due_day, status)
           SELECT $1, x.position, x.domain_id, x.name, x.punycode, x.period, x.point, x.restore, x.auto_due_day, 'queued'
             FROM unnest($2::int[], $3::bigint[], $4::text[], $5::text[], $6::int[], $7::int[], $8::bool[], $9::date[])
               AS x(position, domain_id, name, punycode, period, point, restore, auto_due_day)
           RETURNING *`,
          [o.id, items.map((i) => i.position), items.map((i) => i.domainId), items.map((i) => i.name), items.map((i) => i.punycode), items.map((i) => i.period),
            items.map((i) => i.point), items.map((i) => i.restore), items.map((i) => i.autoDueDay ?? null)],
        );
        const out = (made as Record<string, any>[]).map(toItem).sort((a, b) => a.position - b.position);
        return { renewal: toRenewal(rows[0]), items: out };
      });
    } catch (e) {
      if ((e as { code?: string; constraint?: string }).code === '23505' && /renewal_items_auto_due/.test(String((e as { constraint?: string }).constraint ?? (e as Error).message))) throw new AutoRenewTaken();
      throw e;
    }
  }

  /** Of these (domain, Tokyo expiry day) pairs, the domains already auto-renewed (or tried) from that day. */
  async autoTried(pairs: Array<{ domainId: number; dueDay: string }>): Promise<Set<number>> {
    if (!pairs.length) return new Set();
    const rows = await this.ds.query(
      `SELECT i.domain_id FROM domain_ops.renewal_order_items i JOIN unnest($1::bigint[], $2::date[]) AS x(domain_id, day) ON i.domain_id = x.domain_id AND i.auto_due_day = x.day`,
      [pairs.map((p) => p.domainId), pairs.map((p) => p.dueDay)],
    );
    return new Set(rows.map((r: { domain_id: string }) => Number(r.domain_id)));
  }

  /** Of these keys of one member, those a renewal already has (auto-renewals made one per domain before batching). */
  async keysTaken(userId: number, keys: string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const rows = await this.ds.query('SELECT idempotency_key FROM domain_ops.renewal_orders WHERE user_id = $1 AND idempotency_key = ANY($2)', [userId, keys]);
    return new Set(rows.map((r: { idempotency_key: string }) => r.idempotency_key));
  }

  async findByKey(userId: number, key: string): Promise<Renewal | null> {
    const rows = await this.ds.query('SELECT * FROM domain_ops.renewal_orders WHERE user_id = $1 AND idempotency_key = $2', [userId, key]);
    return rows.length ? toRenewal(rows[0]) : null;
  }

  async find(id: string): Promise<Renewal | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const rows = await this.ds.query('SELECT * FROM domain_ops.renewal_orders WHERE id = $1', [id]);
    return rows.length ? toRenewal(rows[0]) : null;
  }

  async items(renewalId: string): Promise<RenewalItem[]> {
    return (await this.ds.query('SELECT * FROM domain_ops.renewal_order_items WHERE order_id = $1 ORDER BY position', [renewalId])).map(toItem);
  }

  /** Items the registry answered "accepted" (1001), oldest first. */
  async acceptedItems(limit = 200): Promise<RenewalItem[]> {
    return (await this.ds.query(`SELECT * FROM domain_ops.renewal_order_items WHERE status = 'accepted' ORDER BY id LIMIT ${limit}`)).map(toItem);
  }

  async item(id: number): Promise<RenewalItem | null> {
    const rows = await this.ds.query('SELECT * FROM domain_ops.renewal_order_items WHERE id = $1', [id]);
    return rows.length ? toItem(rows[0]) : null;
  }

  /** The item, its renewal and the expiry our domain row holds, in one read (the renewal job's start). */
  async itemToRenew(id: number): Promise<{ item: RenewalItem; renewal: Renewal; domainDue: Date | null } | null> {
    const rows = await this.ds.query(
      `SELECT to_jsonb(i) AS item, to_jsonb(r) AS renewal, d.due_date AS domain_due
         FROM domain_ops.renewal_order_items i JOIN domain_ops.renewal_orders r ON r.id = i.order_id LEFT JOIN domain_ops.domains d ON d.id = i.domain_id
        WHERE i.id = $1`,
      [id],
    );
    if (!rows.length) return null;
    return { item: toItem(rows[0].item), renewal: toRenewal(rows[0].renewal), domainDue: rows[0].domain_due ? new Date(rows[0].domain_due) : null };
  }

  /** Replaces the recorded expiry (the registry refused the one our domain row held: it had another). */
  async resetFromExpiry(itemId: number, at: Date): Promise<void> {
    await this.ds.query('UPDATE domain_ops.renewal_order_items SET from_expiry = $2, updated_at = now() WHERE id = $1', [itemId, at]);
  }

  async setStatus(id: string, status: RenewalStatus, error: string | null = null): Promise<void> {
    await this.ds.query(
      `UPDATE domain_ops.renewal_orders SET status = $2, error = coalesce($3, error), finished_at = CASE WHEN $2 IN ('done', 'failed') THEN now() ELSE finished_at END WHERE id = $1`,
      [id, status, error],
    );
  }

  async markSpent(itemId: number): Promise<void> {
    await this.ds.query('UPDATE domain_ops.renewal_order_items SET spent = true, updated_at = now() WHERE id = $1', [itemId]);
  }

  /** Items charged, each with the balance its charge left, in one UPDATE. */
  async markSpentMany(spent: Array<{ itemId: number; balanceAfter: number }>): Promise<void> {
    if (!spent.length) return;
    await this.ds.query(
      `UPDATE domain_ops.renewal_order_items i SET spent = true, spent_balance_after = x.balance, updated_at = now()
         FROM unnest($1::bigint[], $2::int[]) AS x(id, balance) WHERE i.id = x.id`,
      [spent.map((s) => s.itemId), spent.map((s) => s.balanceAfter)],
    );
  }

  /**
   * The item's attempt starts: processing, and (`fromExpiry` given) that expiry recorded as the one it renews from
   * when none is yet. Answers whether this call recorded it (the first attempt's fast path, RenewDomainJob).
   */
  async start(itemId: number, fromExpiry: Date | null): Promise<{ claimed: boolean }> {
    const rows = await this.ds.query(
      `WITH old AS (SELECT id, from_expiry FROM domain_ops.renewal_order_items WHERE id = $1 FOR UPDATE)
       UPDATE domain_ops.renewal_order_items i SET status = 'processing', from_expiry = coalesce(old.from_expiry, $2::timestamptz), updated_at = now()
         FROM old WHERE i.id = old.id RETURNING (old.from_expiry IS NULL AND $2::timestamptz IS NOT NULL) AS claimed`,
      [itemId, fromExpiry],
    );
    const r = (Array.isArray(rows[0]) ? rows[0] : rows) as Array<{ claimed: boolean }>;
    return { claimed: !!r[0]?.claimed };
  }

  /**
   * The registry renewed it: the domain's new due date (auto-renew on when asked), the member's history line (once,
   * by its dedupe key) and the item done, in one statement (one round trip per renewed domain).
   */
  async finishRenewed(o: { itemId: number; domainId: number; newExpiry: Date; autoUpdateOn: boolean; log: { userId: number; domainName: string; point: number; remainingPoint: number | null; subject: string; content: string; dedupeKey: string } }): Promise<void> {
    await this.ds.query(
      `WITH d AS (
         UPDATE domain_ops.domains SET due_date = $3, is_auto_update_enabled = is_auto_update_enabled OR $4, updated_at = now() WHERE id = $2 RETURNING id
       ), i AS (
         UPDATE domain_ops.renewal_order_items SET status = 'done', error_msg = NULL, new_expiry = $3, updated_at = now() WHERE id = $1 RETURNING id
       )
       INSERT INTO domain_ops.action_logs (user_id, domain_id, domain_name, type, point, remaining_point, subject, content, dedupe_key)
       VALUES ($5, $2, $6, 0, $7, $8, $9, $10, $11) ON CONFLICT (dedupe_key) DO NOTHING`,
      [o.itemId, o.domainId, o.newExpiry, o.autoUpdateOn, o.log.userId, o.log.domainName, o.log.point, o.log.remainingPoint, o.log.subject, o.log.content, o.log.dedupeKey],
    );
  }

  async markRefunded(itemId: number): Promise<void> {
    await this.ds.query('UPDATE domain_ops.renewal_order_items SET refunded = true, updated_at = now() WHERE id = $1', [itemId]);
  }

  /** The registry expiry this item renews from, recorded once (the first attempt's). */
  async setFromExpiry(itemId: number, at: Date): Promise<Date> {
    await this.ds.query('UPDATE domain_ops.renewal_order_items SET from_expiry = coalesce(from_expiry, $2), updated_at = now() WHERE id = $1', [itemId, at]);
    const rows = await this.ds.query('SELECT from_expiry FROM domain_ops.renewal_order_items WHERE id = $1', [itemId]);
    return new Date(rows[0].from_expiry);
  }

  async setItem(itemId: number, patch: { status: RenewalItemStatus; errorMsg?: string | null; newExpiry?: Date | null }): Promise<void> {
    await this.ds.query(
      'UPDATE domain_ops.renewal_order_items SET status = $2, error_msg = $3, new_expiry = coalesce($4, new_expiry), updated_at = now() WHERE id = $1',
      [itemId, patch.status, patch.errorMsg ?? null, patch.newExpiry ?? null],
    );
  }

  /** The renewed domain: its new due date, and auto-renew on when the member asked for it. */
  async renewed(domainId: number, dueDate: Date, autoUpdateOn: boolean): Promise<void> {
    await this.ds.query(
      `UPDATE domain_ops.domains SET due_date = $2, is_auto_update_enabled = is_auto_update_enabled OR $3, updated_at = now() WHERE id = $1`,
      [domainId, dueDate, autoUpdateOn],
    );
  }

  /**
   * Moves it from one status to another only if it is still in the first: the purchase path and the money reconciler
   * both go through here, so exactly one of them gives an order up (or starts it) and the other sees that it lost.
   */
  async claimStatus(id: string, from: RenewalStatus, to: RenewalStatus, error: string | null = null): Promise<boolean> {
    const rows = await this.ds.query(
      `UPDATE domain_ops.renewal_orders SET status = $3, error = coalesce($4, error), finished_at = CASE WHEN $3 IN ('done', 'failed') THEN now() ELSE finished_at END
        WHERE id = $1 AND status = $2 RETURNING id`,
      [id, from, to, error],
    );
    return (Array.isArray(rows[0]) ? rows[0] : rows).length > 0;
  }

  /** Those in a status since longer than olderThanS seconds (the money reconciler's input), oldest first. */
  async stuck(status: RenewalStatus, olderThanS: number, limit = 100) {
    const rows = await this.ds.query(
      `SELECT * FROM domain_ops.renewal_orders WHERE status = $1 AND created_at < now() - make_interval(secs => $2) ORDER BY created_at LIMIT $3`,
      [status, olderThanS, limit],
    );
    return rows.map(toRenewal);
  }
}
