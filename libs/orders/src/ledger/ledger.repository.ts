import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { NewPointEntry, PointEntry } from './point-entry';

/** Work done inside one ledger transaction, with the member's balance row locked. */
export interface LedgerTx {
  findByKey(key: string): Promise<PointEntry | null>;
  /** Creates the balance row if missing, locks it until the transaction ends (a row lock, as SELECT … FOR UPDATE) and returns the balance. */
  lockBalance(userId: number): Promise<number>;
  /** Appends an entry and sets the balance row to its balance_after; null (and nothing changed) when the key is taken. */
  append(entry: NewPointEntry): Promise<PointEntry | null>;
  /** Voids a spend key (a spend under it is refused from now on); a key already voided stays so. */
  voidKey(userId: number, spendKey: string): Promise<void>;
}

/** What one change came to (see the migration of orders.apply_point_change). */
export type ChangeOutcome =
  | { outcome: 'applied' | 'replay'; entry: PointEntry }
  | { outcome: 'voided' | 'expired' | 'insufficient'; balance: number };

const ENTRY_COLUMNS = 'id, user_id, delta, balance_after, kind, reference, idempotency_key, created_at';

type Row = { id: string; user_id: string; delta: string; balance_after: string; kind: PointEntry['kind']; reference: string | null; idempotency_key: string; created_at: Date };
const toEntry = (r: Row): PointEntry => ({
  id: Number(r.id),
  userId: Number(r.user_id),
  delta: Number(r.delta),
  balanceAfter: Number(r.balance_after),
  kind: r.kind,
  reference: r.reference,
  idempotencyKey: r.idempotency_key,
  createdAt: new Date(r.created_at),
});

/** Storage of the points ledger: orders.point_entries (append-only) and orders.point_balances (one row per member). */
@Injectable()
export class LedgerRepository {
  constructor(@InjectDataSource('orders') private readonly ds: DataSource) {}

  /** One transaction (PostgreSQL's default READ COMMITTED; naming it would cost an extra round trip per change). */
  async inTransaction<T>(work: (tx: LedgerTx) => Promise<T>): Promise<T> {
    return this.ds.transaction((m) => work(this.tx(m)));
  }

  /**
   * One change in one round trip (orders.apply_point_change, migration 1797400000000): the key look-up, the balance-row
   * lock, the void and deadline checks of a spend, the entry and its balance, as LedgerService.apply describes.
   */
  async applyChange(e: { userId: number; delta: number; kind: PointEntry['kind']; reference: string | null; idempotencyKey: string; deadline: number | null }): Promise<ChangeOutcome> {
    const rows: (Row & { outcome: ChangeOutcome['outcome']; balance: string | null })[] = await this.ds.query(
      'SELECT * FROM orders.apply_point_change($1, $2, $3, $4, $5, $6)',
      [e.userId, e.delta, e.kind, e.reference, e.idempotencyKey, e.deadline == null ? null : new Date(e.deadline)],
    );
    const r = rows[0]!;
    return r.outcome === 'applied' || r.outcome === 'replay'
      ? { outcome: r.outcome, entry: toEntry(r) }
      : { outcome: r.outcome, balance: Number(r.balance) };
  }

  /**
   * Several changes in one statement, so one transaction and one commit (group commit, docs/adr/0042-rpc-batching-and-ledger-group-commit.md):
   * orders.apply_point_change for each, in the order given (the caller sorts them by member, so that two groups take
   * their balance-row locks in the same order), each with its own key, checks and outcome exactly as applyChange; the
   * function is VOLATILE, so each call sees the changes of the calls before it in the same group. One outcome per change,
   * in the order given. An error (none is expected: a refusal is an outcome) rolls back the whole group.
   */
  async applyChanges(changes: Array<{ userId: number; delta: number; kind: PointEntry['kind']; reference: string | null; idempotencyKey: string; deadline: number | null }>): Promise<ChangeOutcome[]> {
    const rows: (Row & { ord: number; outcome: ChangeOutcome['outcome']; balance: string | null })[] = await this.ds.query(
      `SELECT u.ord::int AS ord, r.*
         FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])
              WITH ORDINALITY AS u(c_user, c_delta, c_kind, c_reference, c_key, c_deadline, ord)
        CROSS JOIN LATERAL orders.apply_point_change(u.c_user, u.c_delta, u.c_kind, u.c_reference, u.c_key, u.c_deadline) AS r`,
      [
        changes.map((c) => c.userId),
        changes.map((c) => c.delta),
        changes.map((c) => c.kind),
        changes.map((c) => c.reference),
        changes.map((c) => c.idempotencyKey),
        changes.map((c) => (c.deadline == null ? null : new Date(c.deadline))),
      ],
    );
    const out: ChangeOutcome[] = new Array(changes.length);
    for (const r of rows) {
      out[r.ord - 1] = r.outcome === 'applied' || r.outcome === 'replay' ? { outcome: r.outcome, entry: toEntry(r) } : { outcome: r.outcome, balance: Number(r.balance) };
    }
    if (rows.length !== changes.length || out.some((o) => !o)) throw new Error(`group commit: ${rows.length} outcomes for ${changes.length} changes`);
    return out;
  }

