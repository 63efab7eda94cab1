import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DOMAIN_OPS_SCHEMA } from '../../shared/contacts/contacts.repository';

export interface DueDomain {
  id: number;
  userId: number;
  name: string;
  punycode: string;
  dueDate: Date;
  /** the Tokyo calendar day of the due date, YYYY-MM-DD */
  dueDay: string;
  daysLeft: number;
}

const toDue = (r: Record<string, any>): DueDomain => ({
  id: Number(r.id), userId: Number(r.user_id), name: r.name, punycode: r.punycode, dueDate: new Date(r.due_date), dueDay: r.due_day, daysLeft: Number(r.days_left),
});

/** The daily lifecycle jobs' reads: domains by Tokyo days to expiry (trashed domains never). */
@Injectable()
export class LifecycleRepository {
  constructor(@InjectDataSource(DOMAIN_OPS_SCHEMA) private readonly ds: DataSource) {}

  private select(where: string): string {
    return `SELECT d.id, d.user_id, d.name, d.punycode, d.due_date,
        to_char((d.due_date AT TIME ZONE 'Asia/Tokyo')::date, 'YYYY-MM-DD') AS due_day,
        ((d.due_date AT TIME ZONE 'Asia/Tokyo')::date - $1::date) AS days_left
      FROM domain_ops.domains d
      WHERE d.status = 'active' AND NOT d.is_trash AND d.due_date IS NOT NULL AND ${where}
      ORDER BY d.user_id, d.due_date, d.id`;
  }

  /** Domains with auto-renew on whose expiry is today up to `withinDays` ahead (Tokyo days). */
  async autoRenewDue(today: string, withinDays: number): Promise<DueDomain[]> {
    const rows = await this.ds.query(
      this.select(`d.is_auto_update_enabled AND ((d.due_date AT TIME ZONE 'Asia/Tokyo')::date - $1::date) BETWEEN 0 AND $2`),
      [today, withinDays],
    );
    return rows.map(toDue);
  }

  /** Domains expiring exactly one of `days` Tokyo days from today. */
  async expiringIn(today: string, days: number[]): Promise<DueDomain[]> {
    const rows = await this.ds.query(this.select(`((d.due_date AT TIME ZONE 'Asia/Tokyo')::date - $1::date) = ANY($2::int[])`), [today, days]);
    return rows.map(toDue);
  }
}
