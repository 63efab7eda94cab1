import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CATALOG_SCHEMA } from '../catalog.constants';

export interface ReserveOutcome {
  reserved: boolean;
  used: number;
}

/** Storage of the campaign counters: catalog.campaign_counters (one row per member and month) and their reservations. */
@Injectable()
export class CampaignRepository {
  constructor(@InjectDataSource(CATALOG_SCHEMA) private readonly ds: DataSource) {}

  async used(userId: number, month: string): Promise<number> {
    const rows: { used: number }[] = await this.ds.query('SELECT used FROM catalog.campaign_counters WHERE user_id = $1 AND month_key = $2', [userId, month]);
    return rows.length ? Number(rows[0].used) : 0;
  }

  /**
   * Takes one slot under the counter row's lock, in one statement (one round trip; it was a transaction of four): two
   * calls at the same moment are serialised on the counter row, so the count never passes the limit, and the slot is
   * counted only with its reservation (the statement is atomic). A key already reserved (and not released) answers
   * reserved without taking another slot. The same key reserved twice at the very same moment (never done: one key
   * per order item, asked once) makes the second call fail on the key, counting nothing.
   */
  async reserve(userId: number, month: string, key: string, limit: number): Promise<ReserveOutcome> {
    const rows: Array<{ existed: boolean; released_at: Date | null; taken: number | null; used: number | null }> = await this.ds.query(
      `WITH e AS (SELECT released_at FROM catalog.campaign_reservations WHERE key = $3),
            c AS (
              INSERT INTO catalog.campaign_counters AS c (user_id, month_key, used)
              SELECT $1, $2, 1 WHERE $4 > 0 AND NOT EXISTS (SELECT 1 FROM e)
              ON CONFLICT (user_id, month_key) DO UPDATE SET used = c.used + 1, updated_at = now() WHERE c.used < $4
              RETURNING c.used
            ),
            r AS (INSERT INTO catalog.campaign_reservations (key, user_id, month_key) SELECT $3, $1, $2 FROM c RETURNING key)
       SELECT EXISTS (SELECT 1 FROM e) AS existed, (SELECT released_at FROM e) AS released_at,
              (SELECT used FROM c) AS taken, (SELECT used FROM catalog.campaign_counters WHERE user_id = $1 AND month_key = $2) AS used`,
      [userId, month, key, limit],
    );
    const r = rows[0]!;
    if (r.existed) return { reserved: r.released_at === null, used: Number(r.used ?? 0) };
    if (r.taken != null) return { reserved: true, used: Number(r.taken) };
    return { reserved: false, used: Number(r.used ?? limit) };
  }

  /** Gives the slot of a key back, once. */
  release(key: string): Promise<boolean> {
    return this.ds.transaction(async (m) => {
      const res = await m.query(
        'UPDATE catalog.campaign_reservations SET released_at = now() WHERE key = $1 AND released_at IS NULL RETURNING user_id, month_key',
        [key],
      );
      // TypeORM answers an UPDATE … RETURNING as [rows, affected]
      const rows: { user_id: string; month_key: string }[] = Array.isArray(res[0]) ? res[0] : res;
      if (!rows.length) return false;
      await m.query('UPDATE catalog.campaign_counters SET used = greatest(used - 1, 0), updated_at = now() WHERE user_id = $1 AND month_key = $2', [rows[0].user_id, rows[0].month_key]);
      return true;
    });
  }

  /** Drops counters and reservations of months before `month`; answers how many counter rows went. */
  async purgeBefore(month: string): Promise<number> {
    await this.ds.query('DELETE FROM catalog.campaign_reservations WHERE month_key < $1', [month]);
    const r: [unknown[], number] = await this.ds.query('DELETE FROM catalog.campaign_counters WHERE month_key < $1', [month]);
    return Array.isArray(r) ? Number(r[1] ?? 0) : 0;
  }
}
