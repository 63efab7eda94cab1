import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BankTransferDto, BankTransferStatus } from '@registrar/contracts';

type Raw = Record<string, any>;
const toDto = (r: Raw): BankTransferDto => ({
  id: Number(r.id),
  userId: Number(r.user_id),
  amount: Number(r.amount),
  reference: r.reference,
  status: r.status,
  createdAt: new Date(r.created_at).toISOString(),
  confirmedAt: r.confirmed_at ? new Date(r.confirmed_at).toISOString() : null,
  confirmedBy: r.confirmed_by == null ? null : Number(r.confirmed_by),
});

/** orders.bank_transfers: points bought by bank transfer, pending until an admin confirms the money arrived. */
@Injectable()
export class BankTransferRepository {
  constructor(@InjectDataSource('orders') private readonly ds: DataSource) {}

  async insert(userId: number, amount: number, reference: string): Promise<BankTransferDto> {
    const r = await this.ds.query(`INSERT INTO orders.bank_transfers (user_id, amount, reference, status) VALUES ($1, $2, $3, 'pending') RETURNING *`, [userId, amount, reference]);
    return toDto(r[0]);
  }

  async find(id: number): Promise<BankTransferDto | null> {
    const r = await this.ds.query('SELECT * FROM orders.bank_transfers WHERE id = $1', [id]);
    return r.length ? toDto(r[0]) : null;
  }

  async findByReference(reference: string): Promise<BankTransferDto | null> {
    const r = await this.ds.query('SELECT * FROM orders.bank_transfers WHERE reference = $1', [reference]);
    return r.length ? toDto(r[0]) : null;
  }

  async listForUser(userId: number): Promise<BankTransferDto[]> {
    return (await this.ds.query('SELECT * FROM orders.bank_transfers WHERE user_id = $1 ORDER BY id DESC LIMIT 100', [userId])).map(toDto);
  }

  async list(status?: BankTransferStatus): Promise<BankTransferDto[]> {
    const r = status
      ? await this.ds.query('SELECT * FROM orders.bank_transfers WHERE status = $1 ORDER BY id LIMIT 500', [status])
      : await this.ds.query('SELECT * FROM orders.bank_transfers ORDER BY id DESC LIMIT 500');
    return r.map(toDto);
  }

  /** pending -> confirmed, once; null when it was not pending. */
  async confirm(id: number, adminId: number): Promise<BankTransferDto | null> {
    const r = await this.ds.query(
      `UPDATE orders.bank_transfers SET status = 'confirmed', confirmed_at = now(), confirmed_by = $2 WHERE id = $1 AND status = 'pending' RETURNING *`,
      [id, adminId],
    );
    const rows = (r as [Raw[], number])[0];
    return rows.length ? toDto(rows[0]) : null;
  }
}
