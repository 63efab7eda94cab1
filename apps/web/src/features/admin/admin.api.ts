import { ApiError, api } from '../../lib/api';

/** Messages to show for a failed admin call: the server's field errors (422), its message, else the fallback. */
export function adminErrors(e: unknown, fallback = '予期せぬエラー'): string[] {
  if (e instanceof ApiError) {
    const fields = Object.values(e.fieldErrors).flat();
    if (fields.length) return fields;
    const b = e.body as { message?: string | string[]; error?: string; error_msg?: string[] } | null;
    if (b?.error_msg?.length) return b.error_msg;
    if (Array.isArray(b?.message)) return b.message;
    if (typeof b?.message === 'string' && e.status !== 500) return [b.message];
    if (typeof b?.error === 'string' && b.error) return [b.error];
  }
  return [fallback];
}

export interface Paged<T> { data: T[]; total: number; last_page: number; current_page?: number }

export interface AuditRow {
  id: number; admin_id: number; admin_role: number; action: string; method: string; path: string; target: string | null;
  request: unknown; before: unknown; after: unknown; status: number; ip: string | null; created_at: string;
}

export const adminApi = {
  auditLog: (q: { page?: number; adminId?: number; action?: string; target?: string }, signal?: AbortSignal) =>
    api<{ result: boolean; auditLogs: Paged<AuditRow> }>('/admin/api/audit_log', { query: q, signal }),
};

export interface RegistrarLogRow {
  id: number; user_id: number | null; domain_pkid: number | null; domain_name: string | null; action_type: string; result_code: number;
  epp_result_code: number; success_parameter: string; onamae_response: string; created_at: string;
}
export interface ActionLogRow { id: number; user_id: number; action_name: string; description: string; domain_name: string | null; type: number; point: number; created_at: string }
export interface RegistrarLogQuery { page?: number; domainName?: string; userId?: string | number; dateFrom?: string; dateTo?: string; actionType?: string; resultCodeType?: string }
export interface ActionLogQuery { page?: number; description?: string; userId?: string | number; date1?: string; date2?: string; latest?: 1 }

export const adminOpsApi = {
  registrarLog: (q: RegistrarLogQuery, signal?: AbortSignal) => api<{ result: boolean; data: { onamaeResults: Paged<RegistrarLogRow> } }>('/admin/api/onamae_log', { body: q, signal }),
  actionLog: (q: ActionLogQuery, signal?: AbortSignal) => api<{ result: boolean; actionLogs: Paged<ActionLogRow> }>('/admin/api/action_log', { body: q, signal }),
  apiCommand: (lines: string[]) => api<{ result: string | null; error: string | null }>('/admin/api/api_command', { body: { command: lines }, timeoutMs: 120_000 }),
  domainInfo: (name: string) => api<{ result: boolean; info: { registry: unknown; ours: unknown } | null }>('/admin/api/domains/info', { body: { name } }),
  domainImport: (userId: string, domainNames: string[]) => api<{ result: boolean; results: string[]; errors: string[] }>('/admin/api/domains/import', { body: { userId, domainNames } }),
};

export interface AdminUserRow { id: number; email: string; last_name: string | null; first_name: string | null; company_name: string | null; admin_role: 1 | 2 | null; identity_verify_status: 0 | 1 | 2; disabled: boolean; created_at: string }
export interface AdminUserProfile {
  id: number; email: string; last_name: string | null; first_name: string | null; company_name: string | null; admin_role: 1 | 2 | null;
  identity_verify_status: 0 | 1 | 2; phone: string | null; authenticated_phone: string | null; profile_completed: boolean; two_factor_enabled: boolean;
  post_code: string | null; prefecture: string | null; address1: string | null; address2: string | null; address3: string | null; has_prior_usage: boolean;
}
export interface PointEntry { id: number; delta: number; balanceAfter: number; kind: string; reference: string | null; createdAt: string }
export interface OwnedDomain { id: number; name: string; due_date: string | null; status: string; is_auto_update_enabled_flg: 0 | 1; is_whois_proxy_enabled_flg: 0 | 1; is_domain_lock_enabled_flg: 0 | 1 }
export interface BankTransfer { id: number; userId: number; amount: number; reference: string; status: 'pending' | 'confirmed' | 'cancelled'; createdAt: string; confirmedAt: string | null; confirmedBy: number | null }

