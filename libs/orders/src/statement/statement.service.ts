import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { OrdersErrorCode, StatementResult, StatementRowDto } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { OrdersException } from '../common/orders.exception';

export const STATEMENT_PAGE_SIZE = 20;

const PURPOSE: Record<string, string> = { create: 'ドメイン登録', renew: 'ドメイン更新', transfer: 'ドメイン移管', market: 'ドメインマーケット' };

/**
 * 利用明細: every charge the member paid (card and wallet payments that bought points for an order, bank transfers the
 * operators confirmed), newest first, each with its receipt. Only money actually taken appears (paid or used sessions,
 * confirmed transfers); ids are the member's own.
 */
@Injectable()
export class StatementService {
  constructor(@InjectDataSource('orders') private readonly ds: DataSource) {}

  private readonly rows = `
    SELECT 'payment' AS kind, s.id::text AS id, s.provider AS method, s.amount, s.purpose, s.domains, s.updated_at AS paid_at
      FROM orders.payment_sessions s WHERE s.user_id = $1 AND s.status IN ('paid', 'used')
    UNION ALL
    SELECT 'bank' AS kind, b.id::text AS id, 'bank_transfer' AS method, b.amount, NULL AS purpose, NULL AS domains, b.confirmed_at AS paid_at
      FROM orders.bank_transfers b WHERE b.user_id = $1 AND b.status = 'confirmed'`;

  async list(userId: number, page = 1): Promise<StatementResult> {
    const p = Math.max(1, Math.floor(page) || 1);
    const [{ n }] = await this.ds.query(`SELECT count(*)::int AS n FROM (${this.rows}) x`, [userId]);
    const r = await this.ds.query(`SELECT * FROM (${this.rows}) x ORDER BY paid_at DESC, id DESC LIMIT $2 OFFSET $3`, [userId, STATEMENT_PAGE_SIZE, (p - 1) * STATEMENT_PAGE_SIZE]);
    return { data: r.map(toRow), total: n, page: p, last_page: Math.max(1, Math.ceil(n / STATEMENT_PAGE_SIZE)) };
  }

  /** One charge of the member's (its receipt); another member's id is not found. */
  async receipt(userId: number, kind: string, id: string): Promise<StatementRowDto> {
    const ok = (kind === 'payment' && /^[0-9a-f-]{36}$/i.test(id)) || (kind === 'bank' && /^\d{1,18}$/.test(id));
    const r = ok ? await this.ds.query(`SELECT * FROM (${this.rows}) x WHERE kind = $2 AND id = $3`, [userId, kind, id]) : [];
    if (!r.length) throw new OrdersException(OrdersErrorCode.NotFound, M.receiptNotFound);
    return toRow(r[0]);
  }
}

function toRow(r: Record<string, any>): StatementRowDto {
  const domains = Array.isArray(r.domains) ? (r.domains as Array<{ name?: string }>).map((d) => String(d?.name ?? '')).filter(Boolean) : [];
  const amount = Number(r.amount);
  const tax = amount - Math.round(amount / 1.1);
  return {
    kind: r.kind,
    id: r.id,
    receiptNo: `${r.kind === 'bank' ? 'B' : 'P'}-${String(r.id).replace(/-/g, '').slice(0, 12).toUpperCase()}`,
    method: r.method,
    amount,
    tax,
    description: r.kind === 'bank' ? 'ラッコポイント購入（銀行振込）' : `ラッコポイント購入（${PURPOSE[r.purpose] ?? 'ドメイン'}）`,
    domains,
    paidAt: new Date(r.paid_at).toISOString(),
  };
}
