import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EPP_CLIENT, EppClientPool } from '@registrar/epp';
import { GroupBatcher } from '../../shared/common/group-batcher';
import { DOMAIN_OPS_SCHEMA } from '../../shared/contacts/contacts.repository';
import { type StuckCursor, stuckPage } from '../stuck-page';

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

/** What finishRenewed writes for one renewed item. */
export interface RenewedItem {
  itemId: number;
  domainId: number;
  newExpiry: Date;
  autoUpdateOn: boolean;
  log: { userId: number; domainName: string; point: number; remainingPoint: number | null; subject: string; content: string; dedupeKey: string };
}

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
  constructor(
    @InjectDataSource(DOMAIN_OPS_SCHEMA) private readonly ds: DataSource,
    /** the registry's answers this process awaits: while there are none, a renewed item's end does not linger for company */
    @Optional() @Inject(EPP_CLIENT) private readonly epp?: EppClientPool,
  ) {}

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

  /**
   * The item, its renewal and the expiry our domain row holds, in one read (the renewal job's start). The items of a
   * chunk asking at the same moment go together in one statement (GroupBatcher), each read as it is now.
   */
  itemToRenew(id: number): Promise<{ item: RenewalItem; renewal: Renewal; domainDue: Date | null } | null> {
    return this.itemReads.submit(id);
  }

  private readonly itemReads = new GroupBatcher<number, { item: RenewalItem; renewal: Renewal; domainDue: Date | null } | null>(async (ids) => {
    // plain columns, the renewal's prefixed (no row built as JSON per item: it cost PostgreSQL a third of this read)
    const rows = await this.ds.query(
      `SELECT i.*, d.due_date AS domain_due, r.id AS r_id, r.user_id AS r_user_id, r.idempotency_key AS r_idempotency_key, r.kind AS r_kind,
              r.total AS r_total, r.payment_type AS r_payment_type, r.payment_session_id AS r_payment_session_id, r.with_auto_update AS r_with_auto_update,
              r.status AS r_status, r.error AS r_error, r.created_at AS r_created_at
         FROM domain_ops.renewal_order_items i JOIN domain_ops.renewal_orders r ON r.id = i.order_id LEFT JOIN domain_ops.domains d ON d.id = i.domain_id
        WHERE i.id = ANY($1::bigint[])`,
      [ids],
    );
    const byId = new Map((rows as Record<string, any>[]).map((r) => [Number(r.id), r]));
    const renewals = new Map<string, Renewal>();
    return ids.map((id) => {
      const r = byId.get(id);
      if (!r) return null;
      let renewal = renewals.get(r.r_id);
      if (!renewal) {
        renewal = toRenewal({ id: r.r_id, user_id: r.r_user_id, idempotency_key: r.r_idempotency_key, kind: r.r_kind, total: r.r_total, payment_type: r.r_payment_type,
          payment_session_id: r.r_payment_session_id, with_auto_update: r.r_with_auto_update, status: r.r_status, error: r.r_error, created_at: r.r_created_at });
        renewals.set(r.r_id, renewal);
      }
      return { item: toItem(r), renewal: { ...renewal }, domainDue: r.domain_due ? new Date(r.domain_due) : null };
    });
  });

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
   * when none is yet. Answers whether this call recorded it (the first attempt's fast path, RenewDomainJob), and whether
   * one was recorded already (`recorded`: another attempt, or another run of this one, may have sent a command since
   * this attempt read the item; ADR 0052). Starts at
   * the same moment go together in one statement (GroupBatcher); the same item twice in a batch goes in two, so only
   * one of them can claim.
   */
  start(itemId: number, fromExpiry: Date | null): Promise<{ claimed: boolean; recorded: boolean }> {
    return this.starts.submit({ itemId, fromExpiry });
  }

  private readonly starts = new GroupBatcher<{ itemId: number; fromExpiry: Date | null }, { claimed: boolean; recorded: boolean }>(async (all) => {
    const out = new Map<{ itemId: number; fromExpiry: Date | null }, { claimed: boolean; recorded: boolean }>();
    for (let rest = all; rest.length;) {
      const seen = new Set<number>();
      const now = rest.filter((x) => !seen.has(x.itemId) && !!seen.add(x.itemId));
      rest = rest.filter((x) => !now.includes(x));
      const rows = await this.ds.query(
        `WITH x AS (SELECT * FROM unnest($1::bigint[], $2::timestamptz[]) AS x(id, from_expiry)),
              old AS (SELECT i.id, i.from_expiry FROM domain_ops.renewal_order_items i JOIN x ON x.id = i.id ORDER BY i.id FOR UPDATE OF i)
         UPDATE domain_ops.renewal_order_items i SET status = 'processing', from_expiry = coalesce(old.from_expiry, x.from_expiry), updated_at = now()
           FROM old JOIN x ON x.id = old.id WHERE i.id = old.id
         RETURNING i.id, (old.from_expiry IS NULL AND x.from_expiry IS NOT NULL) AS claimed, (old.from_expiry IS NOT NULL) AS recorded`,
        [now.map((x) => x.itemId), now.map((x) => x.fromExpiry)],
      );
      const started = new Map(((Array.isArray(rows[0]) ? rows[0] : rows) as Array<{ id: string; claimed: boolean; recorded: boolean }>).map((r) => [Number(r.id), { claimed: !!r.claimed, recorded: !!r.recorded }]));
      // an item gone: nothing claimed, and nothing known of what was sent (recorded: never taken as "not renewed")
      for (const x of now) out.set(x, started.get(x.itemId) ?? { claimed: false, recorded: true });
    }
    return all.map((x) => out.get(x)!);
  });

  /**
   * The registry renewed it: the domain's new due date (auto-renew on when asked), the member's history line (once,
   * by its dedupe key) and the item done, in one statement (one round trip per renewed domain). The items of a chunk
   * ending within 40 ms of each other (in a busy period) go together in one statement (GroupBatcher with a linger: they
   * end one by one at the registry's pace; the linger ends early once this process awaits no registry answer); each
   * caller returns once it is committed.
   */
  finishRenewed(o: RenewedItem): Promise<void> {
    return this.finishes.submit(o);
  }

  private readonly finishes = new GroupBatcher<RenewedItem, void>(async (all) => {
    for (let rest = all; rest.length;) {
      // a domain renewed twice at once (two renewals) goes in two statements: one UPDATE may not touch a row twice
      const seen = new Set<number>();
      const now = rest.filter((x) => !seen.has(x.domainId) && !!seen.add(x.domainId));
      rest = rest.filter((x) => !now.includes(x));
      await this.ds.query(
        `WITH x AS (
           SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::timestamptz[], $4::bool[], $5::bigint[], $6::text[], $7::int[], $8::int[], $9::text[], $10::text[], $11::text[])
             AS x(item_id, domain_id, new_expiry, auto_on, user_id, domain_name, point, remaining, subject, content, dedupe_key)
         ), d AS (
           UPDATE domain_ops.domains d SET due_date = x.new_expiry, is_auto_update_enabled = d.is_auto_update_enabled OR x.auto_on, updated_at = now() FROM x WHERE d.id = x.domain_id RETURNING d.id
         ), i AS (
           UPDATE domain_ops.renewal_order_items i SET status = 'done', error_msg = NULL, new_expiry = x.new_expiry, updated_at = now() FROM x WHERE i.id = x.item_id RETURNING i.id
         )
         INSERT INTO domain_ops.action_logs (user_id, domain_id, domain_name, type, point, remaining_point, subject, content, dedupe_key)
         SELECT user_id, domain_id, domain_name, 0, point, remaining, subject, content, dedupe_key FROM x ON CONFLICT (dedupe_key) DO NOTHING`,
        [now.map((o) => o.itemId), now.map((o) => o.domainId), now.map((o) => o.newExpiry), now.map((o) => o.autoUpdateOn), now.map((o) => o.log.userId),
          now.map((o) => o.log.domainName), now.map((o) => o.log.point), now.map((o) => o.log.remainingPoint), now.map((o) => o.log.subject),
          now.map((o) => o.log.content), now.map((o) => o.log.dedupeKey)],
      );
    }
    return all.map(() => undefined);
  }, 200, 40, () => (this.epp ? this.epp.inFlight > 0 : true));

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

  /** Those in a status since longer than olderThanS seconds, a page at a time (the money reconciler's input). */
  stuck(status: RenewalStatus, olderThanS: number, after: StuckCursor | null = null, limit = 100) {
    return stuckPage(this.ds, 'renewal_orders', toRenewal, status, olderThanS, after, limit);
  }
}
