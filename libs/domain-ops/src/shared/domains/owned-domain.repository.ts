import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { OwnedDomainDto } from '@registrar/contracts';
import { DOMAIN_OPS_SCHEMA } from '../contacts/contacts.repository';
import type { ActionLogEntry } from './action-log.repository';

export interface NewOwnedDomain {
  userId: number;
  name: string;
  punycode: string;
  tld: string;
  registryDomainId: string | null;
  dueDate: Date | null;
  status: OwnedDomainDto['status'];
  autoUpdate: boolean;
  whoisProxy: boolean;
  lock: boolean;
  /** 'applying' while the default lock is on its way to the registry (a follow-up job; the list shows 設定中) */
  lockState?: 'applying' | null;
  /** the follow-up (ROID, and the default lock when true) is due now; undefined: none */
  followUp?: { lock: boolean };
  nameServers: string[];
  orderItemId: number;
  /** the domain's contacts when registered without proxy (null: the proxy or the .co.jp prereq's contacts) */
  contactIds?: { reg: number | null; adm: number | null; tec: number | null; bil: number | null } | null;
  /**
   * the member's history line of the registration, written with the row (the domain's id filled in) in the same
   * statement, once per dedupe key as ActionLogRepository.write does (a retry's record writes nothing twice)
   */
  log?: Omit<ActionLogEntry, 'userId' | 'domainId' | 'result'>;
}

const flag = (b: boolean): 0 | 1 => (b ? 1 : 0);

/** Storage of owned domains and their name servers (domain_ops.domains, domain_name_servers). */
@Injectable()
export class OwnedDomainRepository {
  constructor(@InjectDataSource(DOMAIN_OPS_SCHEMA) private readonly ds: DataSource) {}

  /** The domain row of this name, if we hold it. */
  async byPunycode(punycode: string): Promise<{ id: number; userId: number; orderItemId: number | null } | null> {
    const rows = await this.ds.query('SELECT id, user_id, order_item_id FROM domain_ops.domains WHERE punycode = $1', [punycode]);
    return rows.length ? { id: Number(rows[0].id), userId: Number(rows[0].user_id), orderItemId: rows[0].order_item_id == null ? null : Number(rows[0].order_item_id) } : null;
  }

  /**
   * Records a registered domain once (a retried job finds the row of its first attempt), with its name servers, in
   * one statement (one round trip, atomic without a transaction): the name servers of the list replace those of the
   * row (a retry's extra ones removed, the others set in place), and the registration's history line when given (one
   * statement fewer per order than writing it apart: ADR 0060).
   */
  async record(d: NewOwnedDomain): Promise<number> {
    const rows = await this.ds.query(
      `WITH d AS (
         INSERT INTO domain_ops.domains (user_id, name, idn, punycode, tld, registry_domain_id, due_date, status, is_auto_update_enabled, is_whois_proxy_enabled, is_domain_lock_enabled, order_item_id,
           reg_contact_id, adm_contact_id, tec_contact_id, bil_contact_id, lock_state)
         VALUES ($1, $2, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
         ON CONFLICT (punycode) DO UPDATE SET registry_domain_id = coalesce(EXCLUDED.registry_domain_id, domains.registry_domain_id),
           due_date = coalesce(EXCLUDED.due_date, domains.due_date), status = EXCLUDED.status,
           is_domain_lock_enabled = domains.is_domain_lock_enabled OR EXCLUDED.is_domain_lock_enabled,
           -- a retried job keeps what the lock's follow-up has found since (applied, or failed with its reason)
           lock_state = CASE WHEN domains.is_domain_lock_enabled OR EXCLUDED.is_domain_lock_enabled THEN NULL ELSE coalesce(domains.lock_state, EXCLUDED.lock_state) END,
           updated_at = now()
         WHERE domains.order_item_id = EXCLUDED.order_item_id
         RETURNING id, xmax = 0 AS inserted
       ), follow_up AS (
         -- the follow-up (ROID, and the lock when $18) marked in its own narrow table (ADR 0060), due now; a retry's
         -- record asks for it again only while the first one has not ended (its row is still there)
         INSERT INTO domain_ops.domain_follow_ups (domain_id, lock) SELECT d.id, $18::boolean FROM d WHERE d.inserted AND $18::boolean IS NOT NULL
       ), follow_up_again AS (
         UPDATE domain_ops.domain_follow_ups f SET due = least(f.due, now()) FROM d WHERE f.domain_id = d.id AND NOT d.inserted
       ), extra AS (
         DELETE FROM domain_ops.domain_name_servers ns USING d WHERE ns.domain_id = d.id AND ns.priority > cardinality($17::text[])
       ), servers AS (
         INSERT INTO domain_ops.domain_name_servers (domain_id, priority, name)
         SELECT d.id, n.i, n.name FROM d, unnest($17::text[]) WITH ORDINALITY AS n(name, i)
         ON CONFLICT (domain_id, priority) DO UPDATE SET name = EXCLUDED.name
       ), logged AS (
         INSERT INTO domain_ops.action_logs (user_id, domain_id, domain_name, type, point, remaining_point, subject, content, dedupe_key, action_id)
         SELECT $1, d.id, $19::text, $20::smallint, $21::int, $22::int, $23::text, $24::text, $25::text, $26::int FROM d WHERE $25::text IS NOT NULL
         ON CONFLICT (dedupe_key) DO NOTHING
       )
       SELECT id FROM d`,
      [d.userId, d.name, d.punycode, d.tld, d.registryDomainId, d.dueDate, d.status, d.autoUpdate, d.whoisProxy, d.lock, d.orderItemId,
        d.contactIds?.reg ?? null, d.contactIds?.adm ?? null, d.contactIds?.tec ?? null, d.contactIds?.bil ?? null, d.lockState ?? null, d.nameServers, d.followUp ? d.followUp.lock : null,
        d.log?.domainName ?? null, d.log?.type ?? null, d.log?.point ?? null, d.log?.remainingPoint ?? null, d.log?.subject ?? null, d.log?.content ?? null, d.log?.dedupeKey ?? null, d.log?.actionId ?? null],
    );
    if (!rows.length) throw new Error(`${d.punycode} is recorded for another order`);
    return Number(rows[0].id);
  }

