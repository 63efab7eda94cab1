import { DEFAULT_GRACE_DAYS, DEFAULT_RESTORE_DAYS, DomainSearchCondition, DomainSort, EXPIRING_DAYS, hasAdvancedFilter, ORG_JP_TLDS } from '@registrar/rules';

/**
 * Builds the WHERE clause and ORDER BY of the domain list from a validated condition (pure: unit-tested, and the
 * query plans are in docs/domain-list.md). Every value is a bind parameter; the member is always $1 unless the
 * admin list asks for every member.
 */
export interface BuiltQuery {
  where: string;
  params: unknown[];
  /** the TLD policy join is needed (grace/restore periods) */
  needsPolicy: boolean;
  /**
   * The same condition with each domain's grace/restore period read by a correlated look-up of its TLD's policy
   * instead of the join (same parameters): for a page, where the index is walked in the list's order and stops after
   * the page (see pageIdsSql).
   */
  whereLookup: string;
}

/** Start of the Tokyo day of `now`, and that day plus n days. */
export function tokyoDayStart(now: Date, plusDays = 0): Date {
  const t = new Date(now.getTime() + 9 * 3_600_000);
  return new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate() + plusDays) - 9 * 3_600_000);
}
/** 00:00 Tokyo of a YYYY-MM-DD day, plus n days. */
export function tokyoDateStart(day: string, plusDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + plusDays) - 9 * 3_600_000);
}

export const GRACE = `coalesce(p.grace_period, ${DEFAULT_GRACE_DAYS})`;
export const RESTORE = `coalesce(p.restore_period, ${DEFAULT_RESTORE_DAYS})`;

/**
 * The longest grace (and grace + restore) period of any TLD, as a scalar sub-select that PostgreSQL runs once per
 * statement (an InitPlan): `d.due_key >= today - <longest>` is a plain range on (user_id, due_key, id), so the
 * expired tab walks only the last few weeks of the index in its own order, and the per-TLD test above it then
 * filters those few rows exactly. Without it the per-row bound is no index condition and every expired domain of
 * the member (and every one of its TLD policies) is read and sorted for a page of 50.
 */
const LONGEST = (days: string, defaultDays: number) => `(SELECT greatest(${defaultDays}, max(${days})) FROM domain_ops.tld_policies p)`;
export const LONGEST_GRACE = LONGEST(GRACE, DEFAULT_GRACE_DAYS);
export const LONGEST_EXPIRED = LONGEST(`${GRACE} + ${RESTORE}`, DEFAULT_GRACE_DAYS + DEFAULT_RESTORE_DAYS);

/**
 * A domain's grace (or grace + restore) days looked up per row (a sub-select on the policy's primary key, the default
 * when its TLD has none): the same value as GRACE / RESTORE over the join.
 */
