import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  CreatePaymentSessionRequest,
  CreatePaymentSessionResult,
  OrdersErrorCode,
  PaymentSessionAuthRequest,
  PaymentSessionAuthResult,
  PaymentSessionDto,
} from '@registrar/contracts';
import { M } from '@registrar/messages';
import { splitPayment } from '@registrar/rules';
import { OrdersException } from '../../common/orders.exception';
import { LedgerService } from '../../ledger/ledger.service';
import { CardService } from '../card/card.service';
import { PAYMENT_PROVIDERS, PaymentProvider, TopUpOutcome } from '../payment-provider.port';
import { appUrlOf, safeAppPath } from '../redirects';
import { PaymentSession, PaymentSessionRepository } from './payment-session.repository';

const DEFAULT_RETURN = '/mypage/search?action=createDomain';

/**
 * Card payment sessions (POST mypage/point/domain/create/session): the card buys the points the member lacks for
 * an order, under the 50-yen minimum (splitPayment); the surplus is credited as points. The purchase itself then
 * spends points as usual. Crediting is idempotent per PaymentIntent, so the synchronous answer, the browser's
 * return from 3-D Secure and the webhook can all report success and the points arrive once.
 */
@Injectable()
export class PaymentSessionService {
  private readonly logger = new Logger(PaymentSessionService.name);

  constructor(
    private readonly sessions: PaymentSessionRepository,
    private readonly ledger: LedgerService,
    private readonly cards: CardService,
    @Inject(PAYMENT_PROVIDERS) private readonly providers: PaymentProvider[],
  ) {}

  private get card(): PaymentProvider {
    const p = this.providers.find((x) => x.type === 'card');
    if (!p) throw new OrdersException(OrdersErrorCode.ProviderNotConfigured, M.unexpectedError);
    return p;
  }

  async create(req: CreatePaymentSessionRequest): Promise<CreatePaymentSessionResult> {
    const fail = (message: string): CreatePaymentSessionResult => ({ result: false, sessionId: null, errors: [message] });
    const total = req.domains.reduce((sum, d) => sum + d.point, 0);
    const balance = await this.ledger.balance(req.userId);
    const split = splitPayment(total, balance);
    if (split.cardCharge === 0) return fail(M.paymentNotNeeded);
    if (req.amount !== split.cardCharge) return fail(M.paymentAmountChanged);
    let card;
    try {
      card = await this.cards.ownedCard(req.userId, req.stripeCardId);
    } catch (e) {
      if (e instanceof OrdersException) return fail(e.message);
      throw e;
    }
    const id = randomUUID();
    const back = safeAppPath(req.redirectUrl, DEFAULT_RETURN);
    await this.sessions.insert({
      id,
      userId: req.userId,
      purpose: req.purpose ?? 'create',
      domains: req.domains,
      total,
      pointsUsed: split.pointsUsed,
      amount: split.cardCharge,
      surplusPoints: split.surplusPoints,
      paymentMethodId: card.paymentMethodId,
      status: 'created',
      redirectUrl: back,
      resultRenewDomains: req.resultRenewDomains ?? null,
      withAutoUpdate: req.withAutoUpdate ?? null,
      allUpdateDuration: req.allUpdateDuration ?? null,
    });
    const returnUrl = `${appUrlOf(req.appUrl)}/mypage/stripe/auth?session_id=${id}&redirect_url=${encodeURIComponent(back)}`;
    const outcome = await this.card.startTopUp({ userId: req.userId, amount: split.cardCharge, reference: id, paymentMethodId: card.paymentMethodId, returnUrl });
    const status = await this.apply(id, outcome);
    const base = { sessionId: id, status, minimumApplied: split.minimumApplied, surplusPoints: split.surplusPoints };
    if (status === 'failed') return { ...base, result: false, errors: [outcome.status === 'failed' ? outcome.error : M.unexpectedError] };
    return { ...base, result: true, errors: [] };
  }

