import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DOMAIN_OPS_SCHEMA } from '../shared/contacts/contacts.repository';

/** The change a domain is going through (domains.whois_pending). */
export interface WhoisPending {
  /** ties the job, the sweep and a cancel to one request */
  token: string;
  kind: 'proxy' | 'contacts';
  reg: number | null;
  adm: number | null;
  tec: number | null;
  bil: number | null;
  requestedAt: string;
  /** the registry answered 1001: the registrant must approve by mail */
  awaitingApproval?: boolean;
  /** the registrant the registry was asked for */
  registrant?: string;
}

export interface WhoisDomain {
  id: number;
  userId: number;
  name: string;
  punycode: string;
  tld: string;
  status: 'active' | 'pending' | 'provisional';
  whoisProxy: boolean;
  flag: 0 | 1 | 2;
  /** domains.admin_lock_status ≠ 0: an operator's lock, every change is refused (docs/domain-operations.md) */
  adminLock: boolean;
  pending: WhoisPending | null;
  reg: number | null;
  adm: number | null;
  tec: number | null;
  bil: number | null;
  orderItemId: number | null;
}

/** TypeORM answers UPDATE … RETURNING as [rows, count] on PostgreSQL */
const changed = (raw: unknown[]): boolean => (Array.isArray(raw[0]) ? raw[0] : raw).length > 0;
const num = (v: unknown) => (v == null ? null : Number(v));
const toDomain = (r: Record<string, any>): WhoisDomain => ({
  id: Number(r.id), userId: Number(r.user_id), name: r.name, punycode: r.punycode, tld: r.tld, status: r.status, whoisProxy: !!r.is_whois_proxy_enabled,
  flag: Number(r.whois_processing_flg) as 0 | 1 | 2, adminLock: Number(r.admin_lock_status ?? 0) !== 0, pending: r.whois_pending ?? null,
  reg: num(r.reg_contact_id), adm: num(r.adm_contact_id), tec: num(r.tec_contact_id), bil: num(r.bil_contact_id), orderItemId: num(r.order_item_id),
});
const COLS = 'id, user_id, name, punycode, tld, status, is_whois_proxy_enabled, whois_processing_flg, admin_lock_status, whois_pending, reg_contact_id, adm_contact_id, tec_contact_id, bil_contact_id, order_item_id';

/** The WHOIS side of owned domains: their contacts, proxy flag and the change in progress (domain_ops.domains). */
@Injectable()
export class WhoisDomainRepository {
  constructor(@InjectDataSource(DOMAIN_OPS_SCHEMA) private readonly ds: DataSource) {}

  /** The member's domains of these ids (others' ids are absent). */
  async forUser(userId: number, ids: number[]): Promise<WhoisDomain[]> {
    if (!ids.length) return [];
    const rows = await this.ds.query(`SELECT ${COLS} FROM domain_ops.domains WHERE user_id = $1 AND id = ANY($2::bigint[]) ORDER BY id`, [userId, ids]);
    return rows.map(toDomain);
  }

  async byName(userId: number, punycode: string): Promise<WhoisDomain | null> {
    const rows = await this.ds.query(`SELECT ${COLS} FROM domain_ops.domains WHERE user_id = $1 AND punycode = $2`, [userId, punycode]);
    return rows.length ? toDomain(rows[0]) : null;
  }

  async get(id: number): Promise<WhoisDomain | null> {
    const rows = await this.ds.query(`SELECT ${COLS} FROM domain_ops.domains WHERE id = $1`, [id]);
    return rows.length ? toDomain(rows[0]) : null;
  }

  /** Starts a change unless one is in progress (atomic); false when another change got there first. */
  async start(id: number, flag: 1 | 2, pending: WhoisPending): Promise<boolean> {
    const rows = await this.ds.query(
      `UPDATE domain_ops.domains SET whois_processing_flg = $2, whois_pending = $3, updated_at = now() WHERE id = $1 AND whois_processing_flg = 0 RETURNING id`,
      [id, flag, JSON.stringify(pending)],
    );
    return changed(rows);
  }

  async markAwaiting(id: number, token: string, registrant: string): Promise<void> {
    await this.ds.query(
      `UPDATE domain_ops.domains SET whois_pending = whois_pending || jsonb_build_object('awaitingApproval', true, 'registrant', $3::text), updated_at = now()
       WHERE id = $1 AND whois_pending->>'token' = $2`,
      [id, token, registrant],
    );
  }

  /** The change is done at the registry: the domain's contacts (null = the proxy) and proxy flag; false if it was no longer pending. */
  async complete(id: number, token: string, p: WhoisPending): Promise<boolean> {
    const proxy = p.kind === 'proxy';
    const rows = await this.ds.query(
      `UPDATE domain_ops.domains SET is_whois_proxy_enabled = $3, reg_contact_id = $4, adm_contact_id = $5, tec_contact_id = $6, bil_contact_id = $7,
         whois_processing_flg = 0, whois_pending = NULL, updated_at = now()
       WHERE id = $1 AND whois_pending->>'token' = $2 RETURNING id`,
      [id, token, proxy, proxy ? null : p.reg, proxy ? null : p.adm, proxy ? null : p.tec, proxy ? null : p.bil],
    );
    return changed(rows);
  }

  /** Ends a change without applying it (failed, withdrawn or cancelled); false if it was no longer pending. */
  async clear(id: number, token: string): Promise<boolean> {
    const rows = await this.ds.query(
      `UPDATE domain_ops.domains SET whois_processing_flg = 0, whois_pending = NULL, updated_at = now() WHERE id = $1 AND whois_pending->>'token' = $2 RETURNING id`,
      [id, token],
    );
    return changed(rows);
  }

  /** Domains waiting for the registrant's approval (of one member, or all). */
  async awaitingApproval(userId?: number): Promise<WhoisDomain[]> {
    const rows = await this.ds.query(
      `SELECT ${COLS} FROM domain_ops.domains WHERE whois_processing_flg = 1 AND (whois_pending->>'awaitingApproval')::boolean IS TRUE ${userId ? 'AND user_id = $1' : ''} ORDER BY id LIMIT 500`,
      userId ? [userId] : [],
    );
    return rows.map(toDomain);
  }

  async countProcessing(userId: number): Promise<number> {
    const rows = await this.ds.query('SELECT count(*)::int AS n FROM domain_ops.domains WHERE user_id = $1 AND whois_processing_flg <> 0', [userId]);
    return rows[0].n;
  }

  /**
   * Domains under management for the API gate (管理ドメイン10件以上): the same rule as the sidebar's and the banner's
   * 「管理中」 count (not trashed), so the figure the member sees is the one the gate uses.
   */
  async countDomains(userId: number): Promise<number> {
    const rows = await this.ds.query('SELECT count(*)::int AS n FROM domain_ops.domains WHERE user_id = $1 AND NOT is_trash', [userId]);
    return rows[0].n;
  }
}
