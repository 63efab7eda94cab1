/** The purchase flow's calls (000 spec §7): estimates, defaults, create and its status, the .co.jp prereq, points. */
import { queryOptions } from '@tanstack/react-query';
import { pointBalanceQuery } from '../../lib/points';
import {
  OrdersHttpPaths,
  PurchasePaths,
  type BankTransferDto,
  type CreateDomainsRequest,
  type CreateDomainsResult,
  type CreatePaymentSessionResult,
  type CreateWalletSessionResult,
  type DefaultSettingResult,
  type EstimateItem,
  type OrderStatusResult,
  type PaymentSessionDomain,
  type PaymentSessionDto,
  type PrereqRequest,
  type PrereqResult,
} from '@registrar/contracts';
import { api } from '../../lib/api';

/** Long timeout for purchase calls (000 §9). */
export const PURCHASE_TIMEOUT_MS = 3_600_000;

export const purchaseQueries = {
  all: ['purchase'] as const,
  estimate: (domainNames: string[]) =>
    queryOptions({
      queryKey: [...purchaseQueries.all, 'estimate', domainNames] as const,
      queryFn: ({ signal }) => api<EstimateItem[]>(PurchasePaths.estimate, { query: { 'domainNames[]': domainNames }, signal }),
      staleTime: 30_000,
      enabled: domainNames.length > 0,
    }),
  defaults: () =>
    queryOptions({
      queryKey: [...purchaseQueries.all, 'defaults'] as const,
      queryFn: ({ signal }) => api<DefaultSettingResult>(PurchasePaths.defaults, { signal }),
      staleTime: 30_000,
    }),
  points: () => pointBalanceQuery,
  status: (orderId: string | null) =>
    queryOptions({
      queryKey: [...purchaseQueries.all, 'status', orderId] as const,
      queryFn: ({ signal }) => api<OrderStatusResult>(PurchasePaths.createStatus, { query: { orderId }, signal }),
      enabled: !!orderId,
      refetchInterval: (q) => (q.state.data?.done ? false : 1500),
    }),
  paymentSession: (sessionId: string | null) =>
    queryOptions({
      queryKey: ['payments', 'session', sessionId] as const,
      queryFn: ({ signal }) => api<PaymentSessionDto>(`${OrdersHttpPaths.paymentSession}/${encodeURIComponent(sessionId ?? '')}`, { signal }),
      enabled: !!sessionId,
      retry: false,
    }),
};

export function createDomains(body: CreateDomainsRequest): Promise<CreateDomainsResult> {
  return api<CreateDomainsResult>(PurchasePaths.create, { body, timeoutMs: PURCHASE_TIMEOUT_MS });
}

export function submitPrereq(body: PrereqRequest): Promise<PrereqResult> {
  return api<PrereqResult>(PurchasePaths.prereq, { body });
}

/** The return address of a payment: the search page, which reopens the purchase and runs it once the session is paid. */
export const PAYMENT_RETURN_URL = '/mypage/search?action=createDomain&autoExecute=1';

/** `pointsToUse`: the member's choice at checkout (undefined: as many points as cover the total). */
export function createCardSession(domains: PaymentSessionDomain[], amount: number, stripeCardId: string, pointsToUse?: number): Promise<CreatePaymentSessionResult & { authUrl?: string }> {
  return api(OrdersHttpPaths.paymentSessionCreate, { body: { domains, amount, stripeCardId, pointsToUse, redirect_url: PAYMENT_RETURN_URL } });
}

export function createWalletSession(domains: PaymentSessionDomain[], amount: number, pointsToUse?: number): Promise<CreateWalletSessionResult> {
  return api(OrdersHttpPaths.walletSessionCreate, { body: { domains, amount, pointsToUse, redirect_url: PAYMENT_RETURN_URL } });
}

export function createBankTransfer(amount: number): Promise<BankTransferDto> {
  return api(OrdersHttpPaths.bankTransfer, { body: { amount } });
}
