/**
 * Rules of the admin screens (002 spec §4, §5, §9), shared by the web forms and the gateway's checks.
 */
import { fmt, M } from '@registrar/messages';

// ---- registrar log

/** 002 §4: 10000 success; 20000 failure; other values below 20000 accepted (pending); anything else other. */
export type RegistrarResultType = 'success' | 'pending' | 'failed' | 'etc';
export const REGISTRAR_RESULT_TYPES: readonly RegistrarResultType[] = ['success', 'pending', 'failed', 'etc'];
export const REGISTRAR_RESULT_LABELS: Record<RegistrarResultType, string> = { success: '成功', pending: '受付', failed: '失敗', etc: 'その他' };

export function registrarResultType(code: number): RegistrarResultType {
  if (code === 10000) return 'success';
  if (code === 20000) return 'failed';
  if (code < 20000) return 'pending';
  return 'etc';
}

/** The registrar log's action types (the EPP commands the client sends). */
export const REGISTRAR_ACTION_TYPES = [
  'domain:check', 'domain:info', 'domain:create', 'domain:renew', 'domain:update', 'domain:delete', 'domain:restore', 'domain:restore:report',
  'domain:transfer:request', 'domain:transfer:query', 'domain:transfer:approve', 'domain:transfer:reject', 'domain:transfer:cancel',
  'host:check', 'host:create', 'host:info', 'host:update', 'host:delete',
  'contact:check', 'contact:create', 'contact:info', 'contact:update', 'contact:delete', 'poll:req', 'poll:ack',
] as const;

export interface RegistrarLogSearchInput {
  page?: unknown; domainName?: unknown; userId?: unknown; dateFrom?: unknown; dateTo?: unknown; actionType?: unknown; resultCodeType?: unknown;
}
export interface RegistrarLogSearch {
  page: number; domainName?: string; userId?: number; dateFrom?: string; dateTo?: string; actionType?: string; resultCodeType?: RegistrarResultType;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const str = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());