  /** Where the browser goes for mypage/stripe/auth: the card's authentication page, or back to the app when done. */
  async auth(req: PaymentSessionAuthRequest): Promise<PaymentSessionAuthResult> {
    const s = await this.owned(req.userId, req.sessionId);
    const synced = await this.sync(s);
    const back = new URL(`${appUrlOf(req.appUrl)}${safeAppPath(req.redirectUrl ?? s.redirectUrl, DEFAULT_RETURN)}`);
    if (synced.status === 'requires_action') {
      const outcome = await this.card.topUpStatus(synced.paymentIntentId!);
      if (outcome.status === 'requires_action') return { url: outcome.redirectUrl, status: 'requires_action', error: null };
    }
    back.searchParams.set('payment_session', s.id);
    back.searchParams.set('paymentResult', synced.status === 'paid' || synced.status === 'used' ? 'success' : 'failed');
    return { url: back.toString(), status: synced.status, error: synced.error };
  }

  async get(userId: number, sessionId: string): Promise<PaymentSessionDto> {
    return toDto(await this.sync(await this.owned(userId, sessionId)));
  }

  /** From the payment_intent.* webhooks. */
  async onPaymentIntent(paymentIntentId: string, sessionId: string | undefined): Promise<void> {
    const s = (await this.sessions.findByPaymentIntent(paymentIntentId)) ?? (sessionId ? await this.sessions.find(sessionId) : null);
    if (!s) return;
    await this.apply(s.id, await this.card.topUpStatus(paymentIntentId));
  }

  /** Asks the provider again while the session waits for it (the browser returned from 3-D Secure, or reconciliation). */
  private async sync(s: PaymentSession): Promise<PaymentSession> {
    if ((s.status === 'requires_action' || s.status === 'created') && s.paymentIntentId) {
      await this.apply(s.id, await this.card.topUpStatus(s.paymentIntentId));
      return (await this.sessions.find(s.id))!;
    }
    return s;
  }

  private async owned(userId: number, sessionId: string): Promise<PaymentSession> {
    const s = await this.sessions.find(sessionId);
    if (!s || s.userId !== userId) throw new OrdersException(OrdersErrorCode.NotFound, M.unexpectedErrorOccurred);
    return s;
  }

  /** Records a provider outcome; on success credits the points (idempotent per PaymentIntent) and marks the session paid. */
  private async apply(sessionId: string, outcome: TopUpOutcome): Promise<PaymentSession['status']> {
    const s = (await this.sessions.find(sessionId))!;
    if (s.status === 'paid' || s.status === 'used') return s.status;
    switch (outcome.status) {
      case 'succeeded': {
        await this.sessions.setPaymentIntent(s.id, outcome.providerRef, s.status === 'created' ? 'created' : s.status);
        const shortfall = s.amount - s.surplusPoints;
        if (shortfall > 0) await this.ledger.credit(s.userId, shortfall, 'purchase', `card:${outcome.providerRef}:purchase`, `payment_session:${s.id}`);
        if (s.surplusPoints > 0) await this.ledger.credit(s.userId, s.surplusPoints, 'card_surplus', `card:${outcome.providerRef}:surplus`, `payment_session:${s.id}`);
        await this.sessions.markPaid(s.id);
        this.logger.log(`card payment credited as points: session ${s.id}, ${s.amount} yen, surplus ${s.surplusPoints}`);
        return 'paid';
      }
      case 'requires_action':
        await this.sessions.setPaymentIntent(s.id, outcome.providerRef, 'requires_action');
        return 'requires_action';
      case 'pending':
        await this.sessions.setPaymentIntent(s.id, outcome.providerRef, s.status);
        return s.status;
      case 'failed':
        await this.sessions.setPaymentIntent(s.id, outcome.providerRef, 'failed', outcome.error);
        return 'failed';
    }
  }

  /** The purchase consumes a paid session once (next session's purchase flow calls this). */
  consume(userId: number, sessionId: string): Promise<boolean> {
    return this.sessions.markUsed(sessionId, userId);
  }
}

function toDto(s: PaymentSession): PaymentSessionDto {
  return {
    sessionId: s.id,
    purpose: s.purpose,
    domains: s.domains,
    amount: s.amount,
    total: s.total,
    pointsUsed: s.pointsUsed,
    cardCharge: s.amount,
    surplusPoints: s.surplusPoints,
    status: s.status,
    error: s.error,
    resultRenewDomains: s.resultRenewDomains,
    withAutoUpdate: s.withAutoUpdate,
    allUpdateDuration: s.allUpdateDuration,
  };
}
