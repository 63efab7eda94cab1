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
