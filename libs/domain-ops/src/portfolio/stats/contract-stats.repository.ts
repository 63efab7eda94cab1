import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CLOCK, type Clock } from '@registrar/infra';
import type { StatsQuery, StatsRow } from '@registrar/rules';
import { DOMAIN_OPS_SCHEMA } from '../../shared/contacts/contacts.repository';

/** 'YYYY-MM-DD' of an instant in Asia/Tokyo. */
const tokyoDay = (d: Date) => new Date(d.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);

/**
 * Contract stats computed from our own domain rows (docs/contract-stats.md). For each period [start, end) in Asia/Tokyo:
 * a domain is held from created_at (how: acquired_via, else registration when it came from an order, else import) until
 * it ended: ended_at/ended_reason when recorded (transfer-out), else its due date plus the TLD's grace and restore
 * days once that has passed (deleted after expiry).
 * old_domain_count = held at the start; increase = acquired in the period (new_create + transfer_in + imports);
 * decrease = ended in the period (expired_delete + transfer_out); net_increase = increase - decrease;
 * total_count = held at the end (= old + net). stats_date is the period's last day, or today for the running one.
 */
@Injectable()
export class ContractStatsRepository {
  constructor(@InjectDataSource(DOMAIN_OPS_SCHEMA) private readonly ds: DataSource, @Inject(CLOCK) private readonly clock: Clock) {}

  async stats(q: StatsQuery): Promise<StatsRow[]> {
    const now = this.clock.now();
    const today = tokyoDay(now);
    const step = q.quarter === 1 ? 3 : 1;
    const startOf = (y: number, m: number) => `${y}-${String(m).padStart(2, '0')}-01`;
    const curY = Number(today.slice(0, 4));
    const curM = Number(today.slice(5, 7));
    let from: string;
    if (q.year !== null) from = startOf(q.year, 1);
    else {
      const [first] = await this.ds.query(`SELECT to_char(min(created_at) AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM') AS m FROM domain_ops.domains`);
      const [fy, fm] = ((first?.m as string | null) ?? today.slice(0, 7)).split('-').map(Number) as [number, number];
      from = startOf(fy, step === 3 ? Math.floor((fm - 1) / 3) * 3 + 1 : fm);
    }
    // the last period: December of the year asked, never beyond the running month/quarter
    const lastY = q.year !== null && q.year < curY ? q.year : curY;
    const lastM = q.year !== null && q.year < curY ? 12 : curM;
    const to = startOf(lastY, step === 3 ? Math.floor((lastM - 1) / 3) * 3 + 1 : lastM);
    if (from > to) return [];

    const rows: Array<Record<string, unknown>> = await this.ds.query(
      `WITH periods AS (
         SELECT p::date AS first_day, ((p + make_interval(months => $3)) AT TIME ZONE 'Asia/Tokyo') AS e_ts, (p AT TIME ZONE 'Asia/Tokyo') AS s_ts,
                (p + make_interval(months => $3) - interval '1 day')::date AS last_day
           FROM generate_series($1::timestamp, $2::timestamp, make_interval(months => $3)) p
       ), held AS (
         SELECT d.created_at AS acquired_at,
                coalesce(d.acquired_via, CASE WHEN d.order_item_id IS NOT NULL THEN 'register' ELSE 'import' END) AS origin,
                coalesce(d.ended_at, CASE WHEN d.due_date + make_interval(days => coalesce(p.grace_period, 0) + coalesce(p.restore_period, 0)) <= $4::timestamptz
                                          THEN d.due_date + make_interval(days => coalesce(p.grace_period, 0) + coalesce(p.restore_period, 0)) END) AS ended_at,
                coalesce(d.ended_reason, 'expired_delete') AS ended_kind
           FROM domain_ops.domains d LEFT JOIN domain_ops.tld_policies p ON p.tld = d.tld
          WHERE d.created_at < (SELECT max(e_ts) FROM periods)
       )
       SELECT to_char(pr.first_day, 'YYYY-MM-DD') AS first_day, to_char(pr.last_day, 'YYYY-MM-DD') AS last_day,
              count(h.acquired_at) FILTER (WHERE h.acquired_at < pr.s_ts AND (h.ended_at IS NULL OR h.ended_at >= pr.s_ts)) AS old_domain_count,
              count(h.acquired_at) FILTER (WHERE h.acquired_at < pr.e_ts AND (h.ended_at IS NULL OR h.ended_at >= pr.e_ts)) AS total_count,
              count(h.acquired_at) FILTER (WHERE h.acquired_at >= pr.s_ts AND h.acquired_at < pr.e_ts) AS increase,
              count(h.acquired_at) FILTER (WHERE h.acquired_at >= pr.s_ts AND h.acquired_at < pr.e_ts AND h.origin = 'register') AS new_create_count,
              count(h.acquired_at) FILTER (WHERE h.acquired_at >= pr.s_ts AND h.acquired_at < pr.e_ts AND h.origin = 'transfer_in') AS transfer_in_count,
              count(h.acquired_at) FILTER (WHERE h.ended_at >= pr.s_ts AND h.ended_at < pr.e_ts) AS decrease,
              count(h.acquired_at) FILTER (WHERE h.ended_at >= pr.s_ts AND h.ended_at < pr.e_ts AND h.ended_kind = 'expired_delete') AS expired_delete_count,
              count(h.acquired_at) FILTER (WHERE h.ended_at >= pr.s_ts AND h.ended_at < pr.e_ts AND h.ended_kind = 'transfer_out') AS transfer_out_count
         FROM periods pr LEFT JOIN held h ON h.acquired_at < pr.e_ts
        GROUP BY pr.first_day, pr.last_day ORDER BY pr.first_day`,
      [from, to, step, now.toISOString()],
    );
    return rows.map((r) => {
      const first = String(r.first_day);
      const m = Number(first.slice(5, 7));
      const increase = Number(r.increase);
      const decrease = Number(r.decrease);
      const last = String(r.last_day);
      return {
        interval_date: step === 3 ? `${first.slice(0, 4)}-Q${Math.floor((m - 1) / 3) + 1}` : first.slice(0, 7),
        stats_date: last < today ? last : today,
        total_count: Number(r.total_count), net_increase: increase - decrease, increase, decrease,
        new_create_count: Number(r.new_create_count), old_domain_count: Number(r.old_domain_count), expired_delete_count: Number(r.expired_delete_count),
        transfer_in_count: Number(r.transfer_in_count), transfer_out_count: Number(r.transfer_out_count),
      };
    });
  }
}