function validDate(s: string): boolean {
  if (!DATE.test(s.replace(/\//g, '-'))) return false;
  const d = new Date(`${s.replace(/\//g, '-')}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s.replace(/\//g, '-');
}

/** Validates and normalises the registrar log search; errors are per field (422 { errors: { field: [msg] } }). */
export function validateRegistrarLogSearch(i: RegistrarLogSearchInput): { value: RegistrarLogSearch; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const value: RegistrarLogSearch = { page: Math.max(1, Math.floor(Number(i.page) || 1)) };
  const domainName = str(i.domainName);
  if (domainName.length > 253) errors.domainName = [M.adminTextTooLong];
  else if (domainName) value.domainName = domainName.toLowerCase();
  const userId = str(i.userId);
  if (userId && !/^\d{1,15}$/.test(userId)) errors.userId = [M.userIdDigits];
  else if (userId) value.userId = Number(userId);
  for (const k of ['dateFrom', 'dateTo'] as const) {
    const d = str(i[k]);
    if (d && !validDate(d)) errors[k] = [M.adminDateInvalid];
    else if (d) value[k] = d.replace(/\//g, '-');
  }
  if (value.dateFrom && value.dateTo && value.dateTo < value.dateFrom) errors.dateTo = [M.adminDateOrder];
  const actionType = str(i.actionType);
  if (actionType.length > 64) errors.actionType = [M.adminTextTooLong];
  else if (actionType) value.actionType = actionType;
  const r = str(i.resultCodeType);
  if (r && !REGISTRAR_RESULT_TYPES.includes(r as RegistrarResultType)) errors.resultCodeType = [M.adminResultTypeInvalid];
  else if (r) value.resultCodeType = r as RegistrarResultType;
  return { value, errors };
}

// ---- action log

export interface ActionLogSearchInput { page?: unknown; description?: unknown; userId?: unknown; date1?: unknown; date2?: unknown; latest?: unknown }
export interface ActionLogSearch { page: number; description?: string; userId?: number; date1?: string; date2?: string; latest?: true }

/**
 * 002 §5: a search needs at least one of domain name, user ID, start date, end date, else いずれかの検索条件を指定してください。
 * The page opens on the latest entries (issue 26): `latest` (1 or true) with no condition asks for them, newest first.
 */
export function validateActionLogSearch(i: ActionLogSearchInput): { value: ActionLogSearch; errors: string[] } {
  const value: ActionLogSearch = { page: Math.max(1, Math.floor(Number(i.page) || 1)) };
  const latest = i.latest === true || i.latest === 1 || i.latest === '1' || i.latest === 'true';
  const errors: string[] = [];
  const description = str(i.description);
  const userId = str(i.userId);
  const date1 = str(i.date1);
  const date2 = str(i.date2);
  if (!description && !userId && !date1 && !date2) return latest ? { value: { ...value, latest: true }, errors: [] } : { value, errors: [M.specifyAnyCondition] };
  if (description) value.description = description.slice(0, 253);
  if (userId && !/^\d{1,15}$/.test(userId)) errors.push(M.userIdDigits);
  else if (userId) value.userId = Number(userId);
  for (const [k, d] of [['date1', date1], ['date2', date2]] as const) {
    if (d && !validDate(d)) errors.push(M.adminDateInvalid);
    else if (d) value[k] = d.replace(/\//g, '-');
  }
  if (value.date1 && value.date2 && value.date2 < value.date1) errors.push(M.adminDateOrder);
  return { value, errors: [...new Set(errors)] };
}

/** Action log point type (002 §2): 1 gain (blue), 0 spend (red), other a dash. */
export function actionPointStyle(type: number): 'gain' | 'spend' | 'none' {
  return type === 1 ? 'gain' : type === 0 ? 'spend' : 'none';
}

// ---- command console

/** The EPP commands the console may run (read-only queries: nothing that changes a registration). */
export const API_COMMANDS = ['check', 'info', 'transfer_query', 'host_info', 'contact_info', 'host_check', 'contact_check'] as const;
export type ApiCommandName = (typeof API_COMMANDS)[number];
export type ApiCommandParams = Record<string, string | string[]>;

/**
 * Parses the console's text: one parameter=value a line (blank lines skipped, each side trimmed), arrays with an
 * index such as tld[0]=com. `command` must be one of API_COMMANDS.
 */
export function parseApiCommand(text: string): { params: ApiCommandParams; errors: string[] } {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return { params: {}, errors: [M.adminCommandRequired] };
  const params: ApiCommandParams = {};
  const arrays: Record<string, string[]> = {};
  const errors: string[] = [];
  trimmed.split(/\r?\n/).forEach((raw, idx) => {
    const line = raw.trim();
    if (!line) return;
    const m = /^([A-Za-z_][\w]*)(?:\[(\d{1,3})\])?\s*=\s*(.*)$/.exec(line);
    if (!m) { errors.push(fmt(M.adminCommandLine, { line: idx + 1 })); return; }
    const [, name, index, v] = m;
    if (index !== undefined) (arrays[name!] ??= [])[Number(index)] = v!.trim();
    else params[name!] = v!.trim();
  });
  for (const [k, list] of Object.entries(arrays)) params[k] = list.filter((x) => x !== undefined);
  if (!errors.length && !API_COMMANDS.includes(params.command as ApiCommandName)) errors.push(fmt(M.adminCommandNotAllowed, { allowed: API_COMMANDS.join(', ') }));
  return { params, errors };
}

/** The names a check command asks about: domainname with each tld[i], or names[i] as they are. */
export function apiCommandNames(p: ApiCommandParams): string[] {
  const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
  const names = list(p.name ?? p['names']).map((n) => n.toLowerCase());
  const base = typeof p.domainname === 'string' ? p.domainname.toLowerCase() : '';
  if (base) {
    const tlds = list(p.tld);
    if (tlds.length) for (const t of tlds) names.push(`${base}.${t.replace(/^\./, '').toLowerCase()}`);
    else names.push(base);
  }
  return [...new Set(names.filter(Boolean))];
}
