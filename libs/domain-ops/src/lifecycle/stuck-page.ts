import type { DataSource } from 'typeorm';

/** Where a page of stuck rows ended (its last row's created_at, exact to the microsecond, and id). */
export interface StuckCursor {
  at: string;
  id: string;
}

/** The tables whose open rows the money reconciler pages through (a fixed list: the name goes into the statement). */
type StuckTable = 'registration_orders' | 'renewal_orders';

/**
 * One page of the rows of `table` in `status` since longer than olderThanS seconds (the money reconciler's input),
 * oldest first, after `after` (the page before's `next`): rows a pass leaves open (a registry that does not answer,
 * ADR 0050/0052) never hide newer ones behind the first page (review r3).
 */
export async function stuckPage<T>(
  ds: DataSource,
  table: StuckTable,
  map: (row: Record<string, any>) => T,
  status: string,
  olderThanS: number,
  after: StuckCursor | null,
  limit: number,
): Promise<{ rows: T[]; next: StuckCursor | null }> {
  const rows: Array<Record<string, any>> = await ds.query(
    `SELECT *, created_at::text AS stuck_at FROM domain_ops.${table}
      WHERE status = $1 AND created_at < now() - make_interval(secs => $2)
        AND ($4::timestamptz IS NULL OR (created_at, id) > ($4::timestamptz, $5::uuid))
      ORDER BY created_at, id LIMIT $3`,
    [status, olderThanS, limit, after?.at ?? null, after?.id ?? null],
  );
  const last = rows[rows.length - 1];
  return { rows: rows.map(map), next: rows.length === limit && last ? { at: String(last.stuck_at), id: String(last.id) } : null };
}
