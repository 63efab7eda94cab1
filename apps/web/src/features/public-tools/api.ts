import type { RdapDomainSummary } from '@registrar/rules';
import { api } from '../../lib/api';

/** POST whois/search (002 §7): { result: { result, data }, error_msg } */
export interface WhoisLookupData {
  domain: string;
  punycode: string;
  registered: boolean;
  source: 'registrar' | 'registry' | null;
  registrar: string | null;
  text: string;
  rdapUrl: string | null;
  /** the main facts of the answer; null when not registered */
  summary: RdapDomainSummary | null;
}
export interface WhoisSearchResponse {
  result: { result: boolean; data: WhoisLookupData | null };
  error_msg: string[];
}

export const searchWhois = (domain: string) => api<WhoisSearchResponse>('/whois/search', { body: { domain }, timeoutMs: 30_000 });

/** POST tool/websiteConnectionCheck (002 §7): { result, error, checkResults[] } */
export type CheckId = 'http' | 'registration' | 'dns' | 'nameservers' | 'a' | 'ssl';
export interface CheckResult {
  id: CheckId;
  title: string;
  ok: boolean;
  message: string;
  details: string[];
  /** 002 §3's names for the same facts */
  name: string;
  successes: string[];
  failures: string[];
  detail: string;
  error: string | null;
}
export interface ConnectionCheckResponse {
  result: boolean;
  error: string[];
  checkResults: CheckResult[];
  target: { host: string; url: string; domain: string } | null;
}

export const runConnectionCheck = (input: string) =>
  api<ConnectionCheckResponse>('/tool/websiteConnectionCheck', { body: /^https?:\/\//i.test(input.trim()) ? { domain: '', url: input } : { domain: input, url: '' }, timeoutMs: 60_000 });

/** The server's messages of a failed call (error_msg or error), else the generic one. */
export function errorsOf(body: unknown, fallback: string): string[] {
  const b = body as { error_msg?: unknown; error?: unknown } | null;
  const list = Array.isArray(b?.error_msg) ? b.error_msg : Array.isArray(b?.error) ? b.error : [];
  const strings = list.filter((x): x is string => typeof x === 'string' && !!x);
  return strings.length ? strings : [fallback];
}
