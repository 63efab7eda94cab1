import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MarketNoticesResult } from '@registrar/contracts';
import { MARKET_SCHEMA } from '../migrations';

/** The member's market events shown in the header's bell: one per mail sent, under the mail's key (written once). */
@Injectable()
export class NoticeService {
  constructor(@InjectDataSource(MARKET_SCHEMA) private readonly ds: DataSource) {}

  async add(userId: number, key: string, title: string, link: string): Promise<void> {
    await this.ds.query('INSERT INTO market.notices (user_id, key, title, link) VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO NOTHING', [userId, key, title.slice(0, 200), link]);
  }

  async list(userId: number): Promise<MarketNoticesResult> {
    const rows = await this.ds.query('SELECT * FROM market.notices WHERE user_id = $1 ORDER BY id DESC LIMIT 10', [userId]);
    const unread = await this.ds.query('SELECT count(*)::int AS n FROM market.notices WHERE user_id = $1 AND read_at IS NULL', [userId]);
    return {
      data: rows.map((r: Record<string, any>) => ({ id: Number(r.id), title: r.title, link: r.link, created_at: new Date(r.created_at).toISOString(), is_read: r.read_at != null })),
      unread: Number(unread[0].n),
    };
  }

  async read(userId: number): Promise<{ marked: number }> {
    const r = await this.ds.query('UPDATE market.notices SET read_at = now() WHERE user_id = $1 AND read_at IS NULL', [userId]);
    return { marked: Number(Array.isArray(r) ? r[1] ?? 0 : 0) };
  }
}
