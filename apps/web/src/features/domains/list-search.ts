/**
 * Typed search params of /mypage/domain (001 §2): the filters, tab, page, size and sort live in the URL (a form post
 * of the sidebar box or the advanced search is redirected here with them), plus the purchase result step's
 * domainPkIds[] and the return flags action=renewDomain / cardRegistration. Values are kept as strings and
 * validated by the server (validateDomainSearch), whose messages the page shows.
 */
import type { ListCondition } from './domain-list.api';

export const FILTER_KEYS = ['key', 'obtainDateStart', 'obtainDateEnd', 'dueDateStart', 'dueDateEnd', 'isDomainLock', 'isGetAuthcode', 'isWhoisProxy', 'nameServer',
  'contact', 'influxLimit', 'isAutoUpdate', 'isStatus', 'isTrash', 'tldGroup'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export interface DomainListSearch {
  key?: string;
  obtainDateStart?: string;
  obtainDateEnd?: string;
  dueDateStart?: string;
  dueDateEnd?: string;
  isDomainLock?: string;
  isGetAuthcode?: string;
  isWhoisProxy?: string;
  nameServer?: string;
  contact?: string;
  influxLimit?: string;
  isAutoUpdate?: string;
  isStatus?: string;
  isTrash?: string;
  tldGroup?: string;
  domainType?: number;
  validDomainPage?: number;
  pagingNum?: number;
  sort?: string;
  domainPkIds?: number[];
  action?: string;
  cardRegistration?: boolean;
  /** back from a card (3-D Secure) or wallet payment of the renewal: the session and its outcome */
  payment_session?: string;
  paymentResult?: 'success' | 'failed';
}

const str = (v: unknown): string | undefined => {
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  return t && t.length <= 300 ? t : undefined;
};
const int = (v: unknown): number | undefined => {
  const s = str(v);
  return s && /^\d{1,9}$/.test(s) ? Number(s) : undefined;
};

export function validateDomainListSearch(search: Record<string, unknown>): DomainListSearch {
  const out: DomainListSearch = {};
  for (const k of FILTER_KEYS) {
    const v = str(search[k]);
    if (v !== undefined) out[k] = v;
  }
  const type = int(search.domainType);
  if (type === 2) out.domainType = 2;
  const page = int(search.validDomainPage);
  if (page && page > 1) out.validDomainPage = page;
  const size = int(search.pagingNum);
  if (size) out.pagingNum = size;
  const sort = str(search.sort);
  if (sort) out.sort = sort;
  const rawIds = search.domainPkIds ?? search['domainPkIds[]'];
  const ids = (Array.isArray(rawIds) ? rawIds : rawIds === undefined ? [] : [rawIds]).map(int).filter((n): n is number => !!n);
  if (ids.length) out.domainPkIds = [...new Set(ids)].slice(0, 1000);
  const action = str(search.action);
  if (action === 'renewDomain') out.action = action;
  if (search.cardRegistration === true || search.cardRegistration === 'true') out.cardRegistration = true;
  const session = str(search.payment_session);
  if (session && /^[\w-]{1,64}$/.test(session)) out.payment_session = session;
  if (search.paymentResult === 'success' || search.paymentResult === 'failed') out.paymentResult = search.paymentResult;
  return out;
}

/** The API condition of the page's URL. */
export function conditionOf(s: DomainListSearch): ListCondition {
  const c: Record<string, unknown> = {};
  for (const k of FILTER_KEYS) if (s[k] !== undefined) c[k] = s[k];
  if (s.domainType === 2) c.domainType = 2;
  if (s.validDomainPage) c.validDomainPage = s.validDomainPage;
  if (s.pagingNum) c.pagingNum = s.pagingNum;
  if (s.sort) c.sort = s.sort;
  if (s.domainPkIds?.length) c.domainPkIds = s.domainPkIds;
  return c as ListCondition;
}

export function hasFilters(s: DomainListSearch): boolean {
  return FILTER_KEYS.some((k) => s[k] !== undefined) || !!s.domainPkIds?.length;
}
