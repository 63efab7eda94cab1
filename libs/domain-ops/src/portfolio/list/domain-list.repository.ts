import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DomainSearchCondition, ORG_JP_TLDS } from '@registrar/rules';
import { DOMAIN_OPS_SCHEMA } from '../../shared/contacts/contacts.repository';
import { bannerCountsSql, buildWhere, countSql, GRACE, pageIdsSql, pageRowsSql, RESTORE, ROW_COLUMNS } from './domain-query';

/** A domain row as stored, with its TLD policy and (for a page) name servers and recent inflow. */
export interface StoredDomainRow {
  id: string;
  user_id: string;
  name: string;
  idn: string;
  punycode: string;
  tld: string;
  registry_domain_id: string | null;
  due_date: Date | null;
  status: 'active' | 'pending' | 'provisional';
  is_auto_update_enabled: boolean;
  is_whois_proxy_enabled: boolean;
  is_domain_lock_enabled: boolean;
  lock_state?: string | null;
  lock_error?: string | null;
  whois_processing_flg: number;
  admin_lock_status: number;
  is_trash: boolean;
  market_listing_id: string | null;
  memo: string | null;
  influx: number;
  authcode_obtained_at: Date | null;
  created_at: Date;
  reg_contact_id: string | null;
  adm_contact_id: string | null;
  tec_contact_id: string | null;
  bil_contact_id: string | null;
  grace_period: number;
  restore_period: number;
  can_lock: boolean;
  can_proxy: boolean;
  name_servers: string[] | null;
  histories: { month: string; influx: number }[] | null;
  move_requests: { to_email: string; request_date: string }[] | null;
}

/** Hit counts kept in memory (a few hundred bytes each). */
const COUNT_CACHE_SIZE = 5000;

/** The list's queries on domain_ops.domains (filter, count, page, ids, keyset chunks, banner counts). */
@Injectable()
export class DomainListRepository {
  constructor(@InjectDataSource(DOMAIN_OPS_SCHEMA) private readonly ds: DataSource) {}

  /** Hit counts by (list version, statement, parameters): see listVersion. */
  private readonly counts = new Map<string, number>();

  /**
   * The member's list version (and the TLD policies' one), bumped in the writing transaction by triggers on every
   * table a count reads (migration 17970265000001). Read it BEFORE counting: a count cached under a version then
   * reflects at least every change that version stands for.
   */
  async listVersion(userId: number): Promise<string> {
    const rows = await this.ds.query(
      `SELECT coalesce((SELECT version FROM domain_ops.domain_list_versions WHERE user_id = $1), 0) AS u,
              coalesce((SELECT version FROM domain_ops.domain_list_versions WHERE user_id = 0), 0) AS g`,
      [userId],
    );
    return `${rows[0].u}.${rows[0].g}`;
  }

  /**
   * The number of matches. With `version` (from listVersion, read first) a count already made under that version
   * is answered from memory: counting is the one cost of a search that grows with the portfolio (an index-only
   * scan of every match), and a member's list changes far less often than it is paged and filtered.
   */
  async count(c: DomainSearchCondition, userId: number | null, now: Date, version?: string): Promise<number> {
    const q = buildWhere(c, { userId, now });
    const sql = countSql(q);
    const run = async () => (await this.ds.query(sql, q.params))[0].n as number;
    return version === undefined ? run() : this.cachedCount(`${version}\n${sql}\n${JSON.stringify(q.params)}`, run);
  }

  /** A count made under a list version, kept in memory (least recently used out). */
  private async cachedCount(key: string, run: () => Promise<number>): Promise<number> {
    const hit = this.counts.get(key);
    if (hit !== undefined) {
      // most recently used last
      this.counts.delete(key);
      this.counts.set(key, hit);
      return hit;
    }
    const n = await run();
    this.counts.set(key, n);
    if (this.counts.size > COUNT_CACHE_SIZE) this.counts.delete(this.counts.keys().next().value!);
    return n;
  }

