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
   * Takes one slot under the counter row's lock: two calls at the same moment are serialised, so the count never
   * passes the limit. A key already reserved (and not released) answers reserved without taking another slot.
   */
  reserve(userId: number, month: string, key: string, limit: number): Promise<ReserveOutcome> {
    return this.ds.transaction(async (m) => {
      const locked: { used: number }[] = await m.query(
        `INSERT INTO catalog.campaign_counters AS c (user_id, month_key, used) VALUES ($1, $2, 0)
         ON CONFLICT (user_id, month_key) DO UPDATE SET user_id = c.user_id RETURNING c.used`,
        [userId, month],
      );
      const used = Number(locked[0].used);
      const existing: { released_at: Date | null }[] = await m.query('SELECT released_at FROM catalog.campaign_reservations WHERE key = $1', [key]);
      if (existing.length) return { reserved: existing[0].released_at === null, used };
      if (used >= limit) return { reserved: false, used };
      await m.query('INSERT INTO catalog.campaign_reservations (key, user_id, month_key) VALUES ($1, $2, $3)', [key, userId, month]);
      await m.query('UPDATE catalog.campaign_counters SET used = used + 1, updated_at = now() WHERE user_id = $1 AND month_key = $2', [userId, month]);
      return { reserved: true, used: used + 1 };
    });
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
