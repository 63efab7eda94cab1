/**
 * The member's domain list (001 spec §2 "Domain list page", §3 "Search data", "Filter values", §5 "Selection and
 * search"): the search condition, its validation and normalisation. The web app checks a form with these functions
 * before it posts; domain-ops (the authority) runs the same ones on every search, select-all and CSV export.
 */
import { M } from '@registrar/messages';
/** Bulk operations and select-all-pages stop at BULK_LIMIT (001 §5, §9). */
import { BULK_LIMIT } from './whois-settings';
import { tldOf } from './purchase';

/** Page sizes offered ("page-size labels end in 件"); the first is the default. */
export const DOMAIN_PAGE_SIZES = [50, 20, 100, 200] as const;
export const DEFAULT_DOMAIN_PAGE_SIZE = 50;
/** The keyword search box and every free-text field are cut here before validation. */
export const SEARCH_TEXT_MAX = 253;

/** Sort options (the spec leaves them to the server); the first is the default. */
export const DOMAIN_SORTS = {
  dueDateAsc: '有効期限が近い順',
  dueDateDesc: '有効期限が遠い順',
  nameAsc: 'ドメイン名 昇順',
  nameDesc: 'ドメイン名 降順',
  obtainDateDesc: '登録日が新しい順',
  obtainDateAsc: '登録日が古い順',
  influxDesc: '推定流入数が多い順',
} as const;
export type DomainSort = keyof typeof DOMAIN_SORTS;
export const DEFAULT_DOMAIN_SORT: DomainSort = 'dueDateAsc';

/** Status filter (001 §3): valid 1, expiring within 30 days 2, expired renewable 3, expired recoverable 4. */
export const DOMAIN_STATUS = { valid: '1', expiring: '2', renewable: '3', restorable: '4' } as const;
export const DOMAIN_STATUS_LABELS: Record<string, string> = { '1': '有効', '2': '30日以内に期限切れ', '3': '期限切れ（更新可能）', '4': '期限切れ（復旧可能）' };
/** Influx filter buckets (001 §3): 0, 1+, 100+, 1,000+, 10,000+. */
export const INFLUX_LIMITS = ['0', '1', '100', '1000', '10000'] as const;
export const INFLUX_LIMIT_LABELS: Record<string, string> = { '0': '0', '1': '1以上', '100': '100以上', '1000': '1,000以上', '10000': '10,000以上' };
/** WHOIS filter (001 §3): proxy on, proxy off, change in progress, or a contact id. */
export const WHOIS_FILTERS = { proxy_release: 'WHOIS代理公開あり', not_proxy_release: 'WHOIS代理公開なし', processing: 'WHOIS変更処理中' } as const;
/** Days ahead the status "expiring" covers, and the banner's short window. */
export const EXPIRING_DAYS = 30;
export const EXPIRING_SOON_DAYS = 15;
/** Grace and restore periods used for a TLD the catalogue does not describe. */
export const DEFAULT_GRACE_DAYS = 30;
export const DEFAULT_RESTORE_DAYS = 30;

/**
 * Attribute-type JP domains (属性型JPドメイン: or.jp, ac.jp, go.jp …), whose registrant is an organisation of that
 * attribute: the banner's ".org.jp registrant" count (001 §2) and the list filter `tldGroup=orgJp` it links to.
 */
export const ORG_JP_TLDS = ['or.jp', 'ac.jp', 'ed.jp', 'go.jp', 'lg.jp', 'gr.jp', 'ne.jp', 'ad.jp'] as const;
/**
 * Attribute-type JP names other than .co.jp (.or.jp, .ne.jp, .ac.jp …: 001 §2's ".org.jp-type registrant" domains):
 * their WHOIS modal says that the registrant is the organisation of the attribute, and the registrant chosen must be
 * an organisation contact (role 2 or R).
 */
export function isOrgJpLike(name: string): boolean {
  return (ORG_JP_TLDS as readonly string[]).includes(tldOf(name));
}