const POLICY_OF = (days: string, defaultDays: number) => `coalesce((SELECT ${days} FROM domain_ops.tld_policies p WHERE p.tld = d.tld), ${defaultDays})`;
const GRACE_OF = POLICY_OF(GRACE, DEFAULT_GRACE_DAYS);
const EXPIRED_OF = POLICY_OF(`${GRACE} + ${RESTORE}`, DEFAULT_GRACE_DAYS + DEFAULT_RESTORE_DAYS);

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function buildWhere(c: DomainSearchCondition, o: { userId: number | null; now: Date; params?: unknown[] }): BuiltQuery {
  // `params` lets several conditions share one statement (the banner counts every item's filter in one scan)
  const params: unknown[] = o.params ?? [];
  const parts: string[] = [];
  /** the parts that differ in the look-up form, by their index in `parts` */
  const lookup = new Map<number, string>();
  const perTld = (joined: string, looked: string) => {
    lookup.set(parts.length, looked);
    parts.push(joined);
  };
  let needsPolicy = false;
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (o.userId !== null) parts.push(`d.user_id = ${p(o.userId)}`);
  const today = tokyoDayStart(o.now);

  if (c.domainPkIds) parts.push(`d.id = ANY(${p(c.domainPkIds)}::bigint[])`);
  if (c.key) {
    const k = p(like(c.key));
    parts.push(`(d.name LIKE ${k} OR d.punycode LIKE ${k})`);
  }
  if (c.obtainDateStart) parts.push(`d.created_at >= ${p(tokyoDateStart(c.obtainDateStart))}`);
  if (c.obtainDateEnd) parts.push(`d.created_at < ${p(tokyoDateStart(c.obtainDateEnd, 1))}`);
  if (c.dueDateStart) parts.push(`d.due_date >= ${p(tokyoDateStart(c.dueDateStart))}`);
  if (c.dueDateEnd) parts.push(`d.due_date < ${p(tokyoDateStart(c.dueDateEnd, 1))}`);
  if (c.isDomainLock) parts.push(c.isDomainLock === '1' ? 'd.is_domain_lock_enabled' : 'NOT d.is_domain_lock_enabled');
  if (c.isAutoUpdate) parts.push(c.isAutoUpdate === '1' ? 'd.is_auto_update_enabled' : 'NOT d.is_auto_update_enabled');
  if (c.isGetAuthcode) parts.push(c.isGetAuthcode === '1' ? 'd.authcode_obtained_at IS NOT NULL' : 'd.authcode_obtained_at IS NULL');
  const contactFilter = (id: string) => {
    const x = p(id);
    parts.push(`(d.reg_contact_id = ${x} OR d.adm_contact_id = ${x} OR d.tec_contact_id = ${x} OR d.bil_contact_id = ${x})`);
  };
  if (c.isWhoisProxy === 'proxy_release') parts.push('d.is_whois_proxy_enabled');
  else if (c.isWhoisProxy === 'not_proxy_release') parts.push('NOT d.is_whois_proxy_enabled');
  else if (c.isWhoisProxy === 'processing') parts.push('d.whois_processing_flg <> 0');
  else if (c.isWhoisProxy) contactFilter(c.isWhoisProxy);
  if (c.contact) contactFilter(c.contact);
  if (c.nameServer) parts.push(`EXISTS (SELECT 1 FROM domain_ops.domain_name_servers ns WHERE ns.domain_id = d.id AND ns.name = ${p(c.nameServer)})`);
  if (c.tldGroup === 'orgJp') parts.push(`d.tld = ANY(${p([...ORG_JP_TLDS])}::text[])`);
  if (c.influxLimit) parts.push(c.influxLimit === '0' ? 'd.influx = 0' : `d.influx >= ${p(Number(c.influxLimit))}`);

  let tParam: string | null = null;
  const tp = () => (tParam ??= p(today));
  if (c.isStatus === '1') parts.push(`d.due_key >= ${tp()}`);
  else if (c.isStatus === '2') parts.push(`d.due_key >= ${tp()} AND d.due_key < ${p(tokyoDayStart(o.now, EXPIRING_DAYS + 1))}`);
  else if (c.isStatus === '3') {
    needsPolicy = true;
    const head = `d.due_key < ${tp()} AND d.due_key >= ${tp()}::timestamptz - make_interval(days => ${LONGEST_GRACE})`;
    perTld(`${head} AND d.due_key >= ${tp()}::timestamptz - make_interval(days => ${GRACE})`, `${head} AND d.due_key >= ${tp()}::timestamptz - make_interval(days => ${GRACE_OF})`);
  } else if (c.isStatus === '4') {
    needsPolicy = true;
    const within = `d.due_key >= ${tp()}::timestamptz - make_interval(days => ${LONGEST_EXPIRED})`;
    perTld(
      `d.due_key < ${tp()}::timestamptz - make_interval(days => ${GRACE}) AND ${within} AND d.due_key >= ${tp()}::timestamptz - make_interval(days => ${GRACE} + ${RESTORE})`,
      `d.due_key < ${tp()}::timestamptz - make_interval(days => ${GRACE_OF}) AND ${within} AND d.due_key >= ${tp()}::timestamptz - make_interval(days => ${EXPIRED_OF})`,
    );
  } else if (!c.domainPkIds && c.domainType !== 0) {
    if (c.domainType === 2) {
      needsPolicy = true;
      const head = `d.due_key < ${tp()} AND d.due_key >= ${tp()}::timestamptz - make_interval(days => ${LONGEST_EXPIRED})`;
      perTld(`${head} AND d.due_key >= ${tp()}::timestamptz - make_interval(days => ${GRACE} + ${RESTORE})`, `${head} AND d.due_key >= ${tp()}::timestamptz - make_interval(days => ${EXPIRED_OF})`);
    } else {
      parts.push(`d.due_key >= ${tp()}`);
    }
  }
  if (c.isTrash === '1') parts.push('d.is_trash');
  else if (c.isTrash === '0' || (!hasAdvancedFilter(c) && !c.domainPkIds)) parts.push('NOT d.is_trash');
  const whereLookup = parts.length ? parts.map((x, i) => lookup.get(i) ?? x).join(' AND ') : 'true';
  return { where: parts.length ? parts.join(' AND ') : 'true', params, needsPolicy, whereLookup };
}

/** ORDER BY of each sort; id breaks ties so pages never overlap. Each matches an index of docs/domain-list.md. */
export const ORDER_BY: Record<DomainSort, string> = {
  dueDateAsc: 'd.due_key ASC, d.id ASC',
  dueDateDesc: 'd.due_key DESC, d.id DESC',
  nameAsc: 'd.name ASC, d.id ASC',
  nameDesc: 'd.name DESC, d.id DESC',
  obtainDateDesc: 'd.created_at DESC, d.id DESC',
  obtainDateAsc: 'd.created_at ASC, d.id ASC',
  influxDesc: 'd.influx DESC, d.id DESC',
};