  findByKey(key: string): Promise<PointEntry | null> {
    return this.tx(this.ds.manager).findByKey(key);
  }

  async balance(userId: number): Promise<number> {
    const rows: { balance: string }[] = await this.ds.query('SELECT balance FROM orders.point_balances WHERE user_id = $1', [userId]);
    return rows.length ? Number(rows[0].balance) : 0;
  }

  async history(userId: number, offset: number, limit: number): Promise<{ entries: PointEntry[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.ds.query(`SELECT ${ENTRY_COLUMNS} FROM orders.point_entries WHERE user_id = $1 ORDER BY id DESC OFFSET $2 LIMIT $3`, [userId, offset, limit]),
      this.ds.query('SELECT count(*)::int AS n FROM orders.point_entries WHERE user_id = $1', [userId]),
    ]);
    return { entries: (rows as Row[]).map(toEntry), total: count[0].n };
  }

  /** Sum of all entries of a member (the ledger's own account of the balance; used by checks and tests). */
  async sumOfEntries(userId: number): Promise<number> {
    const rows = await this.ds.query('SELECT coalesce(sum(delta), 0)::bigint AS s FROM orders.point_entries WHERE user_id = $1', [userId]);
    return Number(rows[0].s);
  }

  /** Spends under a key prefix, aged between olderThanS seconds and withinDays days, with no entry under their refund key. */
  async openSpends(keyPrefix: string, olderThanS: number, withinDays: number, limit: number): Promise<PointEntry[]> {
    const like = `${keyPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%:spend`;
    const rows: Row[] = await this.ds.query(
      `SELECT ${ENTRY_COLUMNS} FROM orders.point_entries s
        WHERE s.kind = 'spend' AND s.created_at < now() - make_interval(secs => $2) AND s.created_at > now() - make_interval(days => $3)
          AND s.idempotency_key LIKE $1
          AND NOT EXISTS (SELECT 1 FROM orders.point_entries r WHERE r.idempotency_key = left(s.idempotency_key, -6) || ':refund')
        ORDER BY s.id LIMIT $4`,
      [like, olderThanS, withinDays, limit],
    );
    return rows.map(toEntry);
  }

  private tx(m: EntityManager): LedgerTx {
    return {
      async voidKey(userId, spendKey) {
        await m.query('INSERT INTO orders.voided_charges (spend_key, user_id) VALUES ($1, $2) ON CONFLICT (spend_key) DO NOTHING', [spendKey, userId]);
      },
      async findByKey(key) {
        const rows: Row[] = await m.query(`SELECT ${ENTRY_COLUMNS} FROM orders.point_entries WHERE idempotency_key = $1`, [key]);
        return rows.length ? toEntry(rows[0]) : null;
      },
      async lockBalance(userId) {
        // one round trip: creates the row if missing and, either way, locks it (ON CONFLICT DO UPDATE takes the row lock
        // exactly as SELECT … FOR UPDATE does) and returns the balance as of the lock
        const rows: { balance: string }[] = await m.query(
          `INSERT INTO orders.point_balances AS b (user_id, balance) VALUES ($1, 0)
           ON CONFLICT (user_id) DO UPDATE SET user_id = b.user_id RETURNING b.balance`,
          [userId],
        );
        return Number(rows[0].balance);
      },
      async append(e) {
        // the entry and the new balance in one statement; a key already used (by a change that committed meanwhile)
        // inserts nothing and changes no balance
        const rows: Row[] = await m.query(
          `WITH entry AS (
             INSERT INTO orders.point_entries (user_id, delta, balance_after, kind, reference, idempotency_key)
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (idempotency_key) DO NOTHING RETURNING ${ENTRY_COLUMNS}
           ), balance AS (
             UPDATE orders.point_balances SET balance = $3, updated_at = now() WHERE user_id = $1 AND EXISTS (SELECT 1 FROM entry)
           )
           SELECT * FROM entry`,
          [e.userId, e.delta, e.balanceAfter, e.kind, e.reference, e.idempotencyKey],
        );
        return rows.length ? toEntry(rows[0]) : null;
      },
    };
  }
}

/** PostgreSQL unique_violation on the idempotency key. */
export function isIdempotencyKeyViolation(e: unknown): boolean {
  const d = (e as { driverError?: { code?: string; constraint?: string }; code?: string; constraint?: string }) ?? {};
  const code = d.driverError?.code ?? d.code;
  const constraint = d.driverError?.constraint ?? d.constraint ?? '';
  return code === '23505' && constraint.includes('idempotency_key');
}
