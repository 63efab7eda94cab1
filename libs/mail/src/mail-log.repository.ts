import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { SentMailRow } from './mail.types';

export const MAIL_SCHEMA = 'mail';

const cols = `id::int AS "id", key, template, user_id::int AS "userId", recipient AS "to", subject, status, attempts, error,
  message_id AS "messageId", created_at AS "createdAt", sent_at AS "sentAt"`;

/** mail.sent_mails: one row per mail key, written by the worker before and after it talks to SMTP. */
@Injectable()
export class MailLogRepository {
  constructor(@InjectDataSource(MAIL_SCHEMA) private readonly ds: DataSource) {}

  async find(key: string): Promise<SentMailRow | null> {
    const rows = await this.ds.query(`SELECT ${cols} FROM mail.sent_mails WHERE key = $1`, [key]);
    return rows[0] ?? null;
  }

  /** Records an attempt (inserting the row on the first); answers the row as it now is. */
  async begin(m: { key: string; template: string; userId: number | null; to: string; subject: string; body: string }): Promise<SentMailRow> {
    const rows = await this.ds.query(
      `INSERT INTO mail.sent_mails (key, template, user_id, recipient, subject, body, status, attempts)
       VALUES ($1, $2, $3, $4, $5, $6, 'sending', 1)
       ON CONFLICT (key) DO UPDATE SET attempts = mail.sent_mails.attempts + 1,
         status = CASE WHEN mail.sent_mails.status = 'sent' THEN 'sent' ELSE 'sending' END
       RETURNING ${cols}`,
      [m.key, m.template, m.userId, m.to, m.subject, m.body],
    );
    return rows[0];
  }

  async sent(key: string, messageId: string | null): Promise<void> {
    await this.ds.query(`UPDATE mail.sent_mails SET status = 'sent', sent_at = now(), message_id = $2, error = NULL WHERE key = $1`, [key, messageId]);
  }

  async failed(key: string, error: string, final: boolean): Promise<void> {
    await this.ds.query(`UPDATE mail.sent_mails SET error = $2, status = CASE WHEN $3 THEN 'failed' ELSE status END WHERE key = $1 AND status <> 'sent'`, [key, error.slice(0, 2000), final]);
  }

  /** The log, newest first (operators; a member's own mail with userId). */
  async list(o: { userId?: number; to?: string; limit?: number; offset?: number } = {}): Promise<SentMailRow[]> {
    const where: string[] = [];
    const args: unknown[] = [];
    if (o.userId != null) { args.push(o.userId); where.push(`user_id = $${args.length}`); }
    if (o.to) { args.push(o.to); where.push(`recipient = $${args.length}`); }
    args.push(Math.min(o.limit ?? 50, 500), o.offset ?? 0);
    return this.ds.query(
      `SELECT ${cols} FROM mail.sent_mails ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT $${args.length - 1} OFFSET $${args.length}`,
      args,
    );
  }
}
