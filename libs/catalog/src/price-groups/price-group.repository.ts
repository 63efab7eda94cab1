import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CustomPriceUserDto, PriceGroupDto } from '@registrar/contracts';
import { CATALOG_SCHEMA } from '../catalog.constants';

/** catalog.price_group (with its fixed TLD prices) and catalog.user_custom_price. */
@Injectable()
export class PriceGroupRepository {
  constructor(@InjectDataSource(CATALOG_SCHEMA) private readonly ds: DataSource) {}

  async groups(): Promise<PriceGroupDto[]> {
    const groups: { id: number; jp_name: string; margin_percent: string }[] = await this.ds.query('SELECT id, jp_name, margin_percent FROM catalog.price_group ORDER BY ordinal, id');
    const fixed: { price_group_id: number; tld_name: string; register: number | null; renew: number | null; transfer: number | null }[] =
      await this.ds.query('SELECT price_group_id, tld_name, register, renew, transfer FROM catalog.price_group_tld_price');
    return groups.map((g) => ({
      id: g.id,
      jpName: g.jp_name,
      marginPercent: Number(g.margin_percent),
      fixed: Object.fromEntries(fixed.filter((f) => f.price_group_id === g.id).map((f) => [f.tld_name, { register: f.register, renew: f.renew, transfer: f.transfer }])),
    }));
  }

  async groupIdOf(userId: number): Promise<number | null> {
    const rows: { price_group_id: number }[] = await this.ds.query('SELECT price_group_id FROM catalog.user_custom_price WHERE user_id = $1', [userId]);
    return rows.length ? rows[0].price_group_id : null;
  }

  async users(userId: number | null): Promise<CustomPriceUserDto[]> {
    const rows: { user_id: string; price_group_id: number; jp_name: string; updated_at: Date; updated_by: string | null }[] = await this.ds.query(
      `SELECT u.user_id, u.price_group_id, g.jp_name, u.updated_at, u.updated_by FROM catalog.user_custom_price u JOIN catalog.price_group g ON g.id = u.price_group_id
       ${userId === null ? '' : 'WHERE u.user_id = $1'} ORDER BY u.updated_at DESC, u.user_id LIMIT 1000`,
      userId === null ? [] : [userId],
    );
    return rows.map((r) => ({ id: Number(r.user_id), price_group: r.price_group_id, jpName: r.jp_name, updated_at: new Date(r.updated_at).toISOString(), updated_by: r.updated_by === null ? null : Number(r.updated_by) }));
  }

  /** Sets the member's group; answers the group before (null when none). */
  async set(userId: number, groupId: number, adminId: number | null): Promise<number | null> {
    return this.ds.transaction(async (m) => {
      const before: { price_group_id: number }[] = await m.query('SELECT price_group_id FROM catalog.user_custom_price WHERE user_id = $1 FOR UPDATE', [userId]);
      await m.query(
        `INSERT INTO catalog.user_custom_price (user_id, price_group_id, updated_by) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET price_group_id = EXCLUDED.price_group_id, updated_by = EXCLUDED.updated_by, updated_at = now()`,
        [userId, groupId, adminId],
      );
      return before.length ? before[0].price_group_id : null;
    });
  }

  /** Removes the member's group; answers the group it had (null when none). */
  async remove(userId: number): Promise<number | null> {
    const rows: { price_group_id: number }[] = await this.ds.query('DELETE FROM catalog.user_custom_price WHERE user_id = $1 RETURNING price_group_id', [userId]);
    return rows.length ? rows[0].price_group_id : null;
  }
}