/** The registrant of an attribute-type JP name must be an organisation (role 2 or R); other names take any contact. */
export function orgJpRegistrantOk(name: string, registrantRole: unknown): boolean {
  if (!isOrgJpLike(name)) return true;
  const r = String(registrantRole ?? '').toUpperCase();
  return r === '2' || r === 'R';
}

/** Groups of TLDs the list can be narrowed to. */
export const TLD_GROUPS = { orgJp: '属性型JPドメイン' } as const;

/** Tabs of the list (001 §3 "domain type 1 valid, 2 expired"); 0 = both (the admin list of 002, which shows expired rows too). */
export type DomainType = 0 | 1 | 2;

/** A validated search condition (the search data of 001 §3 plus the list's own filters). */
export interface DomainSearchCondition {
  key?: string;
  obtainDateStart?: string;
  obtainDateEnd?: string;
  dueDateStart?: string;
  dueDateEnd?: string;
  isDomainLock?: '0' | '1';
  isGetAuthcode?: '0' | '1';
  /** proxy_release | not_proxy_release | processing | a contact id */
  isWhoisProxy?: string;
  nameServer?: string;
  /** a contact id: domains that use it in any role */
  contact?: string;
  influxLimit?: (typeof INFLUX_LIMITS)[number];
  isAutoUpdate?: '0' | '1';
  isStatus?: '1' | '2' | '3' | '4';
  /** '1' only trashed domains; '0' none; unset: none on the plain list, both once an advanced field is set */
  isTrash?: '0' | '1';
  /** a group of TLDs (TLD_GROUPS) */
  tldGroup?: keyof typeof TLD_GROUPS;
  /** the tab: 1 valid (default), 2 expired, 0 both (admin list); ignored when isStatus says which */
  domainType?: DomainType;
  /** the purchase result step's domains */
  domainPkIds?: number[];
  validDomainPage: number;
  pagingNum: number;
  sort: DomainSort;
}

/** Labels of the fields, used in '検索条件が不正です: ' + names. */
export const DOMAIN_SEARCH_FIELD_LABELS: Record<string, string> = {
  key: 'キーワード', obtainDateStart: '登録日（開始）', obtainDateEnd: '登録日（終了）', dueDateStart: '有効期限（開始）', dueDateEnd: '有効期限（終了）',
  isDomainLock: 'ドメインロック', isGetAuthcode: 'AUTHCODE', isWhoisProxy: 'WHOIS', nameServer: 'ネームサーバー', contact: 'WHOIS情報',
  influxLimit: '推定流入数', tldGroup: 'ドメイン種別', isAutoUpdate: '自動更新', isStatus: 'ステータス', isTrash: 'ゴミ箱', domainType: 'タブ', domainPkIds: 'ドメインID',
  validDomainPage: 'ページ', pagingNum: '表示件数', sort: '並び順',
};

export type DomainSearchValidation =
  | { ok: true; condition: DomainSearchCondition }
  | { ok: false; errors: string[]; fields: string[] };

const DATE = /^(\d{4})[-/](\d{2})[-/](\d{2})$/;
function dateOf(v: string): string | null {
  const m = DATE.exec(v);
  if (!m) return null;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  if (d.getUTCFullYear() !== +m[1] || d.getUTCMonth() !== +m[2] - 1 || d.getUTCDate() !== +m[3]) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '').normalize('NFKC').trim();
const flag01 = (v: unknown): '0' | '1' | '' | null => {
  const s = text(v);
  return s === '' ? '' : s === '0' || s === '1' ? s : null;
};

/** True when any advanced-search field is set (then trashed domains are found too: 001 §4 "Trash"). */
export function hasAdvancedFilter(c: Partial<DomainSearchCondition>): boolean {
  return !!(c.obtainDateStart || c.obtainDateEnd || c.dueDateStart || c.dueDateEnd || c.isDomainLock || c.isGetAuthcode || c.isWhoisProxy
    || c.nameServer || c.contact || c.influxLimit);
}

