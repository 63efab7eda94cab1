/**
 * The domain list's calls and query options (001 spec §7). One factory, keys from general to specific (CRAFT.md):
 * after an operation, invalidate `domainQueries.all` (every list page, banner, count, detail) — or use
 * `useDomainListRefresh()` from ./operations, which also refreshes the changed rows in place.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  ActionLogRowDto, ActionLogSearchResult, DomainBannerCounts, DomainDetailDto, DomainIdsResult, DomainReadyResult, DomainRowDto, DomainSearchConditionData,
  DomainSearchResult,
} from '@registrar/contracts';
import { conditionToFields, type DomainSearchCondition } from '@registrar/rules';
import { api } from '../../lib/api';

export type { DomainRowDto };
/** The list's condition as the URL and the API carry it (page and size included). */
export type ListCondition = Partial<DomainSearchCondition>;

export const domainQueries = {
  /** invalidate this after any operation on domains */
  all: ['domains'] as const,
  lists: () => [...domainQueries.all, 'list'] as const,
  list: (c: ListCondition) =>
    queryOptions({
      queryKey: [...domainQueries.lists(), c] as const,
      queryFn: ({ signal }) => api<DomainSearchResult>('/mypage/domain/search', { body: { ...conditionToFields(c), ...(c.domainPkIds ? { domainPkIds: c.domainPkIds } : {}) }, signal }),
      placeholderData: keepPreviousData,
      staleTime: 15_000,
      // a new domain's default lock being set at the registry (設定中): asked again until it is on or has failed
      refetchInterval: (q) => (q.state.data?.validDomains?.data?.some((d) => d.domain_lock_state === 1) ? 3_000 : false),
    }),
  banner: () =>
    queryOptions({
      queryKey: [...domainQueries.all, 'banner'] as const,
      queryFn: ({ signal }) => api<DomainBannerCounts>('/mypage/domain/banner', { signal }),
      staleTime: 30_000,
    }),
  count: () =>
    queryOptions({
      queryKey: [...domainQueries.all, 'count'] as const,
      queryFn: ({ signal }) => api<{ count: number }>('/mypage/domain/count', { signal }).then((r) => r.count ?? 0),
      staleTime: 30_000,
    }),
  condition: () =>
    queryOptions({
      queryKey: [...domainQueries.all, 'condition'] as const,
      queryFn: ({ signal }) => api<DomainSearchConditionData>('/mypage/domain/search/condition', { signal }),
      staleTime: 60_000,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...domainQueries.all, 'detail', id] as const,
      queryFn: ({ signal }) => api<DomainDetailDto>(`/mypage/domain/detail/${id}`, { signal }),
      retry: false,
      refetchInterval: (q) => (q.state.data?.domain_lock_state === 1 ? 3_000 : false),
    }),
};

export const actionLogQueries = {
  all: ['actionLog'] as const,
  search: (q: { page?: number; actionId?: string; description?: string; date1?: string; date2?: string }) =>
    queryOptions({
      queryKey: [...actionLogQueries.all, 'search', q] as const,
      queryFn: ({ signal }) => api<ActionLogSearchResult>('/mypage/actionLog/search', { query: q, signal }),
      placeholderData: keepPreviousData,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...actionLogQueries.all, 'detail', id] as const,
      queryFn: ({ signal }) => api<ActionLogRowDto>(`/mypage/actionLog/detail/${id}`, { signal }),
    }),
};

/** POST mypage/domain/ready with ids: fresh rows (only the member's). */
export function readyByIds(ids: number[]): Promise<DomainReadyResult> {
  return api<DomainReadyResult>('/mypage/domain/ready', { body: { domainPkIds: ids } });
}
/** POST mypage/domain/ready with allPageFlg: the rows of every match of a condition (at most 1000, else errors). */
export function readyAllPages(c: ListCondition): Promise<DomainReadyResult> {
  return api<DomainReadyResult>('/mypage/domain/ready', { body: { ...conditionToFields({ ...c, validDomainPage: undefined }), allPageFlg: true } });
}
/** POST mypage/domain/ids: how many match (select-all-pages count) and their ids, without rows. */
export function idsOf(c: ListCondition): Promise<DomainIdsResult> {
  return api<DomainIdsResult>('/mypage/domain/ids', { body: conditionToFields({ ...c, validDomainPage: undefined }) });
}
