/**
 * Rules of the list's operation modals (001 spec §4, §5, §9), shared by the web modals and the domain-ops service
 * (the server is the authority).
 */
import { M } from '@registrar/messages';
import { formatDateJst } from './dates';
import { normaliseNameServers, NS_MAX_DEFAULT, validateNameServers } from './whois-settings';

/** The name-server modal starts with 2 rows and adds 3 at a time; the add button is hidden at 8 rows or more (001 §5). */
export const NS_ROWS_START = 2;
export const NS_ROWS_STEP = 3;
export const NS_ROWS_MAX = 11;
export const canAddNameServerRows = (rows: number): boolean => rows < 8;
export const nextNameServerRows = (rows: number): number => (canAddNameServerRows(rows) ? Math.min(NS_ROWS_MAX, rows + NS_ROWS_STEP) : rows);

/** Quick-fill presets of hosting providers (2 to 5 servers each). */
export const NAME_SERVER_PRESETS: ReadonlyArray<{ label: string; servers: readonly string[] }> = [
  { label: 'ラッコドメイン（DNS）', servers: ['01.dnsv.jp', '02.dnsv.jp', '03.dnsv.jp', '04.dnsv.jp'] },
  { label: 'ラッコサーバー', servers: ['ns1.rakkoserver.com', 'ns2.rakkoserver.com'] },
  { label: 'エックスサーバー', servers: ['ns1.xserver.jp', 'ns2.xserver.jp', 'ns3.xserver.jp', 'ns4.xserver.jp', 'ns5.xserver.jp'] },
  { label: 'シンレンタルサーバー', servers: ['ns1.shin-server.jp', 'ns2.shin-server.jp', 'ns3.shin-server.jp'] },
  { label: 'ConoHa WING', servers: ['ns-a1.conoha.io', 'ns-a2.conoha.io', 'ns-a3.conoha.io'] },
  { label: 'さくらのレンタルサーバ', servers: ['ns1.dns.ne.jp', 'ns2.dns.ne.jp'] },
  { label: 'ロリポップ！', servers: ['uns01.lolipop.jp', 'uns02.lolipop.jp'] },
  { label: 'ヘテムル', servers: ['ns1.heteml.jp', 'ns2.heteml.jp'] },
  { label: 'ColorfulBox', servers: ['ns1.colorfulbox.jp', 'ns2.colorfulbox.jp'] },
  { label: 'mixhost', servers: ['ns1.mixhost.jp', 'ns2.mixhost.jp', 'ns3.mixhost.jp'] },
  { label: 'カラフルボックス（旧）', servers: ['ns1.cbsv.jp', 'ns2.cbsv.jp'] },
  { label: 'お名前.com レンタルサーバー', servers: ['dns01.gmoserver.jp', 'dns02.gmoserver.jp'] },
  { label: 'XREA / CORESERVER', servers: ['ns1.value-domain.com', 'ns2.value-domain.com', 'ns3.value-domain.com', 'ns4.value-domain.com', 'ns5.value-domain.com'] },
  { label: 'WebARENA', servers: ['ns1.bizmw.com', 'ns2.bizmw.com'] },
  { label: 'AWS Route 53（例）', servers: ['ns-1.awsdns-00.com', 'ns-2.awsdns-00.net', 'ns-3.awsdns-00.org', 'ns-4.awsdns-00.co.uk'] },
  { label: 'Cloudflare（例）', servers: ['ns1.cloudflare.com', 'ns2.cloudflare.com'] },
  { label: 'Google Cloud DNS（例）', servers: ['ns-cloud-a1.googledomains.com', 'ns-cloud-a2.googledomains.com', 'ns-cloud-a3.googledomains.com', 'ns-cloud-a4.googledomains.com'] },
  { label: 'Wix', servers: ['ns0.wixdns.net', 'ns1.wixdns.net'] },
  { label: 'Shopify', servers: ['ns1.shopify.com', 'ns2.shopify.com'] },
];

/** The modal's rows as sent: trimmed, lower-cased, empty rows dropped, with their priority (1…). */
export function nameServersFromRows(rows: ReadonlyArray<{ name?: unknown } | string>): string[] {
  return normaliseNameServers(rows.map((r) => (typeof r === 'string' ? r : r?.name)));
}