/**
 * Validates and normalises posted search data (strings from a form or JSON). Unknown fields are ignored; empty
 * fields mean "any". Errors: the two date-range messages of 001 §5, and '検索条件が不正です: ' with the labels of
 * every other bad field. A page beyond the last is clamped by the search, not refused.
 */
export function validateDomainSearch(input: Record<string, unknown> | null | undefined): DomainSearchValidation {
  const src = input && typeof input === 'object' ? input : {};
  const bad: string[] = [];
  const errors: string[] = [];
  const c: DomainSearchCondition = { validDomainPage: 1, pagingNum: DEFAULT_DOMAIN_PAGE_SIZE, sort: DEFAULT_DOMAIN_SORT };

  const key = text(src.key);
  if (key.length > SEARCH_TEXT_MAX) bad.push('key');
  else if (key) c.key = key.toLowerCase();

  for (const f of ['obtainDateStart', 'obtainDateEnd', 'dueDateStart', 'dueDateEnd'] as const) {
    const s = text(src[f]);
    if (!s) continue;
    const d = dateOf(s);
    if (d) c[f] = d;
    else bad.push(f);
  }
  if (c.obtainDateStart && c.obtainDateEnd && c.obtainDateStart > c.obtainDateEnd) errors.push(M.registrationDateRange);
  if (c.dueDateStart && c.dueDateEnd && c.dueDateStart > c.dueDateEnd) errors.push(M.expiryDateRange);

  for (const f of ['isDomainLock', 'isGetAuthcode', 'isAutoUpdate', 'isTrash'] as const) {
    const v = flag01(src[f]);
    if (v === null) bad.push(f);
    else if (v) c[f] = v;
  }

  const whois = text(src.isWhoisProxy);
  if (whois) {
    if (whois in WHOIS_FILTERS || /^[1-9]\d{0,17}$/.test(whois)) c.isWhoisProxy = whois;
    else bad.push('isWhoisProxy');
  }
  const contact = text(src.contact);
  if (contact) {
    if (/^[1-9]\d{0,17}$/.test(contact)) c.contact = contact;
    else bad.push('contact');
  }
  const ns = text(src.nameServer).toLowerCase();
  if (ns) {
    if (ns.length <= SEARCH_TEXT_MAX && /^[a-z0-9.-]+$/.test(ns)) c.nameServer = ns;
    else bad.push('nameServer');
  }
  const group = text(src.tldGroup);
  if (group) {
    if (group in TLD_GROUPS) c.tldGroup = group as keyof typeof TLD_GROUPS;
    else bad.push('tldGroup');
  }
  const influx = text(src.influxLimit);
  if (influx) {
    if ((INFLUX_LIMITS as readonly string[]).includes(influx)) c.influxLimit = influx as DomainSearchCondition['influxLimit'];
    else bad.push('influxLimit');
  }
  const status = text(src.isStatus);
  if (status) {
    if (['1', '2', '3', '4'].includes(status)) c.isStatus = status as DomainSearchCondition['isStatus'];
    else bad.push('isStatus');
  }
  const type = text(src.domainType);
  if (type) {
    if (type === '0' || type === '1' || type === '2') c.domainType = Number(type) as DomainType;
    else bad.push('domainType');
  }
  const ids = src.domainPkIds ?? src['domainPkIds[]'];
  if (ids !== undefined && ids !== null && ids !== '') {
    const list = (Array.isArray(ids) ? ids : [ids]).map((x) => text(x));
    if (list.length <= BULK_LIMIT && list.every((x) => /^[1-9]\d{0,15}$/.test(x))) c.domainPkIds = [...new Set(list.map(Number))];
    else bad.push('domainPkIds');
  }

  const page = text(src.validDomainPage ?? src.page);
  if (page) {
    if (/^\d{1,9}$/.test(page) && Number(page) >= 1) c.validDomainPage = Number(page);
    else bad.push('validDomainPage');
  }
  const size = text(src.pagingNum);
  if (size) {
    if ((DOMAIN_PAGE_SIZES as readonly number[]).includes(Number(size)) && /^\d+$/.test(size)) c.pagingNum = Number(size);
    else bad.push('pagingNum');
  }
  const sort = text(src.sort);
  if (sort) {
    if (Object.prototype.hasOwnProperty.call(DOMAIN_SORTS, sort)) c.sort = sort as DomainSort;
    else bad.push('sort');
  }

  if (bad.length) errors.push(M.badSearchCondition + bad.map((f) => DOMAIN_SEARCH_FIELD_LABELS[f] ?? f).join(', '));
  return errors.length ? { ok: false, errors, fields: bad } : { ok: true, condition: c };
}

