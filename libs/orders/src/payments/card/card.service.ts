import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { CardDto, CardRegistrationStartRequest, OrdersErrorCode } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { OrdersException } from '../../common/orders.exception';
import { appUrlOf, safeAppPath } from '../redirects';
import { CardRepository, CardRow } from './card.repository';
import { STRIPE } from './stripe.client';

export function cardInfoText(c: Pick<CardRow, 'brand' | 'last4' | 'expMonth' | 'expYear'>): string {
  return `${c.brand.toUpperCase()} **** ${c.last4} (${String(c.expMonth).padStart(2, '0')}/${String(c.expYear % 100).padStart(2, '0')})`;
}
export const toCardDto = (c: CardRow): CardDto => ({ id: c.paymentMethodId, cardInfoText: cardInfoText(c) });

/**
 * Cards saved with Stripe: a Customer per member, a SetupIntent (through Checkout in setup mode, so card numbers
 * only ever reach Stripe's page) whose PaymentMethod becomes the member's card.
 */
@Injectable()
export class CardService {
  private readonly logger = new Logger(CardService.name);

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    private readonly cards: CardRepository,
  ) {}

  async list(userId: number): Promise<CardDto[]> {
    return (await this.cards.list(userId)).map(toCardDto);
  }

  /** The member's saved card with this id, or CARD_REQUIRED. */
  async ownedCard(userId: number, cardId: string): Promise<CardRow> {
    const card = cardId ? await this.cards.findByPaymentMethod(cardId) : null;
    if (!card || card.userId !== userId) throw new OrdersException(OrdersErrorCode.CardRequired, cardId ? M.cardNotFound : M.selectCard);
    return card;
  }

  /** Removes a saved card: detached from the member's Stripe customer (already detached counts as done), then off the list. */
  async remove(userId: number, cardId: string): Promise<CardDto[]> {
    const card = await this.ownedCard(userId, cardId);
    try {
      await this.stripe.paymentMethods.detach(card.paymentMethodId);
    } catch (e) {
      const code = (e as { code?: string; statusCode?: number }).code;
      if (code !== 'resource_missing' && code !== 'payment_method_unexpected_state') {
        this.logger.warn(`detaching a card failed: ${(e as Error).message}`);
        throw new OrdersException(OrdersErrorCode.PaymentFailed, M.unexpectedError);
      }
    }
    await this.cards.remove(userId, card.paymentMethodId);
    return this.list(userId);
  }

  async makeDefault(userId: number, cardId: string): Promise<CardDto[]> {
    const card = await this.ownedCard(userId, cardId);
    await this.cards.makeDefault(userId, card.paymentMethodId);
    return this.list(userId);
  }

  async customerFor(userId: number, email?: string | null): Promise<string> {
    const known = await this.cards.customerOf(userId);
    if (known) return known;
    const customer = await this.stripe.customers.create(
      { ...(email ? { email } : {}), metadata: { userId: String(userId) } },
      { idempotencyKey: `customer-${userId}` },
    );
    return this.cards.saveCustomer(userId, customer.id);
  }

  /** Opens Stripe Checkout in setup mode; the browser saves the card there and comes back to mypage/stripe/complete. */
  async startRegistration(req: CardRegistrationStartRequest): Promise<{ url: string }> {
    const customer = await this.customerFor(req.userId, req.email);
    const base = appUrlOf(req.appUrl);
    const back = safeAppPath(req.redirectUrl, '/mypage/domain');
    const session = await this.stripe.checkout.sessions.create({
      mode: 'setup',
      customer,
      currency: 'jpy',
      // {CHECKOUT_SESSION_ID} is filled in by Stripe and must stay unescaped
      success_url: `${base}/mypage/stripe/complete?session_id={CHECKOUT_SESSION_ID}&redirect_url=${encodeURIComponent(back)}`,
      cancel_url: `${base}${back}`,
      metadata: { userId: String(req.userId) },
    });
    if (!session.url) throw new OrdersException(OrdersErrorCode.PaymentFailed, M.unexpectedError);
    return { url: session.url };
  }

  /** The browser came back from Checkout: the SetupIntent's PaymentMethod becomes the member's card. */
  async completeRegistration(userId: number, checkoutSessionId: string): Promise<CardDto> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.retrieve(checkoutSessionId, { expand: ['setup_intent.payment_method'] });
    } catch (e) {
      this.logger.warn(`checkout session lookup failed: ${(e as Error).message}`);
      throw new OrdersException(OrdersErrorCode.NotFound, M.unexpectedError);
    }
    const customer = await this.cards.customerOf(userId);
    if (!customer || session.customer !== customer) throw new OrdersException(OrdersErrorCode.NotFound, M.unexpectedError);
    const si = session.setup_intent as Stripe.SetupIntent | null;
    if (!si || si.status !== 'succeeded') throw new OrdersException(OrdersErrorCode.InvalidState, M.unexpectedError);
    const card = await this.recordPaymentMethod(userId, si.payment_method as Stripe.PaymentMethod);
    return toCardDto(card);
  }

  /** From the setup_intent.succeeded webhook: records the card if the browser never came back. */
  async recordFromSetupIntent(si: Stripe.SetupIntent): Promise<void> {
    if (si.status !== 'succeeded' || !si.customer || !si.payment_method) return;
    const userId = await this.cards.userOfCustomer(typeof si.customer === 'string' ? si.customer : si.customer.id);
    if (!userId) return;
    const pm = typeof si.payment_method === 'string' ? await this.stripe.paymentMethods.retrieve(si.payment_method) : si.payment_method;
    await this.recordPaymentMethod(userId, pm);
  }

  private recordPaymentMethod(userId: number, pm: Stripe.PaymentMethod): Promise<CardRow> {
    if (!pm?.card) throw new OrdersException(OrdersErrorCode.InvalidState, M.unexpectedError);
    return this.cards.save({ userId, paymentMethodId: pm.id, brand: pm.card.brand, last4: pm.card.last4, expMonth: pm.card.exp_month, expYear: pm.card.exp_year });
  }
}
