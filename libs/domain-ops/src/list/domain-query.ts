import { DEFAULT_GRACE_DAYS, DEFAULT_RESTORE_DAYS, DomainSearchCondition, DomainSort, EXPIRING_DAYS, hasAdvancedFilter } from '@registrar/rules';

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

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function buildWhere(c: DomainSearchCondition, o: { userId: number | null; now: Date }): BuiltQuery {
  const params: unknown[] = [];
  const parts: string[] = [];
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
  if (c.influxLimit) parts.push(c.influxLimit === '0' ? 'd.influx = 0' : `d.influx >= ${p(Number(c.influxLimit))}`);

  let tParam: string | null = null;
  const tp = () => (tParam ??= p(today));
  if (c.isStatus === '1') parts.push(`d.due_key >= ${tp()}`);
  else if (c.isStatus === '2') parts.push(`d.due_key >= ${tp()} AND d.due_key < ${p(tokyoDayStart(o.now, EXPIRING_DAYS + 1))}`);
  else if (c.isStatus === '3') {
    needsPolicy = true;
    parts.push(`d.due_key < ${tp()} AND d.due_key >= ${tp()}::timestamptz - make_interval(days => ${GRACE})`);
  } else if (c.isStatus === '4') {
    needsPolicy = true;
    parts.push(`d.due_key < ${tp()}::timestamptz - make_interval(days => ${GRACE}) AND d.due_key >= ${tp()}::timestamptz - make_interval(days => ${GRACE} + ${RESTORE})`);
  } else if (!c.domainPkIds && c.domainType !== 0) {
    if (c.domainType === 2) {
      needsPolicy = true;
      parts.push(`d.due_key < ${tp()} AND d.due_key >= ${tp()}::timestamptz - make_interval(days => ${GRACE} + ${RESTORE})`);
    } else {
      parts.push(`d.due_key >= ${tp()}`);
    }
  }
  if (c.isTrash === '1') parts.push('d.is_trash');
  else if (c.isTrash === '0' || (!hasAdvancedFilter(c) && !c.domainPkIds)) parts.push('NOT d.is_trash');
  return { where: parts.length ? parts.join(' AND ') : 'true', params, needsPolicy };
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
