import { queryOptions } from '@tanstack/react-query';
import type {
  AdminListingsResult, AdminTradesResult, MarketCandidateDto, MarketDisputeDto, MarketListingDto, MarketOfferDto, MarketSalesResult, MarketSearchResult, MarketSort, MarketTradeDto,
} from '@registrar/contracts';
import { M } from '@registrar/messages';
import { api, ApiError } from '../../lib/api';

import type { MarketSearch } from './market-search';

/** The search of /market as it lives in the URL (typed and validated by the route). */
export { validateMarketSearch, type MarketSearch } from './market-search';

export const SORT_LABELS: Record<MarketSort, string> = {
  new: '新着順', price_asc: '価格の安い順', price_desc: '価格の高い順', ending: '掲載終了の近い順', name: 'ドメイン名順', length: '文字数の少ない順',
};

/** One query-options factory for the market (keys from general to specific). */
export const marketQueries = {
  search: (s: MarketSearch) => queryOptions({ queryKey: ['market', 'search', s], queryFn: ({ signal }) => api<MarketSearchResult>('/market', { query: { ...s }, signal }) }),
  listing: (id: number) => queryOptions({ queryKey: ['market', 'listing', id], queryFn: ({ signal }) => api<MarketListingDto>(`/market/${id}`, { signal }), retry: false }),
  trade: (id: number) => queryOptions({
    queryKey: ['market', 'trade', id],
    queryFn: ({ signal }) => api<MarketTradeDto>(`/market/trade/${id}`, { signal }),
    // every second while a step runs; every 10 s while a person is awaited (payment, receipt, a dispute)
    refetchInterval: (q) => {
      const t = q.state.data;
      if (!t) return 1000;
      if (['completed', 'refunded', 'cancelled'].includes(t.status)) return false;
      const awaiting = t.dispute?.status === 'open' || (t.status === 'moved' && !t.receipt_at) || (t.status === 'paying' && t.pay_method !== 'points');
      return awaiting ? 10_000 : 1000;
    },
  }),
  dispute: (tradeId: number) => queryOptions({
    queryKey: ['market', 'dispute', tradeId],
    queryFn: ({ signal }) => api<{ dispute: MarketDisputeDto | null }>(`/market/trade/${tradeId}/dispute`, { signal }).then((r) => r.dispute),
    refetchInterval: 15_000,
  }),
  adminDisputes: (status?: string) => queryOptions({
    queryKey: ['admin', 'market', 'disputes', status ?? ''],
    queryFn: ({ signal }) => api<{ data: MarketDisputeDto[] }>('/admin/api/market/disputes', { query: { status }, signal }),
  }),
  candidates: () => queryOptions({ queryKey: ['market', 'candidates'], queryFn: ({ signal }) => api<MarketCandidateDto[]>('/mypage/market/candidates', { signal }) }),
  mine: () => queryOptions({ queryKey: ['market', 'mine'], queryFn: ({ signal }) => api<MarketListingDto[]>('/mypage/market/listings', { signal }) }),
  offers: () => queryOptions({ queryKey: ['market', 'offers'], queryFn: ({ signal }) => api<{ received: MarketOfferDto[]; sent: MarketOfferDto[] }>('/mypage/market/offers', { signal }) }),
  trades: () => queryOptions({
    queryKey: ['market', 'trades'],
    queryFn: ({ signal }) => api<{ bought: MarketTradeDto[]; sold: MarketTradeDto[] }>('/mypage/market/trades', { signal }),
    refetchInterval: (q) => (q.state.data && [...q.state.data.bought, ...q.state.data.sold].some((t) => !['completed', 'refunded', 'cancelled'].includes(t.status)) ? 2000 : false),
  }),
  sales: () => queryOptions({ queryKey: ['market', 'sales'], queryFn: ({ signal }) => api<MarketSalesResult>('/sales', { signal }) }),
  adminTrades: (q: { status?: string; keyword?: string; page?: number }) => queryOptions({ queryKey: ['admin', 'market', 'trades', q], queryFn: ({ signal }) => api<AdminTradesResult>('/admin/api/market', { query: q, signal }) }),
  adminListings: (q: { keyword?: string; status?: string; hidden?: string; page?: number }) => queryOptions({ queryKey: ['admin', 'market', 'listings', q], queryFn: ({ signal }) => api<AdminListingsResult>('/admin/api/market/list', { query: q, signal }) }),
};

/** The message of a failed call (the server's Japanese message, or the generic one). */
export function marketError(e: unknown): string {
  if (e instanceof ApiError) {
    const b = e.body as { message?: unknown; errors?: unknown } | null;
    if (typeof b?.message === 'string' && b.message) return b.message;
    if (Array.isArray(b?.errors) && typeof b.errors[0] === 'string') return b.errors[0];
  }
  return M.errorOccurred;
}

export const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;
export const dateJst = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }) : '—');
export const dateTimeJst = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }) : '—');
export const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);
