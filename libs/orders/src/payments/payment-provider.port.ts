import { PaymentType } from '@registrar/contracts';

/**
 * The payment-provider port: one way of turning money into points. Each adapter (card through Stripe, the wallet,
 * bank transfer) starts a top-up and reports its state; the payment-session service credits the ledger once the
 * money is secured, with an idempotency key derived from the provider's reference, so a webhook, a browser return
 * and a retry can all report the same success without crediting twice.
 */
export interface TopUpRequest {
  userId: number;
  /** yen to collect (already raised to the provider's minimum) */
  amount: number;
  /** our reference (the payment session id); also the provider-side idempotency key */
  reference: string;
  /** card: the saved PaymentMethod to charge */
  paymentMethodId?: string;
  /** card: where the browser comes back after 3-D Secure */
  returnUrl?: string;
  /** card: the member is not present (auto-renew); a card that needs authentication fails instead of redirecting */
  offSession?: boolean;
  /** wallet: the approved order id sent by the wallet button */
  walletOrderId?: string;
  /** called with the provider's reference as soon as it exists, before any money moves (so a lost answer can be reconciled) */
  onProviderRef?: (ref: string) => Promise<void>;
}

/** What the provider says was paid: checked against the session before anything is credited (issue 23, finding 2). */
export interface PaidFacts {
  provider: 'card' | 'wallet';
  /** our reference the provider holds (the PaymentIntent's metadata.sessionId, the wallet order's custom_id) */
  reference: string | null;
  /** the amount paid, in the currency's smallest unit (yen) */
  amount: number;
  /** lower case ISO code */
  currency: string;
}

export type TopUpOutcome =
  /** paid: what was paid; an outcome without it (a bank transfer) never settles a payment session */
  | { status: 'succeeded'; providerRef: string; paid?: PaidFacts }
  | { status: 'requires_action'; providerRef: string; redirectUrl: string }
  | { status: 'pending'; providerRef: string }
  | { status: 'failed'; providerRef: string | null; error: string };

export interface PaymentProvider {
  readonly type: Exclude<PaymentType, 'point'>;
  startTopUp(req: TopUpRequest): Promise<TopUpOutcome>;
  /** The current state of a top-up started earlier (after a redirect, or to reconcile). */
  topUpStatus(providerRef: string): Promise<TopUpOutcome>;
  /** Reconciliation gives up a top-up that never got going (e.g. a charge never confirmed): after this it cannot succeed. */
  abandon?(providerRef: string): Promise<TopUpOutcome>;
}

export const PAYMENT_PROVIDERS = Symbol('PAYMENT_PROVIDERS');
