import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
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
}

/** The action log (001 spec: account id, points, remaining points, subject, content, date). */
@Injectable()
export class ActionLogRepository {
  constructor(@InjectDataSource(DOMAIN_OPS_SCHEMA) private readonly ds: DataSource) {}

  async write(e: ActionLogEntry): Promise<void> {
    await this.ds.query(
      `INSERT INTO domain_ops.action_logs (user_id, domain_id, domain_name, type, point, remaining_point, subject, content, dedupe_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (dedupe_key) DO NOTHING`,
      [e.userId, e.domainId ?? null, e.domainName ?? null, e.type, e.point, e.remainingPoint, e.subject, e.content, e.dedupeKey],
    );
  }
}