/** The bulk rules of 001 §5 for a selection (ids, or a count from select-all-pages): null when it may proceed. */
export function bulkSelectionError(count: number): string | null {
  if (count < 1) return M.selectDomain;
  if (count > BULK_LIMIT) return M.bulkLimit1000;
  return null;
}

/** The search condition as the flat string fields a form or URL carries (inverse of validateDomainSearch). */
export function conditionToFields(c: Partial<DomainSearchCondition>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(c)) {
    if (v === undefined || v === null || v === '' || k === 'domainPkIds') continue;
    out[k] = String(v);
  }
  return out;
}

/** The 12 monthly points of the mini chart, oldest first, padded with zeros (001 §9). `months` are 'YYYY-MM'. */
export function influxSeries(history: readonly { month: string; influx: number }[], lastMonth: string): number[] {
  const byMonth = new Map(history.map((h) => [h.month.slice(0, 7), h.influx]));
  const [y, m] = lastMonth.split('-').map(Number);
  const out: number[] = [];
  for (let i = 11; i >= 0; i--) {
    const d = new Date(Date.UTC(y!, m! - 1 - i, 1));
    const key = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    out.push(byMonth.get(key) ?? 0);
  }
  return out;
}

/** An IDN is shown with its punycode in brackets (001 §2). */
export function domainDisplayName(d: { name: string; punycode: string }): string {
  return d.name !== d.punycode ? `${d.name}（${d.punycode}）` : d.name;
}


/** The banner's counts that link to the list (001 §2), in the banner's order. */
export const DOMAIN_BANNER_LIST_KEYS = ['noAutoUpdate', 'expiringSoon', 'expiringNoAutoUpdate', 'renewGrace', 'restoreGrace', 'whoisProcessing', 'orgJpRegistrant', 'trashed'] as const;
export type DomainBannerListKey = (typeof DOMAIN_BANNER_LIST_KEYS)[number];

/** A YYYY-MM-DD day plus n days. */
function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + n)).toISOString().slice(0, 10);
}

/**
 * The list filter a banner count links to, as URL search fields (`today` is the Tokyo day, YYYY-MM-DD). It is the
 * ONE rule of each item: the server counts the rows this filter lists (the list's own query), and the banner links
 * to it, so a count always equals the rows its link opens. Every filter stays on the list's default tab (valid
 * domains) and leaves trashed domains out, except the trash's own; a WHOIS change in progress on an expired domain
 * is therefore not counted (an expired domain takes no operation but renewal).
 */
export function domainBannerFilter(key: DomainBannerListKey, today: string): Record<string, string> {
  switch (key) {
    case 'noAutoUpdate':
      return { isAutoUpdate: '0' };
    case 'expiringSoon':
      // a date range is an advanced field, which would also find trashed domains: say "not trashed" outright
      return { dueDateStart: today, dueDateEnd: addDays(today, EXPIRING_SOON_DAYS), isTrash: '0' };
    case 'expiringNoAutoUpdate':
      return { isStatus: DOMAIN_STATUS.expiring, isAutoUpdate: '0' };
    case 'renewGrace':
      return { isStatus: DOMAIN_STATUS.renewable };
    case 'restoreGrace':
      return { isStatus: DOMAIN_STATUS.restorable };
    case 'whoisProcessing':
      return { isWhoisProxy: 'processing', isTrash: '0' };
    case 'orgJpRegistrant':
      return { tldGroup: 'orgJp' };
    case 'trashed':
      return { isTrash: '1' };
  }
}