/** The first failing name-server rule (001 §5) or null. */
export function validateNameServerRows(rows: ReadonlyArray<{ name?: unknown } | string>): string | null {
  return validateNameServers(nameServersFromRows(rows), NS_MAX_DEFAULT);
}

/** Memo: at most 255 characters, trimmed; append truncates the overflow (001 §5). */
export const MEMO_MAX = 255;
export type MemoMode = 'override' | 'append' | 'delete';

/** The memo a domain gets in this mode, or an error for an empty entry (except delete). */
export function applyMemo(mode: MemoMode, current: string | null | undefined, input: string, domainName: string): { content: string } | { error: string } {
  if (mode === 'delete') return { content: '' };
  const typed = String(input ?? '').trim();
  if (!typed) return { error: M.memoEmpty.replace('{domain}', domainName) };
  if (mode === 'append') return { content: `${String(current ?? '').trim()}${current ? '\n' : ''}${typed}`.trim().slice(0, MEMO_MAX) };
  if (typed.length > MEMO_MAX) return { error: M.memoTooLong };
  return { content: typed };
}

/** The fields of a domain these rules read (the list's row). */
export interface OperationDomain {
  name?: string;
  due_date?: string | null;
  is_domain_lock_enabled_flg?: number;
  is_auto_update_enabled_flg?: number;
  is_whois_proxy_enabled_flg?: number;
  is_whois_processing_flg?: number;
  is_trash_flg?: number;
  admin_lock_status?: number;
  tld?: { can_lock?: boolean } | string;
  can_lock?: boolean;
}

const canLock = (d: OperationDomain) => (typeof d.tld === 'object' && d.tld ? d.tld.can_lock !== false : d.can_lock !== false);

/** Lock modal buttons (001 §4): one lockable domain offers the opposite action, one that cannot lock neither, several both. */
export function lockButtons(domains: readonly OperationDomain[]): { on: boolean; off: boolean; unsupported: boolean } {
  if (domains.length !== 1) return { on: domains.length > 1, off: domains.length > 1, unsupported: false };
  const d = domains[0];
  if (!canLock(d)) return { on: false, off: false, unsupported: true };
  const locked = d.is_domain_lock_enabled_flg === 1;
  return { on: !locked, off: locked, unsupported: false };
}

/** Auto-renew modal buttons (001 §4): on only if the domain is off or several are chosen; off likewise. */
export function autoRenewButtons(domains: readonly OperationDomain[]): { on: boolean; off: boolean } {
  if (domains.length !== 1) return { on: domains.length > 1, off: domains.length > 1 };
  const on = domains[0].is_auto_update_enabled_flg === 1;
  return { on: !on, off: on };
}

/** Trash modal buttons (001 §4): put-in if some domain is not in the trash, take-out if some is. */
export function trashButtons(domains: readonly OperationDomain[]): { put: boolean; takeOut: boolean } {
  return { put: domains.some((d) => d.is_trash_flg !== 1), takeOut: domains.some((d) => d.is_trash_flg === 1) };
}

/** Whether the due date is today (Asia/Tokyo): auto-renew cannot be changed then (001 §5). */
export function isDueToday(dueDate: string | Date | null | undefined, now: Date = new Date()): boolean {
  return !!dueDate && formatDateJst(dueDate) === formatDateJst(now);
}

/** Why AUTHCODE cannot be read for these domains (001 §5), or null. */
export function authcodeRefusal(domains: readonly OperationDomain[]): string | null {
  if (domains.some((d) => d.is_domain_lock_enabled_flg === 1)) return M.authcodeUnlockFirst;
  if (domains.some((d) => d.is_whois_proxy_enabled_flg === 1 || (d.is_whois_processing_flg ?? 0) !== 0)) return M.authcodeProxyOffFirst;
  return null;
}

/** Move: a ラッコID (digits) or an e-mail is required (001 §5). */
export function moveTarget(input: string): { userId: number } | { email: string } | { error: string } {
  const v = String(input ?? '').trim();
  if (!v) return { error: M.moveTargetRequired };
  if (/^\d{1,15}$/.test(v)) return { userId: Number(v) };
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) return { email: v.toLowerCase() };
  return { error: M.moveTargetRequired };
}

/** Move requests by e-mail not accepted within this many days are cancelled (001 §9). */
export const MOVE_REQUEST_DAYS = 7;
