import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { OrdersErrorCode, StripeWebhookRequest, StripeWebhookResult } from '@registrar/contracts';
import { OrdersException } from '../../common/orders.exception';
import { OrdersConfig } from '../../orders.config';
import { CardService } from '../card/card.service';
import { STRIPE } from '../card/stripe.client';
import { PaymentSessionService } from '../session/payment-session.service';
import { WebhookRepository } from './webhook.repository';

/**
 * Stripe webhooks: the signature is verified with stripe.webhooks.constructEvent over the raw body; an event id is
 * handled once (and every handler is idempotent anyway, so a duplicate delivered at the same moment is harmless).
 */
@Injectable()
export class StripeWebhookService {
  private readonly logger = new Logger(StripeWebhookService.name);

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    private readonly config: OrdersConfig,
    private readonly events: WebhookRepository,
    private readonly sessions: PaymentSessionService,
    private readonly cards: CardService,
  ) {}

  async handle(req: StripeWebhookRequest): Promise<StripeWebhookResult> {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(req.payload, req.signature, this.config.STRIPE_WEBHOOK_SECRET, this.config.STRIPE_WEBHOOK_TOLERANCE_S);
    } catch (e) {
      this.logger.warn(`webhook signature refused: ${(e as Error).message}`);
      throw new OrdersException(OrdersErrorCode.InvalidSignature, 'invalid signature');
    }
    if (await this.events.seen(event.id)) return { received: true, eventId: event.id, type: event.type, processed: false };
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed':
      case 'payment_intent.canceled': {
        const pi = event.data.object as Stripe.PaymentIntent;
        await this.sessions.onPaymentIntent(pi.id, pi.metadata?.sessionId);
        break;
      }
      case 'setup_intent.succeeded':
        await this.cards.recordFromSetupIntent(event.data.object as Stripe.SetupIntent);
        break;
      default:
        break; // other events are acknowledged and ignored
    }
    await this.events.record(event.id, event.type);
    return { received: true, eventId: event.id, type: event.type, processed: true };
  }
}