  async listByUser(userId: number): Promise<OwnedDomainDto[]> {
    return this.select('WHERE d.user_id = $1', [userId], 'ORDER BY d.id DESC');
  }

  /** The member's domain of this id, or null. */
  async byId(userId: number, id: number): Promise<OwnedDomainDto | null> {
    return (await this.select('WHERE d.user_id = $1 AND d.id = $2', [userId, id]))[0] ?? null;
  }

  /** The domains we hold among these names (any member). */
  byNames(punycodes: string[]): Promise<OwnedDomainDto[]> {
    return this.select('WHERE d.punycode = ANY($1::text[])', [punycodes]);
  }

  /** Every held domain by ascending id, a page at a time. */
  page(afterId: number, limit: number): Promise<OwnedDomainDto[]> {
    return this.select('WHERE d.id > $1', [afterId], `ORDER BY d.id LIMIT ${Math.max(1, Math.min(5000, Math.trunc(limit)))}`);
  }

  private async select(where: string, params: unknown[], order = ''): Promise<OwnedDomainDto[]> {
    const rows = await this.ds.query(
      `SELECT d.*, coalesce(array_agg(ns.name ORDER BY ns.priority) FILTER (WHERE ns.name IS NOT NULL), '{}') AS name_servers
       FROM domain_ops.domains d LEFT JOIN domain_ops.domain_name_servers ns ON ns.domain_id = d.id
       ${where} GROUP BY d.id ${order}`,
      params,
    );
    return rows.map(toOwnedDomainDto);
  }
}

export function toOwnedDomainDto(r: Record<string, any>): OwnedDomainDto {
  return {
    id: Number(r.id), user_id: Number(r.user_id), name: r.name, idn: r.idn, punycode: r.punycode, tld: r.tld, domain_id: r.registry_domain_id,
    due_date: r.due_date ? new Date(r.due_date).toISOString() : null, status: r.status,
    is_auto_update_enabled_flg: flag(r.is_auto_update_enabled), is_whois_proxy_enabled_flg: flag(r.is_whois_proxy_enabled),
    is_domain_lock_enabled_flg: flag(r.is_domain_lock_enabled), is_trash_flg: flag(r.is_trash),
    domain_lock_state: r.lock_state === 'applying' ? 1 : r.lock_state === 'failed' ? 2 : 0, domain_lock_error: r.lock_error ?? null,
    is_whois_processing_flg: Number(r.whois_processing_flg ?? 0) as 0 | 1 | 2,
    admin_lock_status: Number(r.admin_lock_status ?? 0) || 0,
    reg_contact_id: r.reg_contact_id == null ? null : Number(r.reg_contact_id), adm_contact_id: r.adm_contact_id == null ? null : Number(r.adm_contact_id),
    tec_contact_id: r.tec_contact_id == null ? null : Number(r.tec_contact_id), bil_contact_id: r.bil_contact_id == null ? null : Number(r.bil_contact_id),
    name_servers: r.name_servers,
    created_at: new Date(r.created_at).toISOString(),
  };
}