  /** Ids of one page in the condition's order. */
  async pageIds(c: DomainSearchCondition, userId: number | null, now: Date, limit: number, offset: number): Promise<number[]> {
    const q = buildWhere(c, { userId, now });
    const rows = await this.ds.query(pageIdsSql(c, q, limit, offset), q.params);
    return rows.map((r: { id: string }) => Number(r.id));
  }

  /** One page of rows in the condition's order, in one statement (see pageRowsSql); `since` as for rows. */
  async pageRows(c: DomainSearchCondition, userId: number | null, now: Date, limit: number, offset: number, since: string): Promise<StoredDomainRow[]> {
    const { sql, params } = pageRowsSql(c, buildWhere(c, { userId, now }), limit, offset, since);
    return this.ds.query(sql, params);
  }

  /** The rows of these ids (any order), with name servers and inflow since `since` (a YYYY-MM-01 date). */
  async rows(ids: number[], userId: number | null, since: string): Promise<StoredDomainRow[]> {
    if (!ids.length) return [];
    const params: unknown[] = [ids, since];
    if (userId !== null) params.push(userId);
    return this.ds.query(
      `SELECT ${ROW_COLUMNS('$2')}
       FROM domain_ops.domains d LEFT JOIN domain_ops.tld_policies p ON p.tld = d.tld
       WHERE d.id = ANY($1::bigint[])${userId !== null ? ' AND d.user_id = $3' : ''}`,
      params,
    );
  }

  /** Every id of a condition (select-all-pages) up to `limit`, in the condition's order; no rows are loaded. */
  async ids(c: DomainSearchCondition, userId: number, now: Date, limit: number): Promise<number[]> {
    return this.pageIds(c, userId, now, limit, 0);
  }

  /** One keyset chunk (by id) of a condition, for the CSV export. */
  async chunk(c: DomainSearchCondition, userId: number | null, now: Date, afterId: number, limit: number): Promise<StoredDomainRow[]> {
    const q = buildWhere(c, { userId, now });
    q.params.push(afterId);
    const after = `$${q.params.length}`;
    return this.ds.query(
      `SELECT d.id, d.user_id, d.name, d.punycode, d.created_at, d.due_date, d.status, d.is_auto_update_enabled, d.is_whois_proxy_enabled, d.is_domain_lock_enabled,
         d.is_trash, d.influx, d.memo, ${GRACE} AS grace_period, ${RESTORE} AS restore_period,
         (SELECT array_agg(ns.name ORDER BY ns.priority) FROM domain_ops.domain_name_servers ns WHERE ns.domain_id = d.id AND ns.priority <= 2) AS name_servers
       FROM domain_ops.domains d LEFT JOIN domain_ops.tld_policies p ON p.tld = d.tld
       WHERE ${q.where} AND d.id > ${after} ORDER BY d.id LIMIT ${Number(limit)}`,
      q.params,
    );
  }

  /** The banner's counts in one pass over the member's domains (001 §1, §2 "Domain list props"). */
  async bannerCounts(userId: number, today: Date, in15: Date, in31: Date): Promise<Record<string, number>> {
    const rows = await this.ds.query(
      `SELECT
         count(*) FILTER (WHERE NOT d.is_trash)::int AS total,
         count(*) FILTER (WHERE NOT d.is_trash AND NOT d.is_auto_update_enabled AND (d.due_date IS NULL OR d.due_date >= $2))::int AS no_auto_update,
         count(*) FILTER (WHERE NOT d.is_trash AND d.due_date >= $2 AND d.due_date < $3)::int AS expiring_soon,
         count(*) FILTER (WHERE NOT d.is_trash AND NOT d.is_auto_update_enabled AND d.due_date >= $2 AND d.due_date < $4)::int AS expiring_no_auto_update,
         count(*) FILTER (WHERE NOT d.is_trash AND d.due_date < $2 AND d.due_date >= $2::timestamptz - make_interval(days => ${GRACE}))::int AS renew_grace,
         count(*) FILTER (WHERE NOT d.is_trash AND d.due_date < $2::timestamptz - make_interval(days => ${GRACE}) AND d.due_date >= $2::timestamptz - make_interval(days => ${GRACE} + ${RESTORE}))::int AS restore_grace,
         count(*) FILTER (WHERE d.status = 'provisional')::int AS provisional,
         count(*) FILTER (WHERE d.status = 'pending')::int AS pending,
         count(*) FILTER (WHERE d.tld = ANY($5::text[]) AND NOT d.is_trash)::int AS org_jp,
         count(*) FILTER (WHERE d.whois_processing_flg <> 0)::int AS whois_processing,
         count(*) FILTER (WHERE d.is_trash)::int AS trashed
       FROM domain_ops.domains d LEFT JOIN domain_ops.tld_policies p ON p.tld = d.tld
       WHERE d.user_id = $1`,
      [userId, today, in15, in31, [...ORG_JP_TLDS]],
    );
    return rows[0];
  }

