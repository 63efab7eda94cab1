import Stripe from 'stripe';
import { OrdersConfig } from '../../orders.config';

export const STRIPE = Symbol('STRIPE');

/**
 * The official Stripe SDK. With real keys it talks to api.stripe.com; STRIPE_API_HOST/PORT/PROTOCOL point the very same
 * code at the local Stripe-compatible server (libs/stripe-local) in the local runtime and the tests.
 */
export function createStripe(c: OrdersConfig): Stripe {
  return new Stripe(c.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'registrar-orders' },
    ...(c.STRIPE_API_HOST ? { host: c.STRIPE_API_HOST } : {}),
    ...(c.STRIPE_API_PORT ? { port: c.STRIPE_API_PORT } : {}),
    ...(c.STRIPE_API_PROTOCOL ? { protocol: c.STRIPE_API_PROTOCOL } : {}),
  });
}

/** A user-facing message for a Stripe failure (the card's own words are kept for the log only). */
export function stripeFailureMessage(e: unknown, messages: { declined: string; authentication: string; fallback: string }): string {
  const err = e as { type?: string; code?: string };
  if (err?.type === 'StripeCardError' || err?.type === 'card_error') {
    if (err.code === 'authentication_required' || err.code === 'payment_intent_authentication_failure') return messages.authentication;
    return messages.declined;
  }
  return messages.fallback;
}
