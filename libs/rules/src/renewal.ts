/**
 * Renewal rules (000 spec §4 "Renewal price rule", §9 ".jp renewal deadline"; 001 spec §9), shared by the renewal modal
 * and the server (the server is the authority).
 */
import { fmt, M } from '@registrar/messages';
import { daysBetweenJst, formatDateJst } from './dates';

export type RenewalWindow = 'renew' | 'restore' | 'out';

/** At most this many domains per renewal (the list's bulk actions allow 1000; the registry work is per domain). */
export const MAX_DOMAINS_PER_RENEWAL = 100;

/** The refusal of a renewal of `count` domains (more than MAX_DOMAINS_PER_RENEWAL), null when the count may proceed. */
export function renewalCountError(count: number): string | null {
  return count > MAX_DOMAINS_PER_RENEWAL ? fmt(M.tooManyRenewals, { max: MAX_DOMAINS_PER_RENEWAL }) : null;
}

/** Auto-renew runs this many days before expiry; the modal's option says 'within 30 days of expiry'. */
export const AUTO_RENEW_WITHIN_DAYS = 30;

/** .jp names (jp and every second-level or geographic *.jp): renewals close at 22:00 Tokyo on the due date. */
export function isJpName(name: string): boolean {
  return /\.jp\.?$/i.test(String(name).trim());
}
export const JP_RENEWAL_DEADLINE_HOUR = 22;

export interface RenewalWindowInput {
  name: string;
  dueDate: Date | string;
  now: Date;
  /** days after the due date during which the renewal price still applies */
  gracePeriod: number;
  /** days after the grace period during which the domain can be restored (at the restore price) */
  restorePeriod: number;
}

/**
 * Which price applies today: within due date + grace the renewal price; then within grace + restore the restore price
 * (the domain is restored through RGP); after that the domain is out of period ('期間外ドメイン', not sent).
 * A .jp renewal at the renewal price closes at 22:00 Tokyo on the last day of that window.
 */
export function renewalWindow(i: RenewalWindowInput): RenewalWindow {
  const grace = Math.max(0, Math.floor(i.gracePeriod || 0));
  const restore = Math.max(0, Math.floor(i.restorePeriod || 0));
  const daysPast = daysBetweenJst(i.dueDate, i.now); // 0 on the due date, 1 the day after
  let renewOpen = daysPast <= grace;
  if (renewOpen && isJpName(i.name) && daysPast === grace && tokyoHour(i.now) >= JP_RENEWAL_DEADLINE_HOUR) renewOpen = false;
  if (renewOpen) return 'renew';
  if (restore > 0 && daysPast <= grace + restore) return 'restore';
  return 'out';
}

/** Expired: the due date is before today (Tokyo). */
export function isExpired(dueDate: Date | string, now: Date): boolean {
  return formatDateJst(dueDate) < formatDateJst(now);
}

/** The price of renewing for `years`: renewal × years, or restore (which includes one year's renewal) + renewal × (years − 1). */
export function renewalPrice(kind: RenewalWindow, prices: { renew: number; restore: number }, years: number): number {
  if (kind === 'out') return 0;
  if (!Number.isInteger(years) || years < 1) throw new RangeError(`years must be a positive integer, got ${years}`);
  return kind === 'restore' ? prices.restore + prices.renew * (years - 1) : prices.renew * years;
}

function tokyoHour(d: Date): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', hour: '2-digit', hourCycle: 'h23' }).format(d));
}

/**
 * The expiry after renewing for `years` (shown in the renewal modal before payment): the current expiry plus the
 * years, also for a restore (its price includes one year's renewal). A 29 February lands on 28 February of a common
 * year, as registries count. `dueDate` is YYYY-MM-DD (or begins with it); null when there is none.
 */
export function renewedExpiry(dueDate: string | null | undefined, years: number): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(dueDate ?? '');
  if (!m || !Number.isInteger(years) || years < 1) return null;
  const y = Number(m[1]) + years;
  const month = Number(m[2]);
  const last = new Date(Date.UTC(y, month, 0)).getUTCDate();
  const day = Math.min(Number(m[3]), last);
  return `${y}-${m[2]}-${String(day).padStart(2, '0')}`;
}

/** What an admin reads as a domain's state (issue 26): the row's status with expiry, trash and locks folded in. */
export interface AdminDomainStateInput { status?: unknown; due_date?: unknown; is_trash?: unknown; admin_lock_status?: unknown; market_listing_id?: unknown }

export function adminDomainState(d: AdminDomainStateInput, now: Date): { label: string; color: 'green' | 'red' | 'yellow' | 'gray' | 'blue'; flags: string[] } {
  const flags: string[] = [];
  if (d.is_trash === true) flags.push('ゴミ箱');
  if (Number(d.admin_lock_status) > 0) flags.push('管理ロック中');
  if (d.market_listing_id != null) flags.push('出品中');
  const due = typeof d.due_date === 'string' || d.due_date instanceof Date ? d.due_date : null;
  if (d.status === 'pending') return { label: '登録処理中', color: 'blue', flags };
  if (d.status === 'provisional') return { label: '仮登録（本登録待ち）', color: 'yellow', flags };
  if (due && isExpired(due, now)) return { label: `期限切れ（${formatDateJst(due).replace(/-/g, '/')}）`, color: 'red', flags };
  if (d.status === 'active') return { label: '有効', color: 'green', flags };
  return { label: String(d.status ?? '不明'), color: 'gray', flags };
}
