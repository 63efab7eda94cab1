import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { IDENTITY_SCHEMA } from '../identity.constants';

export type ConsentContext = 'signup' | 'checkout' | 'renewal' | 'transfer' | 'reconsent';
export interface ConsentRow { document: string; version: string; context: ConsentContext; agreed_at: string }

/** Every agreement a member gave: the document, its version, when and on which screen (identity.consents). */
@Injectable()
export class ConsentRepository {
  constructor(@InjectDataSource(IDENTITY_SCHEMA) private readonly ds: DataSource) {}

  async record(userId: number, documents: { document: string; version: string }[], context: ConsentContext, meta: { ip?: string; userAgent?: string } = {}): Promise<void> {
    if (!documents.length) return;
    const values: unknown[] = [];
    const rows = documents.map((d, i) => {
      values.push(userId, d.document, d.version, context, meta.ip ?? null, meta.userAgent?.slice(0, 300) ?? null);
      const b = i * 6;
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6})`;
    });
    await this.ds.query(`INSERT INTO ${IDENTITY_SCHEMA}.consents (user_id, document, version, context, ip, user_agent) VALUES ${rows.join(', ')}`, values);
  }

  /** The versions this member has agreed to, per document. */
  async agreedVersions(userId: number): Promise<Map<string, Set<string>>> {
    const rows: { document: string; version: string }[] = await this.ds.query(`SELECT DISTINCT document, version FROM ${IDENTITY_SCHEMA}.consents WHERE user_id = $1`, [userId]);
    const out = new Map<string, Set<string>>();
    for (const r of rows) out.set(r.document, (out.get(r.document) ?? new Set()).add(r.version));
    return out;
  }

  async history(userId: number): Promise<ConsentRow[]> {
    const rows: Record<string, unknown>[] = await this.ds.query(`SELECT document, version, context, agreed_at FROM ${IDENTITY_SCHEMA}.consents WHERE user_id = $1 ORDER BY agreed_at DESC, id DESC LIMIT 200`, [userId]);
    return rows.map((r) => ({ document: String(r.document), version: String(r.version), context: r.context as ConsentContext, agreed_at: new Date(r.agreed_at as string).toISOString() }));
  }
}
