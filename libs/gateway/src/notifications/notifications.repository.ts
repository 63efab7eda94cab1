import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CAMPAIGN_NOTIFICATION_TYPE, type AnnouncementValue, type NotificationValue } from '@registrar/rules';
import { IDENTITY_SCHEMA } from '@registrar/identity';

export interface NotificationRow { id: number; title: string; type: number; release_date: string; description: string }
export interface AdminNotificationRow extends NotificationRow { created_at: string; updated_at: string; released: boolean }
export interface AnnouncementRow { id: number; categoryId: number; content: string; reDisplayPeriod: number | null; startAt: string | null; endAt: string | null }
export interface Paged<T> { data: T[]; total: number; current_page: number; last_page: number; per_page: number }

const S = IDENTITY_SCHEMA;
const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
const toNotification = (r: Record<string, unknown>): NotificationRow => ({
  id: Number(r.id), title: String(r.title), type: Number(r.type), release_date: iso(r.release_date)!, description: String(r.description),
});
const toAnnouncement = (r: Record<string, unknown>): AnnouncementRow => ({
  id: Number(r.id), categoryId: Number(r.category_id), content: String(r.content), reDisplayPeriod: r.re_display_period == null ? null : Number(r.re_display_period),
  startAt: iso(r.start_at), endAt: iso(r.end_at),
});

/** Storage of notifications, their read marks and header announcements (identity schema). */
@Injectable()
export class NotificationsRepository {
  constructor(@InjectDataSource(IDENTITY_SCHEMA) private readonly ds: DataSource) {}

  /** Released notifications (release_date reached), newest first. */
  async released(page: number, perPage: number, type?: number): Promise<Paged<NotificationRow>> {
    const where = `release_date <= now()${type ? ' AND type = $3' : ''}`;
    const params: unknown[] = [perPage, (page - 1) * perPage, ...(type ? [type] : [])];
    const rows = await this.ds.query(`SELECT id, title, type, release_date, description, count(*) OVER () AS total FROM ${S}.notifications WHERE ${where} ORDER BY release_date DESC, id DESC LIMIT $1 OFFSET $2`, params);
    const total = rows.length ? Number(rows[0].total) : Number((await this.ds.query(`SELECT count(*) AS c FROM ${S}.notifications WHERE ${where.replace('$3', '$1')}`, type ? [type] : []))[0].c);
    return { data: rows.map(toNotification), total, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage };
  }

  /** The member's latest released notifications with their read mark, and the two unread counters (normal, campaign). */
  async forMember(userId: number, limit: number): Promise<{ notifications: Array<NotificationRow & { is_read: boolean }>; unread: { normal: number; campaign: number } }> {
    const rows = await this.ds.query(
      `SELECT n.id, n.title, n.type, n.release_date, n.description, (r.user_id IS NOT NULL) AS is_read
         FROM ${S}.notifications n LEFT JOIN ${S}.notification_reads r ON r.notification_id = n.id AND r.user_id = $1
        WHERE n.release_date <= now() ORDER BY n.release_date DESC, n.id DESC LIMIT $2`, [userId, limit]);
    const [counts] = await this.ds.query(
      `SELECT count(*) FILTER (WHERE n.type <> $2) AS normal, count(*) FILTER (WHERE n.type = $2) AS campaign
         FROM ${S}.notifications n
        WHERE n.release_date <= now() AND NOT EXISTS (SELECT 1 FROM ${S}.notification_reads r WHERE r.notification_id = n.id AND r.user_id = $1)`,
      [userId, CAMPAIGN_NOTIFICATION_TYPE]);
    return {
      notifications: rows.map((r: Record<string, unknown>) => ({ ...toNotification(r), is_read: Boolean(r.is_read) })),
      unread: { normal: Number(counts.normal), campaign: Number(counts.campaign) },
    };
  }

  /** Marks one released notification, or every released one, read for the member; answers how many were newly marked. */
  async markRead(userId: number, notificationId?: number): Promise<number> {
    const rows = await this.ds.query(
      `INSERT INTO ${S}.notification_reads (user_id, notification_id)
       SELECT $1, id FROM ${S}.notifications WHERE release_date <= now()${notificationId ? ' AND id = $2' : ''}
       ON CONFLICT DO NOTHING RETURNING notification_id`, notificationId ? [userId, notificationId] : [userId]);
    return rows.length;
  }

  // ---- authoring

