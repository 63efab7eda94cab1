import { queryOptions } from '@tanstack/react-query';
import { M } from '@registrar/messages';
import { api, ApiError } from '../../lib/api';

import type { Operator } from '../../lib/site-config';
export interface LegalDoc { key: string; title: string; version: string; effective: string; operator: Operator; html: string }
export interface HelpCategory { slug: string; name: string; description: string; ordinal: number; article_count?: number }
export interface HelpArticleSummary { id: number; slug: string; category_slug: string; title: string; summary: string; updated_at: string; published: boolean }
export interface HelpSearchHit extends HelpArticleSummary { snippet: string }
export interface HelpArticle extends HelpArticleSummary { body_html: string; ordinal: number }
export interface AdminHelpArticle extends HelpArticle { body_md: string }
export interface PendingConsent { document: 'terms' | 'privacy'; version: string; title: string; everAgreed: boolean }
export type ConsentContext = 'checkout' | 'renewal' | 'transfer' | 'reconsent';

export const helpQueries = {
  legal: (key: 'terms' | 'privacy' | 'tokushoho' | 'company') =>
    queryOptions({ queryKey: ['legal', key] as const, queryFn: ({ signal }) => api<LegalDoc>(`/legal/${key}`, { signal }), staleTime: 10 * 60_000 }),
  categories: () => queryOptions({ queryKey: ['help', 'categories'] as const, queryFn: ({ signal }) => api<{ categories: HelpCategory[] }>('/help/categories', { signal }).then((r) => r.categories) }),
  articles: (category?: string) =>
    queryOptions({
      queryKey: ['help', 'articles', category ?? ''] as const,
      queryFn: ({ signal }) => api<{ articles: HelpArticleSummary[] }>('/help/articles', { signal, query: { category } }).then((r) => r.articles),
    }),
  faq: () =>
    queryOptions({
      queryKey: ['help', 'faq'] as const,
      queryFn: ({ signal }) => api<{ articles: (HelpArticleSummary & { body_html: string })[] }>('/help/articles', { signal, query: { category: 'faq', body: 1 } }).then((r) => r.articles),
    }),
  search: (s: string) =>
    queryOptions({
      queryKey: ['help', 'search', s] as const,
      queryFn: ({ signal }) => api<{ articles: HelpSearchHit[] }>('/help/articles', { signal, query: { s } }).then((r) => r.articles),
      staleTime: 60_000,
    }),
  article: (key: string) =>
    queryOptions({
      queryKey: ['help', 'article', key] as const,
      queryFn: ({ signal }) => api<{ article: HelpArticle; category: HelpCategory | null; related: HelpArticleSummary[] }>(`/help/articles/${encodeURIComponent(key)}`, { signal }),
      retry: false,
    }),
};

export const consentQueries = {
  pending: () => queryOptions({ queryKey: ['consents', 'pending'] as const, queryFn: ({ signal }) => api<{ pending: PendingConsent[] }>('/consents/pending', { signal }).then((r) => r.pending), staleTime: 5 * 60_000, retry: false }),
};

/** Records the ticked 「利用規約に同意する」 (current versions) before a checkout, renewal or transfer is sent. */
export function recordConsent(context: ConsentContext, documents: { document: 'terms' | 'privacy'; version?: string }[] = [{ document: 'terms' }]) {
  return api<{ result: boolean; message?: string }>('/consents', { body: { context, documents } });
}

export const adminHelpApi = {
  list: () => api<{ categories: HelpCategory[]; articles: HelpArticleSummary[] }>('/admin/api/help/articles'),
  one: (id: number) => api<{ article: AdminHelpArticle }>(`/admin/api/help/articles/${id}`).then((r) => r.article),
  preview: (body_md: string, signal?: AbortSignal) => api<{ html: string }>('/admin/api/help/preview', { body: { body_md }, signal }).then((r) => r.html),
  save: (id: number | null, body: Record<string, unknown>) =>
    api<{ article: AdminHelpArticle; message: string }>(id ? `/admin/api/help/articles/${id}` : '/admin/api/help/articles', { body }),
};

/** The path of an article: /knowledge/<slug>/ (the spec's knowledge URLs keep their trailing slash). */
export const articlePath = (slug: string) => `/knowledge/${slug}/`;

/** The message of a failed consent call, for the screen's error list. */
export function consentErrorMessages(e: unknown): string[] {
  const m = e instanceof ApiError ? (e.body as { message?: string } | null)?.message : undefined;
  return [m ?? M.consentRecordFailed];
}
