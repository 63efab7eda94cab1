/** Query options for the public catalogue: one factory, keys from general to specific (CRAFT.md). */
import { queryOptions } from '@tanstack/react-query';
import { HttpPaths, type CategoryListResult, type DeadlineSearchResult, type PriceSearchResult, type TldDetailDto, type TldPriceDto } from '@registrar/contracts';
import { api, ApiError } from '../../lib/api';

const notFoundIsFinal = (failureCount: number, error: unknown) => !(error instanceof ApiError && error.status < 500) && failureCount < 1;

export const tldQueries = {
  all: ['tld'] as const,
  prices: (categoryId: number | null = null) =>
    queryOptions({
      queryKey: [...tldQueries.all, 'prices', categoryId ?? 'all'] as const,
      queryFn: ({ signal }) => api<PriceSearchResult>(HttpPaths.priceSearch, { query: { categoryId }, signal }).then((r) => r.tldPrices ?? []),
      staleTime: 5 * 60_000,
      retry: notFoundIsFinal,
    }),
  /** the top page's tiles only (TLDs with a top_ordinal_flg, in that order): the page carries a dozen rows, not 430 */
  topTiles: () =>
    queryOptions({
      queryKey: [...tldQueries.all, 'top-tiles'] as const,
      queryFn: ({ signal }) =>
api<PriceSearchResult>(HttpPaths.priceSearch, { signal }).then((r) => topTiles(r.tldPrices ?? [])),
      staleTime: 5 * 60_000,
      retry: notFoundIsFinal,
    }),
  deadlines: (categoryId: number | null = null) =>
    queryOptions({
      queryKey: [...tldQueries.all, 'deadlines', categoryId ?? 'all'] as const,
      queryFn: ({ signal }) => api<DeadlineSearchResult>(HttpPaths.deadlineSearch, { query: { categoryId }, signal }).then((r) => r.deadlines ?? []),
      staleTime: 5 * 60_000,
      retry: notFoundIsFinal,
    }),
  categories: () =>
    queryOptions({
      queryKey: [...tldQueries.all, 'categories'] as const,
      queryFn: ({ signal }) => api<CategoryListResult>(HttpPaths.categories, { signal }).then((r) => [...(r.categories ?? [])].sort((a, b) => a.ordinal - b.ordinal)),
      staleTime: 30 * 60_000,
      retry: notFoundIsFinal,
    }),
  detail: (tldName: string) =>
    queryOptions({
      queryKey: [...tldQueries.all, 'detail', tldName] as const,
      queryFn: ({ signal }) => api<TldDetailDto>(HttpPaths.tldDetail(tldName), { signal }),
      staleTime: 5 * 60_000,
      retry: notFoundIsFinal,
    }),
};

/** The top page's tiles: only rows with a top_ordinal_flg, ascending (002 spec §2 "Top page"). */
export function topTiles(rows: TldPriceDto[]): TldPriceDto[] {
  return rows.filter((r) => r.top_ordinal_flg !== null && r.top_ordinal_flg !== undefined).sort((a, b) => (a.top_ordinal_flg as number) - (b.top_ordinal_flg as number));
}
