import type { ConnectionCheckResponse, WhoisSearchResult } from '@registrar/contracts';
import { api } from '../../lib/api';

/** POST whois/search (002 §7) */
export const searchWhois = (domain: string) => api<WhoisSearchResult>('/whois/search', { body: { domain }, timeoutMs: 30_000 });

/** POST tool/websiteConnectionCheck (002 §7): { result, error, checkResults[] } */
export const runConnectionCheck = (input: string) =>
  api<ConnectionCheckResponse>('/tool/websiteConnectionCheck', { body: /^https?:\/\//i.test(input.trim()) ? { domain: '', url: input } : { domain: input, url: '' }, timeoutMs: 60_000 });

/** The server's messages of a failed call (error_msg or error), else the generic one. */
export function errorsOf(body: unknown, fallback: string): string[] {
  const b = body as { error_msg?: unknown; error?: unknown } | null;
  const list = Array.isArray(b?.error_msg) ? b.error_msg : Array.isArray(b?.error) ? b.error : [];
  const strings = list.filter((x): x is string => typeof x === 'string' && !!x);
  return strings.length ? strings : [fallback];
}
