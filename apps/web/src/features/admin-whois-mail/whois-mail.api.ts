import { queryOptions } from '@tanstack/react-query';
import type { WhoisEmailCountResult, WhoisEmailDetailDto, WhoisEmailDto, WhoisEmailListResult } from '@registrar/contracts';
import { M, WHOIS_MAIL_STATUS_LABELS, WHOIS_MAIL_TYPE_LABELS, WM } from '@registrar/messages';
import { api, ApiError } from '../../lib/api';

export { validateInboxSearch, type InboxSearch } from './inbox-search';
import type { InboxSearch } from './inbox-search';

type ListBody = { result: boolean; emails: WhoisEmailListResult | null; error_msg?: string[] };
type CountBody = { result: boolean } & WhoisEmailCountResult;
type DetailBody = { result: boolean; email: WhoisEmailDetailDto };
type UpdateBody = { result: boolean; message?: string[]; email?: WhoisEmailDto };

/** The list's error: the server's error_msg when result is false with messages, else エラーが発生しました (002 §8). */
export function listErrorMessages(e: unknown): string[] {
  const body = e instanceof ApiError ? (e.body as ListBody | null) : null;
  const msgs = body && body.result === false && Array.isArray(body.error_msg) ? body.error_msg.filter(Boolean) : [];
  return msgs.length ? msgs : [M.errorOccurred];
}

/** An update's error: the server's message[], else 予期せぬエラー (002 §8). */
export function updateErrorMessages(e: unknown): string[] {
  const body = e instanceof ApiError ? (e.body as UpdateBody | null) : null;
  const msgs = body && Array.isArray(body.message) ? body.message.filter(Boolean) : [];
  return msgs.length ? msgs : [M.unexpectedError];
}

const BASE = '/admin/api/whois/emails';

export const whoisMailQueries = {
  all: () => ['admin', 'whois-emails'] as const,
  list: (s: InboxSearch) => queryOptions({
    queryKey: [...whoisMailQueries.all(), 'list', { type: s.type ?? null, status: s.status ?? null, page: s.page ?? 1 }] as const,
    queryFn: async ({ signal }) => {
      const body = await api<ListBody>(BASE, { signal, query: { type: s.type, status: s.status, page: s.page ?? 1 } });
      if (!body.result || !body.emails) throw new ApiError(200, body);
      return body.emails;
    },
    retry: false,
  }),
  count: () => queryOptions({
    queryKey: [...whoisMailQueries.all(), 'count'] as const,
    queryFn: ({ signal }) => api<CountBody>(`${BASE}/count`, { signal }),
    retry: false,
  }),
  detail: (id: number) => queryOptions({
    queryKey: [...whoisMailQueries.all(), 'detail', id] as const,
    queryFn: async ({ signal }) => (await api<DetailBody>(`${BASE}/${id}`, { signal })).email,
    retry: false,
  }),
};

export const updateType = (id: number, type: number) => api<UpdateBody>(`${BASE}/${id}/type/update`, { body: { type } });
export const markSuccess = (id: number, type: number) => api<UpdateBody>(`${BASE}/${id}/status/success`, { body: { type } });

export const typeLabel = (t: number) => WHOIS_MAIL_TYPE_LABELS[t] ?? '不明';
/** A row's status: 'processing' while the job runs, else the status label (002 §4). */
export const statusLabel = (e: Pick<WhoisEmailDto, 'status' | 'is_processing'>) => (e.is_processing === 1 ? WM.processing : WHOIS_MAIL_STATUS_LABELS[e.status] ?? '-');
/** Dark shades, so the badge's white label keeps a 4.5:1 contrast. */
export const statusColor = (e: Pick<WhoisEmailDto, 'status' | 'is_processing'>) => (e.is_processing === 1 ? '#0d47a1' : e.status === 1 ? '#1b5e20' : e.status === 2 ? '#b71c1c' : '#495057');

export const TYPE_OPTIONS = [0, 1, 2, 3, 4, 5, 6].map((t) => ({ value: String(t), label: `${t} ${typeLabel(t)}` }));
export const STATUS_OPTIONS = [0, 1, 2].map((s) => ({ value: String(s), label: WHOIS_MAIL_STATUS_LABELS[s] }));
