import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ActionLogRequest, ActionLogRow, AdminDashboardOps, AdminOrderDto, AdminOrderKind, AdminPaged, RegistrarLogRequest, RegistrarLogRow } from '@registrar/contracts';
import { DOMAIN_OPS_SCHEMA } from '../../shared/contacts/contacts.repository';

export const REGISTRAR_LOG_PER_PAGE = 50;
export const ACTION_LOG_PER_PAGE = 50;

const iso = (d: Date | string) => new Date(d).toISOString();
const like = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`;

/** Reads of the registrar log and the action log for the admin screens (newest first, paged). */
@Injectable()
export class AdminLogsRepository {
  constructor(@InjectDataSource(DOMAIN_OPS_SCHEMA) private readonly ds: DataSource) {}

  async registrarLog(s: RegistrarLogRequest): Promise<AdminPaged<RegistrarLogRow>> {
    const where: string[] = [];
    const params: unknown[] = [];
    const p = (v: unknown) => { params.push(v); return `$${params.length}`; };
    if (s.domainName) where.push(`domain_name ILIKE ${p(like(s.domainName))}`);
    if (s.userId) where.push(`user_id = ${p(s.userId)}`);
    if (s.dateFrom) where.push(`created_at >= (${p(s.dateFrom)}::date::timestamp AT TIME ZONE 'Asia/Tokyo')`);
    if (s.dateTo) where.push(`created_at < ((${p(s.dateTo)}::date + 1)::timestamp AT TIME ZONE 'Asia/Tokyo')`);
    if (s.actionType) where.push(`action_type = ${p(s.actionType)}`);
    if (s.resultCodeType === 'success') where.push('spec_result_code = 10000');
    else if (s.resultCodeType === 'failed') where.push('spec_result_code = 20000');
    else if (s.resultCodeType === 'pending') where.push('spec_result_code < 20000 AND spec_result_code <> 10000');
    else if (s.resultCodeType === 'etc') where.push('spec_result_code > 20000');
    const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ n }] = await this.ds.query(`SELECT count(*)::int AS n FROM domain_ops.registrar_log ${w}`, params);
    const page = s.page ?? 1;
    const rows = await this.ds.query(
      // domain_pkid is resolved at read time when the command did not know it (a domain:create runs before our row
      // exists; transfers and poll messages name a domain only): our newest row of that name, for the admin's link
      `SELECT l.id, l.user_id, COALESCE(l.domain_pkid, d.id) AS domain_pkid, l.domain_name, l.action_type, l.result_code, l.spec_result_code,
              l.success_parameter, l.onamae_response, l.created_at
         FROM (SELECT * FROM domain_ops.registrar_log ${w} ORDER BY created_at DESC, id DESC LIMIT ${REGISTRAR_LOG_PER_PAGE} OFFSET ${(page - 1) * REGISTRAR_LOG_PER_PAGE}) l
         LEFT JOIN LATERAL (
           SELECT id FROM domain_ops.domains WHERE l.domain_pkid IS NULL AND punycode = lower(l.domain_name) ORDER BY id DESC LIMIT 1
         ) d ON true
        ORDER BY l.created_at DESC, l.id DESC`,
      params,
    );
    return {
      data: rows.map((r: Record<string, any>) => ({
        id: Number(r.id), user_id: r.user_id === null ? null : Number(r.user_id), domain_pkid: r.domain_pkid === null ? null : Number(r.domain_pkid),
        domain_name: r.domain_name, action_type: r.action_type, result_code: r.spec_result_code, epp_result_code: r.result_code,
        success_parameter: JSON.stringify(r.success_parameter), onamae_response: JSON.stringify(r.onamae_response), created_at: iso(r.created_at),
      })),
      total: n, current_page: page, per_page: REGISTRAR_LOG_PER_PAGE, last_page: Math.max(1, Math.ceil(n / REGISTRAR_LOG_PER_PAGE)),
    };
  }

  async actionLog(s: ActionLogRequest): Promise<AdminPaged<ActionLogRow>> {
    const where: string[] = [];
    const params: unknown[] = [];
    const p = (v: unknown) => { params.push(v); return `$${params.length}`; };
    if (s.description) { const x = p(like(s.description)); where.push(`(domain_name ILIKE ${x} OR content ILIKE ${x})`); }
    if (s.userId) where.push(`user_id = ${p(s.userId)}`);
    if (s.date1) where.push(`created_at >= (${p(s.date1)}::date::timestamp AT TIME ZONE 'Asia/Tokyo')`);
    if (s.date2) where.push(`created_at < ((${p(s.date2)}::date + 1)::timestamp AT TIME ZONE 'Asia/Tokyo')`);
    const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ n }] = await this.ds.query(`SELECT count(*)::int AS n FROM domain_ops.action_logs ${w}`, params);
    const page = s.page ?? 1;
    const rows = await this.ds.query(
      `SELECT id, user_id, domain_name, type, point, subject, content, created_at FROM domain_ops.action_logs ${w}
        ORDER BY id DESC LIMIT ${ACTION_LOG_PER_PAGE} OFFSET ${(page - 1) * ACTION_LOG_PER_PAGE}`,
      params,
    );
    return {
      data: rows.map((r: Record<string, any>) => ({
        id: Number(r.id), user_id: Number(r.user_id), action_name: r.subject, description: r.content, domain_name: r.domain_name,
        type: Number(r.type), point: Number(r.point), created_at: iso(r.created_at),
      })),
      total: n, current_page: page, per_page: ACTION_LOG_PER_PAGE, last_page: Math.max(1, Math.ceil(n / ACTION_LOG_PER_PAGE)),
    };
  }

  /**
   * The admin dashboard's figures (issue 26), for the Asia/Tokyo day of `now`: domains registered, renewed and
   * transferred in today with their yen (the items' prices, tax included), today's failed items, orders still
   * charging or processing after `stuckMinutes`, and the transfers under way.
   */
  async dashboard(now: Date, stuckMinutes: number): Promise<AdminDashboardOps> {
    const day = new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
    const from = `($1::date::timestamp AT TIME ZONE 'Asia/Tokyo')`;
    const to = `(($1::date + 1)::timestamp AT TIME ZONE 'Asia/Tokyo')`;
    const [r] = await this.ds.query(
      `SELECT
         (SELECT count(*) FROM domain_ops.registration_order_items WHERE status IN ('done', 'accepted') AND updated_at >= ${from} AND updated_at < ${to})::int AS reg_n,
         (SELECT coalesce(sum(point), 0) FROM domain_ops.registration_order_items WHERE status IN ('done', 'accepted') AND updated_at >= ${from} AND updated_at < ${to})::bigint AS reg_yen,
         (SELECT count(*) FROM domain_ops.renewal_order_items WHERE status IN ('done', 'accepted') AND updated_at >= ${from} AND updated_at < ${to})::int AS ren_n,
         (SELECT coalesce(sum(point), 0) FROM domain_ops.renewal_order_items WHERE status IN ('done', 'accepted') AND updated_at >= ${from} AND updated_at < ${to})::bigint AS ren_yen,
         (SELECT count(*) FROM domain_ops.transfer_ins WHERE status = 'done' AND settled_at >= ${from} AND settled_at < ${to})::int AS tin_n,
         (SELECT coalesce(sum(point), 0) FROM domain_ops.transfer_ins WHERE status = 'done' AND settled_at >= ${from} AND settled_at < ${to})::bigint AS tin_yen,
         ((SELECT count(*) FROM domain_ops.registration_order_items WHERE status = 'error' AND updated_at >= ${from} AND updated_at < ${to})
          + (SELECT count(*) FROM domain_ops.renewal_order_items WHERE status = 'error' AND updated_at >= ${from} AND updated_at < ${to}))::int AS failed,
         (SELECT count(*) FROM domain_ops.registration_orders WHERE status IN ('charging', 'processing') AND created_at < $2::timestamptz)::int AS stuck_reg,
         (SELECT count(*) FROM domain_ops.renewal_orders WHERE status IN ('charging', 'processing') AND created_at < $2::timestamptz)::int AS stuck_ren,
         (SELECT count(*) FROM domain_ops.transfer_ins WHERE status IN ('requesting', 'pending'))::int AS tin_open,
         (SELECT count(*) FROM domain_ops.transfer_outs WHERE status = 'pending')::int AS tout_open`,
      [day, new Date(now.getTime() - stuckMinutes * 60_000).toISOString()],
    );
    const n = (v: unknown) => Number(v) || 0;
    const registrations = { count: n(r.reg_n), yen: n(r.reg_yen) };
    const renewals = { count: n(r.ren_n), yen: n(r.ren_yen) };
    const transfersIn = { count: n(r.tin_n), yen: n(r.tin_yen) };
    return {
      day, registrations, renewals, transfersIn, salesYen: registrations.yen + renewals.yen + transfersIn.yen, failedItems: n(r.failed),
      stuckOrders: { registration: n(r.stuck_reg), renewal: n(r.stuck_ren) }, pendingTransfers: { in: n(r.tin_open), out: n(r.tout_open) },
    };
  }

  /** The order a ledger entry names: a registration order, a renewal (with their items) or a transfer-in. */
  async order(kind: AdminOrderKind, id: string): Promise<AdminOrderDto | null> {
    const t = (v: unknown) => (v ? iso(v as Date) : null);
    if (kind === 'transfer') {
      if (!/^\d{1,18}$/.test(id)) return null;
      const [r] = await this.ds.query('SELECT * FROM domain_ops.transfer_ins WHERE id = $1', [id]);
      if (!r) return null;
      return {
        kind, id: String(r.id), user_id: Number(r.user_id), status: r.status, total: Number(r.point), payment_type: r.payment_type, error: r.error_msg ?? null,
        created_at: iso(r.requested_at), finished_at: t(r.settled_at),
        items: [{ name: r.name, period: 1, point: Number(r.point), status: r.status, error_msg: r.error_msg ?? null, domain_id: r.domain_id == null ? null : Number(r.domain_id) }],
      };
    }
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const [orders, items, domainCol] = kind === 'order'
      ? ['registration_orders', 'registration_order_items', 'domain_pk_id']
      : ['renewal_orders', 'renewal_order_items', 'domain_id'];
    const [o] = await this.ds.query(`SELECT * FROM domain_ops.${orders} WHERE id = $1`, [id]);
    if (!o) return null;
    const rows = await this.ds.query(`SELECT * FROM domain_ops.${items} WHERE order_id = $1 ORDER BY position`, [id]);
    return {
      kind, id: o.id, user_id: Number(o.user_id), status: o.status, total: Number(o.total), payment_type: o.payment_type, error: o.error ?? null,
      created_at: iso(o.created_at), finished_at: t(o.finished_at),
      items: rows.map((r: Record<string, any>) => ({
        name: r.name, period: r.period == null ? null : Number(r.period), point: Number(r.point), status: r.status, error_msg: r.error_msg ?? null,
        domain_id: r[domainCol] == null ? null : Number(r[domainCol]),
      })),
    };
  }

  /** Our record of a domain (any member's), with its name servers. */
  async domainByPunycode(punycode: string): Promise<Record<string, unknown> | null> {
    return this.domainWhere('d.punycode = $1', [punycode]);
  }

  async domainById(id: number): Promise<Record<string, unknown> | null> {
    return this.domainWhere('d.id = $1', [id]);
  }

  private async domainWhere(where: string, params: unknown[]): Promise<Record<string, unknown> | null> {
    const rows = await this.ds.query(
      `SELECT d.*, coalesce((SELECT array_agg(n.name ORDER BY n.priority) FROM domain_ops.domain_name_servers n WHERE n.domain_id = d.id), '{}') AS name_servers
         FROM domain_ops.domains d WHERE ${where}`,
      params,
    );
    return rows[0] ?? null;
  }

  /** Adds an imported domain to a member's list; false when we already hold a row for it. */
  async importDomain(d: { userId: number; name: string; punycode: string; tld: string; registryDomainId: string; dueDate: Date | null; lock: boolean; nameServers: string[] }): Promise<number | null> {
    return this.ds.transaction(async (m) => {
      const rows = await m.query(
        `INSERT INTO domain_ops.domains (user_id, name, idn, punycode, tld, registry_domain_id, due_date, status, is_auto_update_enabled, is_whois_proxy_enabled, is_domain_lock_enabled, acquired_via)
         VALUES ($1, $2, $2, $3, $4, $5, $6, 'active', false, false, $7, 'import') ON CONFLICT (punycode) DO NOTHING RETURNING id`,
        [d.userId, d.name, d.punycode, d.tld, d.registryDomainId, d.dueDate, d.lock],
      );
      if (!rows.length) return null;
      const id = Number(rows[0].id);
      for (const [i, ns] of d.nameServers.entries()) {
        await m.query('INSERT INTO domain_ops.domain_name_servers (domain_id, priority, name) VALUES ($1, $2, $3)', [id, i + 1, ns]);
      }
      return id;
    });
  }
}
