import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ActionLogRowDto, isRegistrarQueueCode } from '@registrar/contracts';
import { DOMAIN_OPS_SCHEMA } from '../contacts/contacts.repository';

export interface ActionLogEntry {
  userId: number;
  domainId?: number | null;
  domainName?: string | null;
  /** 1 gain, 0 spend, 2 neither (shown '-'; 001 spec) */
  type: 0 | 1 | 2;
  point: number;
  remainingPoint: number | null;
  subject: string;
  content: string;
  /** written once per key (a retried job does not log twice) */
  dedupeKey: string;
  /** the operation code (ActionCodes in @registrar/contracts) */
  actionId?: number | null;
  /** details shown in the history page's modal (registrar queue results) */
  result?: unknown;
}

export interface ActionLogFilter {
  userId: number;
  actionId?: number;
  /** domain name or content text */
  description?: string;
  from?: Date;
  /** exclusive */
  to?: Date;
  domainId?: number;
}

type Row = Record<string, any>;
const toDto = (r: Row, withResult = false): ActionLogRowDto => ({
  id: Number(r.id), user_id: Number(r.user_id), domain_id: r.domain_id == null ? null : Number(r.domain_id), domain_name: r.domain_name,
  action_id: r.action_id == null ? null : Number(r.action_id), action_name: r.subject, description: r.content, type: Number(r.type), point: Number(r.point),
  remaining_point: r.remaining_point == null ? null : Number(r.remaining_point), created_at: new Date(r.created_at).toISOString(),
  has_result: isRegistrarQueueCode(r.action_id == null ? null : Number(r.action_id)) && r.result != null,
  ...(withResult ? { result: r.result ?? null } : {}),
});

/** The action log (001 spec: account id, points, remaining points, subject, content, date). */
@Injectable()
export class ActionLogRepository {
  constructor(@InjectDataSource(DOMAIN_OPS_SCHEMA) private readonly ds: DataSource) {}

  async write(e: ActionLogEntry): Promise<void> {
    await this.ds.query(
      `INSERT INTO domain_ops.action_logs (user_id, domain_id, domain_name, type, point, remaining_point, subject, content, dedupe_key, action_id, result)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (dedupe_key) DO NOTHING`,
      [e.userId, e.domainId ?? null, e.domainName ?? null, e.type, e.point, e.remainingPoint, e.subject, e.content, e.dedupeKey, e.actionId ?? null,
        e.result === undefined ? null : JSON.stringify(e.result)],
    );
  }

  private where(f: ActionLogFilter): { sql: string; params: unknown[] } {
    const params: unknown[] = [f.userId];
    const parts = ['user_id = $1'];
    const p = (v: unknown) => { params.push(v); return `$${params.length}`; };
    if (f.actionId !== undefined) parts.push(`action_id = ${p(f.actionId)}`);
    if (f.domainId !== undefined) parts.push(`domain_id = ${p(f.domainId)}`);
    if (f.description) {
      const x = p(`%${f.description.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      parts.push(`(domain_name ILIKE ${x} OR content ILIKE ${x} OR subject ILIKE ${x})`);
    }
    if (f.from) parts.push(`created_at >= ${p(f.from)}`);
    if (f.to) parts.push(`created_at < ${p(f.to)}`);
    return { sql: parts.join(' AND '), params };
  }

  async search(f: ActionLogFilter, limit: number, offset: number): Promise<{ rows: ActionLogRowDto[]; total: number }> {
    const w = this.where(f);
    const [count, rows] = await Promise.all([
      this.ds.query(`SELECT count(*)::int AS n FROM domain_ops.action_logs WHERE ${w.sql}`, w.params),
      this.ds.query(`SELECT * FROM domain_ops.action_logs WHERE ${w.sql} ORDER BY created_at DESC, id DESC LIMIT ${Number(limit)} OFFSET ${Number(offset)}`, w.params),
    ]);
    return { rows: rows.map((r: Row) => toDto(r)), total: count[0].n };
  }

  async one(userId: number, id: number): Promise<ActionLogRowDto | null> {
    const rows = await this.ds.query('SELECT * FROM domain_ops.action_logs WHERE user_id = $1 AND id = $2', [userId, id]);
    return rows.length ? toDto(rows[0], true) : null;
  }
}