export const adminUsersApi = {
  search: (q: string, signal?: AbortSignal) => api<{ result: boolean; users: AdminUserRow[] }>('/admin/api/users', { query: { q }, signal }),
  get: (id: number, signal?: AbortSignal) => api<{ result: boolean; user: AdminUserProfile }>(`/admin/api/users/${id}`, { signal }),
  points: (id: number, page: number, signal?: AbortSignal) => api<{ result: boolean; point: number; history: Paged<PointEntry> }>(`/admin/api/users/${id}/points`, { query: { page }, signal }),
  domains: (id: number, signal?: AbortSignal) => api<{ result: boolean; domains: OwnedDomain[] }>(`/admin/api/users/${id}/domains`, { signal }),
  adjust: (id: number, amount: number, reason: string, requestKey: string) => api<{ result: boolean; point: number }>(`/admin/api/users/${id}/points/adjust`, { body: { amount, reason, requestKey } }),
  approve: (id: number) => api<{ result: boolean; message: string[] }>(`/admin/api/users/${id}/identity/approve`, { body: {} }),
  setRole: (id: number, admin_role: 1 | 2 | null) => api<{ result: boolean }>(`/admin/api/users/${id}/admin-role`, { body: { admin_role } }),
  bankTransfers: (status: string, signal?: AbortSignal) => api<{ topUps: BankTransfer[] }>('/admin/point/bank_transfer', { query: { status: status || undefined }, signal }),
  confirmTransfer: (id: number) => api<BankTransfer>(`/admin/point/bank_transfer/${id}/confirm`, { body: {} }),
  domainById: (id: number, signal?: AbortSignal) => api<{ result: boolean; info: { registry: unknown; ours: Record<string, unknown> | null } | null }>(`/admin/api/domains/${id}`, { signal }),
  /** our record of the domain alone: no registry command (the detail's poll of the lock while it is 設定中) */
  domainRecordById: (id: number, signal?: AbortSignal) => api<{ result: boolean; info: { registry: null; ours: Record<string, unknown> | null } | null }>(`/admin/api/domains/${id}?registry=0`, { signal }),
};

export { ADMIN_DOMAIN_FILTERS, type AdminDomainFilter, type AdminDomainSearch } from './domain-search';
import type { AdminDomainSearch } from './domain-search';

export const adminDomainsApi = {
  search: (c: AdminDomainSearch, signal?: AbortSignal) =>
    api<{ result: boolean; domains: Paged<import('@registrar/contracts').DomainRowDto> & { per_page: number } }>('/admin/api/domains', { body: c, signal, timeoutMs: 60_000 }),
  condition: (signal?: AbortSignal) => api<{ result: boolean; data: { nameServers: string[] } }>('/admin/api/domains/search/condition', { signal }),
};

/** Members' custom prices (002 §2, §5, §7, §8; super only). */
export interface PriceGroupOption { id: number; jpName: string; marginPercent: number; fixed: Record<string, { register: number | null; renew: number | null; transfer: number | null }> }
export interface CustomPriceUser { id: number; price_group: number; jpName: string; updated_at: string; updated_by: number | null }

export const customPriceApi = {
  search: (userId: string, signal?: AbortSignal) =>
    api<{ result: boolean; users: CustomPriceUser[]; priceGroups: PriceGroupOption[]; errors: string[] }>('/admin/api/user_custom_price/search', { body: { userId: userId || undefined }, signal }),
  register: (userId: string, priceGroup: string) => api<{ result: boolean; message: string; errors: string[] }>('/admin/api/user_custom_price/regist', { body: { userId, priceGroup } }),
  remove: (userId: string) => api<{ result: boolean; message: string; errors: string[] }>('/admin/api/user_custom_price/delete', { body: { userId } }),
};

/** The TLD import screen (002 §2, §4, §7, §8; super only): the three rows, the next-month warning, the CSV upload. */
export type TldImportId = 1 | 2 | 3;
export interface TldImportAnswer { result: boolean; message: string; errors: string[]; updateCnt?: number; recordCnt?: number; categoryCnt?: number; categoryGroupCnt?: number; changed?: number }
const IMPORT_PATHS: Record<TldImportId, string> = { 1: '/admin/api/tld/import', 2: '/admin/api/tld_price/import', 3: '/admin/api/tld_category/import' };

export const tldImportApi = {
  run: (id: TldImportId) => api<TldImportAnswer>(IMPORT_PATHS[id], { body: {} }),
  nextMonth: (signal?: AbortSignal) => api<{ result: boolean; month: string; message: string | null }>('/admin/api/tld_price/exists', { signal }),
  upload: (files: Partial<Record<'tld' | 'tld_price' | 'tld_category', File>>) => {
    const form = new FormData();
    for (const [k, f] of Object.entries(files)) if (f) form.append(k, f, f.name);
    return api<TldImportAnswer>('/admin/api/master_data/upload', { body: form });
  },
};
