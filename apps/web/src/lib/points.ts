/** The member's point balance (RP): GET user/point (002 §7). One query for the header, the points page and checkout. */
import { queryOptions } from '@tanstack/react-query';
import { OrdersHttpPaths } from '@registrar/contracts';
import { api } from './api';

export const pointBalanceQuery = queryOptions({
  queryKey: ['points', 'balance'] as const,
  queryFn: ({ signal }) => api<{ data: { point: number } }>(OrdersHttpPaths.userPoint, { signal }).then((r) => r.data.point),
  staleTime: 0,
});