  async adminList(page: number, perPage: number): Promise<Paged<AdminNotificationRow>> {
    const rows = await this.ds.query(
      `SELECT id, title, type, release_date, description, created_at, updated_at, release_date <= now() AS released, count(*) OVER () AS total
         FROM ${S}.notifications ORDER BY release_date DESC, id DESC LIMIT $1 OFFSET $2`, [perPage, (page - 1) * perPage]);
    const total = rows.length ? Number(rows[0].total) : Number((await this.ds.query(`SELECT count(*) AS c FROM ${S}.notifications`))[0].c);
    return {
      data: rows.map((r: Record<string, unknown>) => ({ ...toNotification(r), created_at: iso(r.created_at)!, updated_at: iso(r.updated_at)!, released: Boolean(r.released) })),
      total, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage,
    };
  }

  async findNotification(id: number): Promise<NotificationRow | null> {
    const [r] = await this.ds.query(`SELECT id, title, type, release_date, description FROM ${S}.notifications WHERE id = $1`, [id]);
    return r ? toNotification(r) : null;
  }

  async createNotification(v: NotificationValue, adminId: number): Promise<NotificationRow> {
    const [r] = await this.ds.query(
      `INSERT INTO ${S}.notifications (title, type, release_date, description, created_by) VALUES ($1, $2, $3, $4, $5)
       RETURNING id, title, type, release_date, description`, [v.title, v.type, v.release_date, v.description, adminId]);
    return toNotification(r);
  }

  async updateNotification(id: number, v: NotificationValue): Promise<NotificationRow | null> {
    const [rows] = await this.ds.query(
      `UPDATE ${S}.notifications SET title = $2, type = $3, release_date = $4, description = $5, updated_at = now() WHERE id = $1
       RETURNING id, title, type, release_date, description`, [id, v.title, v.type, v.release_date, v.description]);
    return rows?.[0] ? toNotification(rows[0]) : null;
  }

  async deleteNotification(id: number): Promise<NotificationRow | null> {
    const [rows] = await this.ds.query(`DELETE FROM ${S}.notifications WHERE id = $1 RETURNING id, title, type, release_date, description`, [id]);
    return rows?.[0] ? toNotification(rows[0]) : null;
  }

  /** Announcements sent to the header now: inside their start/end window, newest first. */
  async activeAnnouncements(): Promise<AnnouncementRow[]> {
    const rows = await this.ds.query(
      `SELECT * FROM ${S}.header_announcements WHERE (start_at IS NULL OR start_at <= now()) AND (end_at IS NULL OR end_at > now()) ORDER BY id DESC LIMIT 10`);
    return rows.map(toAnnouncement);
  }

  async allAnnouncements(): Promise<AnnouncementRow[]> {
    return (await this.ds.query(`SELECT * FROM ${S}.header_announcements ORDER BY id DESC`)).map(toAnnouncement);
  }

  async findAnnouncement(id: number): Promise<AnnouncementRow | null> {
    const [r] = await this.ds.query(`SELECT * FROM ${S}.header_announcements WHERE id = $1`, [id]);
    return r ? toAnnouncement(r) : null;
  }

  async createAnnouncement(v: AnnouncementValue, adminId: number): Promise<AnnouncementRow> {
    const [r] = await this.ds.query(
      `INSERT INTO ${S}.header_announcements (category_id, content, re_display_period, start_at, end_at, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [v.categoryId, v.content, v.reDisplayPeriod, v.startAt, v.endAt, adminId]);
    return toAnnouncement(r);
  }

  async updateAnnouncement(id: number, v: AnnouncementValue): Promise<AnnouncementRow | null> {
    const [rows] = await this.ds.query(
      `UPDATE ${S}.header_announcements SET category_id = $2, content = $3, re_display_period = $4, start_at = $5, end_at = $6, updated_at = now()
        WHERE id = $1 RETURNING *`, [id, v.categoryId, v.content, v.reDisplayPeriod, v.startAt, v.endAt]);
    return rows?.[0] ? toAnnouncement(rows[0]) : null;
  }

  async deleteAnnouncement(id: number): Promise<AnnouncementRow | null> {
    const [rows] = await this.ds.query(`DELETE FROM ${S}.header_announcements WHERE id = $1 RETURNING *`, [id]);
    return rows?.[0] ? toAnnouncement(rows[0]) : null;
  }

  async count(): Promise<{ notifications: number; announcements: number }> {
    const [r] = await this.ds.query(`SELECT (SELECT count(*) FROM ${S}.notifications) AS n, (SELECT count(*) FROM ${S}.header_announcements) AS a`);
    return { notifications: Number(r.n), announcements: Number(r.a) };
  }
}