  /** The banner's list-linked counts (bannerCountsSql): one scan of the member's domains. */
  async bannerListCounts(userId: number, now: Date, conditions: Array<{ key: string; condition: DomainSearchCondition }>): Promise<Record<string, number>> {
    const { sql, params } = bannerCountsSql(userId, now, conditions);
    return (await this.ds.query(sql, params))[0];
  }

  /** Moves between accounts awaiting approval: requested by the member (out) and addressed to its e-mail (in). */
  async moveCounts(userId: number, email: string | null): Promise<{ out: number; in: number }> {
    const exists = (await this.ds.query("SELECT to_regclass('domain_ops.move_requests') IS NOT NULL AS x"))[0].x;
    if (!exists) return { out: 0, in: 0 };
    const r = await this.ds.query(
      `SELECT count(*) FILTER (WHERE from_user_id = $1)::int AS out, count(*) FILTER (WHERE $2::text IS NOT NULL AND lower(to_email) = lower($2::text))::int AS "in"
       FROM domain_ops.move_requests WHERE status = 'pending' AND (from_user_id = $1 OR ($2::text IS NOT NULL AND lower(to_email) = lower($2::text)))`,
      [userId, email],
    );
    return { out: r[0].out, in: r[0].in };
  }

  /** The TLDs (with their renewal deadline text) of domains expiring within 30 days. */
  async renewalDeadlines(userId: number, today: Date, in31: Date): Promise<{ tld: string; renewal_deadline: string }[]> {
    return this.ds.query(
      `SELECT DISTINCT d.tld, coalesce(p.renewal_deadline, '') AS renewal_deadline FROM domain_ops.domains d LEFT JOIN domain_ops.tld_policies p ON p.tld = d.tld
       WHERE d.user_id = $1 AND NOT d.is_trash AND d.due_date >= $2 AND d.due_date < $3 ORDER BY d.tld`,
      [userId, today, in31],
    );
  }

  /** Domains under management (not trashed): the sidebar count. */
  async countManaged(userId: number, version?: string): Promise<number> {
    const run = async () => (await this.ds.query('SELECT count(*)::int AS n FROM domain_ops.domains WHERE user_id = $1 AND NOT is_trash', [userId]))[0].n as number;
    return version === undefined ? run() : this.cachedCount(`${version}\nmanaged\n${userId}`, run);
  }

  /** Every domain of the member, trashed too. */
  async countAll(userId: number): Promise<number> {
    return (await this.ds.query('SELECT count(*)::int AS n FROM domain_ops.domains WHERE user_id = $1', [userId]))[0].n;
  }

  query(sql: string, params?: unknown[]): Promise<unknown> {
    return this.ds.query(sql, params);
  }

