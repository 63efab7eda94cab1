import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { M } from '@registrar/messages';
import { PaymentProvider, TopUpOutcome, TopUpRequest } from '../payment-provider.port';
import { CardRepository } from './card.repository';
import { STRIPE, stripeFailureMessage } from './stripe.client';

const FAILURE_MESSAGES = { declined: M.cardDeclined, authentication: M.cardAuthenticationFailed, fallback: M.unexpectedError };

/**
 * Card adapter: a PaymentIntent in JPY on the member's saved card, confirmed at once. A card that needs 3-D Secure
 * answers requires_action with the authentication page to send the browser to. The session id is the Stripe
 * idempotency key, so a retried call never creates a second charge.
 */
@Injectable()
export class CardPaymentProvider implements PaymentProvider {
  readonly type = 'card' as const;
  private readonly logger = new Logger(CardPaymentProvider.name);

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    private readonly cards: CardRepository,
  ) {}

  async startTopUp(req: TopUpRequest): Promise<TopUpOutcome> {
    const customer = await this.cards.customerOf(req.userId);
    // 1. the PaymentIntent, unconfirmed (it cannot take money yet); its id is recorded before anything is charged
    let pi: Stripe.PaymentIntent;
    try {
      pi = await this.stripe.paymentIntents.create(
        {
          amount: req.amount,
          currency: 'jpy',
          ...(customer ? { customer } : {}),
          payment_method: req.paymentMethodId,
          description: 'ポイント購入',
          metadata: { sessionId: req.reference, userId: String(req.userId) },
        },
        { idempotencyKey: `topup-${req.reference}` },
      );
    } catch (e) {
      this.logger.warn(`payment intent not created: session ${req.reference}: ${(e as Error).message}`);
      return { status: 'failed', providerRef: null, error: stripeFailureMessage(e, FAILURE_MESSAGES) };
    }
    await req.onProviderRef?.(pi.id);
    // 2. the charge
    try {
      const params: Stripe.PaymentIntentConfirmParams = req.offSession ? { off_session: true } : { return_url: req.returnUrl };
      return outcomeOf(await this.stripe.paymentIntents.confirm(pi.id, params, { idempotencyKey: `confirm-${req.reference}` }));
    } catch (e) {
      const err = e as Stripe.errors.StripeError;
      if (err.type === 'StripeCardError') {
        this.logger.warn(`card charge refused: session ${req.reference}, code ${err.code ?? '-'}, decline ${err.decline_code ?? '-'}`);
        return { status: 'failed', providerRef: pi.id, error: stripeFailureMessage(e, FAILURE_MESSAGES) };
      }
      // the outcome is unknown (network, Stripe down): the session keeps waiting; the webhook or reconciliation settles it
      this.logger.warn(`card charge outcome unknown: session ${req.reference}: ${err.message}`);
      return { status: 'pending', providerRef: pi.id };
    }
  }

  /** Gives up a charge that never got confirmed: the PaymentIntent is cancelled, so no late confirm can take money. */
  async abandon(providerRef: string): Promise<TopUpOutcome> {
    const pi = await this.stripe.paymentIntents.retrieve(providerRef);
    if (pi.status !== 'requires_confirmation' && pi.status !== 'requires_payment_method') return outcomeOf(pi);
    const cancelled = await this.stripe.paymentIntents.cancel(providerRef, {}, { idempotencyKey: `cancel-${providerRef}` });
    return cancelled.status === 'canceled' ? { status: 'failed', providerRef, error: M.unexpectedError } : outcomeOf(cancelled);
  }

  async topUpStatus(providerRef: string): Promise<TopUpOutcome> {
    return outcomeOf(await this.stripe.paymentIntents.retrieve(providerRef));
  }
}

export function outcomeOf(pi: Stripe.PaymentIntent): TopUpOutcome {
  switch (pi.status) {
    case 'succeeded':
      return { status: 'succeeded', providerRef: pi.id, paid: { provider: 'card', reference: pi.metadata?.sessionId ?? null, amount: pi.amount_received || pi.amount, currency: String(pi.currency ?? '').toLowerCase() } };
    case 'requires_action': {
      const url = pi.next_action?.redirect_to_url?.url;
      if (url) return { status: 'requires_action', providerRef: pi.id, redirectUrl: url };
      return { status: 'failed', providerRef: pi.id, error: M.unexpectedError };
    }
    case 'processing':
    case 'requires_confirmation':
      // being charged, or not confirmed yet (a confirm in flight): not a failure until it is abandoned
      return { status: 'pending', providerRef: pi.id };
    default: {
      const e = pi.last_payment_error;
      return { status: 'failed', providerRef: pi.id, error: e ? stripeFailureMessage({ type: 'card_error', code: e.code }, FAILURE_MESSAGES) : M.unexpectedError };
    }
  }
}