const FROM = (needsPolicy: boolean) => `domain_ops.domains d${needsPolicy ? ' LEFT JOIN domain_ops.tld_policies p ON p.tld = d.tld' : ''}`;

/** The hit count of a built query. */
export function countSql(q: BuiltQuery): string {
  return `SELECT count(*)::int AS n FROM ${FROM(q.needsPolicy)} WHERE ${q.where}`;
}

/** The ids of one page in the condition's order (select-all-pages reads it with LIMIT 1000). */
export function pageIdsSql(c: DomainSearchCondition, q: BuiltQuery, limit: number, offset: number): string {
  // The per-TLD periods are looked up per row here, not joined: with the join, PostgreSQL cannot estimate the rows
  // of the expired window (its lower bound is the longest period, known only when the statement runs), guesses a few
  // hundred, and hashes and sorts every expired domain of the window (12,000 of 100,000: 16 ms) for a page of 50.
  // Without a join the only plan is the index walk in the list's order that stops after the page (0.3 ms), each
  // row testing its TLD's period by the policy's primary key (docs/domain-list.md, "Expired tab").
  // A keyword matches few rows: find them by the trigram index first, then sort them (walking a sort index and
  // testing LIKE on every row, which the planner may otherwise pick, reads most of the portfolio).
  return c.key
    ? `WITH m AS MATERIALIZED (SELECT d.id, d.due_key, d.name, d.created_at, d.influx FROM ${FROM(false)} WHERE ${q.whereLookup})
       SELECT d.id FROM m d ORDER BY ${ORDER_BY[c.sort]} LIMIT ${Number(limit)} OFFSET ${Number(offset)}`
    : `SELECT d.id FROM ${FROM(false)} WHERE ${q.whereLookup} ORDER BY ${ORDER_BY[c.sort]} LIMIT ${Number(limit)} OFFSET ${Number(offset)}`;
}

/**
 * What a row of the list shows: the domain, its TLD policy, name servers, inflow since `since` (a YYYY-MM-01 date
 * parameter) and a pending move request. Needs `d` (domains) and `p` (tld_policies, left-joined).
 */
export const ROW_COLUMNS = (since: string) => `d.*, ${GRACE} AS grace_period, ${RESTORE} AS restore_period, coalesce(p.can_lock, true) AS can_lock, coalesce(p.can_proxy, true) AS can_proxy,
  (SELECT array_agg(ns.name ORDER BY ns.priority) FROM domain_ops.domain_name_servers ns WHERE ns.domain_id = d.id) AS name_servers,
  (SELECT json_agg(json_build_object('month', to_char(h.month, 'YYYY-MM'), 'influx', h.influx) ORDER BY h.month)
     FROM domain_ops.domain_influx_histories h WHERE h.domain_id = d.id AND h.month >= ${since}::date) AS histories,
  (SELECT json_agg(json_build_object('to_email', m.to_email, 'request_date', m.request_date))
     FROM domain_ops.move_requests m WHERE m.domain_id = d.id AND m.status = 'pending') AS move_requests`;

/**
 * One page of rows in ONE statement (the page's ids, then their rows, in the condition's order): a search costs a
 * single round trip to PostgreSQL once its counts are known. `q`'s parameters plus `since` (pushed here).
 */
export function pageRowsSql(c: DomainSearchCondition, q: BuiltQuery, limit: number, offset: number, since: string): { sql: string; params: unknown[] } {
  const params = [...q.params, since];
  const sql = `WITH page AS MATERIALIZED (${pageIdsSql(c, q, limit, offset)})
    SELECT ${ROW_COLUMNS(`$${params.length}`)}
    FROM page JOIN domain_ops.domains d ON d.id = page.id LEFT JOIN domain_ops.tld_policies p ON p.tld = d.tld
    ORDER BY ${ORDER_BY[c.sort]}`;
  return { sql, params };
}

/**
 * The banner's list-linked counts in one scan of the member's domains: each is count(*) FILTER (the list's own WHERE
 * of that item's filter, `domainBannerFilter` of @registrar/rules), so a count equals the rows its link lists.
 */
export function bannerCountsSql(userId: number, now: Date, conditions: Array<{ key: string; condition: DomainSearchCondition }>): { sql: string; params: unknown[] } {
  const params: unknown[] = [userId];
  const cols = conditions.map(({ key, condition }) => {
    const q = buildWhere(condition, { userId: null, now, params });
    return `count(*) FILTER (WHERE ${q.where})::int AS "${key.replace(/[^A-Za-z]/g, '')}"`;
  });
  return { sql: `SELECT ${cols.join(',\n  ')}\nFROM domain_ops.domains d LEFT JOIN domain_ops.tld_policies p ON p.tld = d.tld WHERE d.user_id = $1`, params };
}