  /** History rows for the demo portfolio: registrations (spend) and one registrar-queue result with details. */
  async seedDemoLogs(userId: number, domains: { id: number; name: string }[]): Promise<void> {
    for (const [i, d] of domains.entries()) {
      const queue = i % 4 === 1;
      await this.ds.query(
        `INSERT INTO domain_ops.action_logs (user_id, domain_id, domain_name, type, point, remaining_point, subject, content, action_id, result, dedupe_key, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now() - make_interval(days => $12)) ON CONFLICT (dedupe_key) DO NOTHING`,
        [userId, d.id, d.name, queue ? 2 : 0, queue ? 0 : 1500, 10_000 - i * 1500, queue ? 'レジストラ処理結果' : 'ドメイン新規登録', queue ? `${d.name}: 更新処理が完了しました` : `${d.name}（1年）`,
          queue ? 2000 : 1001, queue ? JSON.stringify({ domain: d.name, command: 'renew', resultCode: 1000, message: 'Command completed successfully' }) : null, `demo:${d.id}`, i * 3],
      );
    }
  }

  /** Whether any domain of the member has auto-renew on (the card prompt). */
  async anyAutoUpdate(userId: number): Promise<boolean> {
    const rows = await this.ds.query('SELECT EXISTS (SELECT 1 FROM domain_ops.domains WHERE user_id = $1 AND is_auto_update_enabled AND NOT is_trash) AS x', [userId]);
    return !!rows[0].x;
  }

  /** The member's contacts with their usage count, and the name servers their domains use. */
  async conditionData(userId: number | null): Promise<{ contacts: { id: string; label: string; domain_num: number }[]; nameServers: string[] }> {
    if (userId === null) {
      // every member (the admin list): the most used name servers; contacts are per member and not offered
      const ns = await this.ds.query(
        `SELECT ns.name FROM domain_ops.domain_name_servers ns GROUP BY ns.name ORDER BY count(*) DESC, ns.name LIMIT 200`,
      );
      return { contacts: [], nameServers: ns.map((r: { name: string }) => r.name) };
    }
    const contacts = await this.ds.query(
      `SELECT c.id, coalesce(nullif(c.organization, ''), c.last_name || ' ' || c.first_name) || ' <' || c.email || '>' AS label,
         (SELECT count(*)::int FROM domain_ops.domains d WHERE d.user_id = $1 AND (d.reg_contact_id = c.id OR d.adm_contact_id = c.id OR d.tec_contact_id = c.id OR d.bil_contact_id = c.id)) AS domain_num
       FROM domain_ops.contacts c WHERE c.user_id = $1 ORDER BY c.id`,
      [userId],
    );
    const ns = await this.ds.query(
      `SELECT ns.name FROM domain_ops.domain_name_servers ns JOIN domain_ops.domains d ON d.id = ns.domain_id
       WHERE d.user_id = $1 GROUP BY ns.name ORDER BY count(*) DESC, ns.name LIMIT 200`,
      [userId],
    );
    return { contacts, nameServers: ns.map((r: { name: string }) => r.name) };
  }

  /** Upserts the TLD policies copied from the catalogue. */
  async savePolicies(rows: { tld: string; grace: number; restore: number; canLock: boolean; canProxy: boolean; deadline: string }[]): Promise<void> {
    if (!rows.length) return;
    await this.ds.query(
      `INSERT INTO domain_ops.tld_policies (tld, grace_period, restore_period, can_lock, can_proxy, renewal_deadline, synced_at)
       SELECT * , now() FROM unnest($1::text[], $2::smallint[], $3::smallint[], $4::boolean[], $5::boolean[], $6::text[])
       ON CONFLICT (tld) DO UPDATE SET grace_period = EXCLUDED.grace_period, restore_period = EXCLUDED.restore_period, can_lock = EXCLUDED.can_lock,
         can_proxy = EXCLUDED.can_proxy, renewal_deadline = EXCLUDED.renewal_deadline, synced_at = now()`,
      [rows.map((r) => r.tld), rows.map((r) => r.grace), rows.map((r) => r.restore), rows.map((r) => r.canLock), rows.map((r) => r.canProxy), rows.map((r) => r.deadline)],
    );
  }

  async policiesSyncedAt(): Promise<Date | null> {
    const rows = await this.ds.query('SELECT max(synced_at) AS at FROM domain_ops.tld_policies');
    return rows[0].at ? new Date(rows[0].at) : null;
  }
}
