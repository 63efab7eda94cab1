/** The card-registration and card-authentication calls of the web app (our own pages for the spec's mypage/stripe and mypage/stripe/auth). */
import { OrdersHttpPaths, type CardListResult, type PaymentSessionAuthResult } from '@registrar/contracts';
import { api } from '../../lib/api';

export const paymentQueries = {
  cards: () => ({ queryKey: ['payments', 'cards'] as const, queryFn: () => api<CardListResult>(OrdersHttpPaths.cardLoad) }),
};

/** The hosted card form to send the browser to. */
export async function cardRegistrationUrl(redirectUrl: string): Promise<string> {
  return (await api<{ url: string }>(OrdersHttpPaths.cardRegistration, { query: { redirect_url: redirectUrl } })).url;
}

/** Records the card saved on the hosted form; answers where to go next. */
export async function completeCardRegistration(sessionId: string, redirectUrl: string): Promise<string> {
  return (await api<{ redirectUrl: string }>(OrdersHttpPaths.cardRegistrationComplete, { query: { session_id: sessionId, redirect_url: redirectUrl } })).redirectUrl;
}

/** Where a card payment session goes now: the card's authentication page, or back to the app when it has ended. */
export function paymentAuth(sessionId: string, redirectUrl: string): Promise<PaymentSessionAuthResult> {
  return api<PaymentSessionAuthResult>(OrdersHttpPaths.paymentAuth, { query: { session_id: sessionId, redirect_url: redirectUrl } });
}

export { safeAppPath } from './return-path';

/** Back from the wallet's approval page: captures the order (once) and answers where to go. */
export async function captureWallet(sessionId: string, orderId: string, redirectUrl: string): Promise<string> {
  return (await api<PaymentSessionAuthResult>(OrdersHttpPaths.walletCapture, { body: { session_id: sessionId, order_id: orderId, redirect_url: redirectUrl } })).url;
}
