import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  CaptureWalletRequest,
  CreatePaymentSessionRequest,
  CreateWalletSessionRequest,
  CreateWalletSessionResult,
  OffSessionChargeRequest,
  OffSessionChargeResult,
  CreatePaymentSessionResult,
  OrdersErrorCode,
  PaymentSessionAuthRequest,
  PaymentSessionAuthResult,
  PaymentSessionDto,
} from '@registrar/contracts';
import { M } from '@registrar/messages';
import { CARD_MINIMUM_YEN, PaymentSplit, splitPayment } from '@registrar/rules';
import { OrdersException } from '../../common/orders.exception';
import { LedgerService } from '../../ledger/ledger.service';
import { CardService } from '../card/card.service';
import { PAYMENT_PROVIDERS, PaymentProvider, TopUpOutcome } from '../payment-provider.port';
import { appUrlOf, safeAppPath } from '../redirects';
import { WalletPaymentProvider } from '../wallet/wallet-payment.provider';
import { NewPaymentSession, PaymentSession, PaymentSessionRepository, SessionProvider } from './payment-session.repository';

const DEFAULT_RETURN = '/mypage/search?action=createDomain';
/** An identical payment started again within this many seconds is answered with the first one. */
const DUPLICATE_WINDOW_S = 600;
/** how long a duplicate submission waits for the first one's outcome */
const DUPLICATE_WAIT_MS = 25_000;

/** The fingerprint of a session made under a caller's idempotency key (one session per key, whatever its state). */
const keyFingerprint = (key: string) => `key:${key}`;

/**
 * Whether a session made under an idempotency key is the payment this request asks for (the same provider, purpose,
 * items and amount). A key asked for again answers with its first session only then: a key reused for another payment
 * (another order's items or amount, the other provider) is refused, never answered with that other payment's session.
 */
function sameKeyedPayment(s: PaymentSession, provider: SessionProvider, purpose: string, domains: { name: string; point: number; period?: number }[], amount: number): boolean {
  const items = (ds: { name: string; point: number; period?: number | null }[]) => JSON.stringify(ds.map((d) => `${String(d.name).toLowerCase()}:${Number(d.point)}:${d.period ?? ''}`).sort());
  return s.provider === provider && s.purpose === purpose && s.amount === amount && items(s.domains ?? []) === items(domains);
}

function fingerprintOf(provider: string, userId: number, purpose: string, domains: { name: string; point: number; period?: number }[], amount: number, card: string): string {
  const items = domains.map((d) => `${d.name.toLowerCase()}:${d.point}:${d.period ?? ''}`).sort();
  return createHash('sha256').update(JSON.stringify([provider, userId, purpose, items, amount, card])).digest('hex');
}

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

  private provider(type: SessionProvider): PaymentProvider {
    const p = this.providers.find((x) => x.type === type);
    if (!p) throw new OrdersException(OrdersErrorCode.ProviderNotConfigured, M.unexpectedError);
    return p;
  }

  private get card(): PaymentProvider {
    return this.provider('card');
  }

  private get wallet(): WalletPaymentProvider {
    return this.provider('wallet') as WalletPaymentProvider;
  }

  async create(req: CreatePaymentSessionRequest): Promise<CreatePaymentSessionResult> {
    const fail = (message: string): CreatePaymentSessionResult => ({ result: false, sessionId: null, errors: [message] });
    let total: number;
    let split: PaymentSplit;
    /** why the balance refuses this charge (checked again below against a payment this same submission already made) */
    let refusal: string | null = null;
    if (req.domains.length === 0) {
      // the transfer-in variant sends only the amount to buy (000 §7: stripeCardId, amount): the card buys exactly that
      if (req.purpose !== 'transfer') return fail(M.unexpectedError);
      if (!Number.isSafeInteger(req.amount) || req.amount < CARD_MINIMUM_YEN) return fail(M.paymentAmountChanged);
      total = req.amount;
      split = { pointsUsed: 0, shortfall: req.amount, cardCharge: req.amount, surplusPoints: 0, remainingPoints: 0, minimumApplied: false };
    } else {
      total = req.domains.reduce((sum, d) => sum + d.point, 0);
      split = splitPayment(total, await this.ledger.balance(req.userId), req.pointsToUse);
      if (split.cardCharge === 0) refusal = M.paymentNotNeeded;
      else if (req.amount !== split.cardCharge) refusal = M.paymentAmountChanged;
    }
    let card;
    try {
      card = await this.cards.ownedCard(req.userId, req.stripeCardId);
    } catch (e) {
      if (e instanceof OrdersException) return fail(refusal ?? e.message);
      throw e;
    }
    const id = randomUUID();
    const back = safeAppPath(req.redirectUrl, DEFAULT_RETURN);
    // req.amount is the card charge whenever the session is made (it must equal split.cardCharge, or it is refused)
    const fingerprint = req.idempotencyKey ? keyFingerprint(req.idempotencyKey) : fingerprintOf('card', req.userId, req.purpose ?? 'create', req.domains, req.amount, card.paymentMethodId);
    if (refusal) {
      // The same payment submitted again (double click, second tab) after the first was credited: the balance now
      // covers the order, but this submission asked for the charge already made, so it is answered with that one.
      // The balance was read before this look-up, so a credit it reflects is of a session already recorded.
      const earlier = req.idempotencyKey ? await this.sessions.findByFingerprint(req.userId, fingerprint) : await this.sessions.findRecent(req.userId, fingerprint, DUPLICATE_WINDOW_S);
      if (!earlier || earlier.status === 'used') return fail(refusal);
      if (req.idempotencyKey && !sameKeyedPayment(earlier, 'card', req.purpose ?? 'create', req.domains, req.amount)) return fail(this.keyReused(earlier, req.idempotencyKey));
      return this.duplicateAnswer(earlier);
    }
    const session: NewPaymentSession = {
      id,
      userId: req.userId,
      provider: 'card',
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
    };
    const first = req.idempotencyKey ? await this.sessions.insertOnce(session, fingerprint) : await this.sessions.insertUnlessRecent(session, fingerprint, DUPLICATE_WINDOW_S);
    if (first) {
      if (req.idempotencyKey && !sameKeyedPayment(first, 'card', session.purpose, req.domains, split.cardCharge)) return fail(this.keyReused(first, req.idempotencyKey));
      return this.duplicateAnswer(first);
    }
    const returnUrl = `${appUrlOf(req.appUrl)}/mypage/stripe/auth?session_id=${id}&redirect_url=${encodeURIComponent(back)}`;
    const outcome = await this.card.startTopUp({
      userId: req.userId, amount: split.cardCharge, reference: id, paymentMethodId: card.paymentMethodId, returnUrl,
      onProviderRef: (ref) => this.sessions.setOutcome(id, 'card', ref, 'created'),
    });
    const status = await this.apply(id, outcome);
    const base = { sessionId: id, status, minimumApplied: split.minimumApplied, surplusPoints: split.surplusPoints };
    if (status === 'failed') return { ...base, result: false, errors: [outcome.status === 'failed' ? outcome.error : M.unexpectedError] };
    // outcome unknown (the provider did not answer): not paid as far as we know; the webhook or reconciliation settles it
    if (status === 'created') return { ...base, result: false, errors: [M.errorRetryLaterParen] };
    return { ...base, result: true, errors: [] };
  }

  /**
   * The same payment submitted again (double click, second tab): answered with the first one, charging nothing. While
   * the first is still with the card company, waits for its outcome (up to just below the gateway's 30 s RPC limit): a
   * duplicate answers with the first one's result, never with an error of its own.
   */
  private async duplicateAnswer(first: PaymentSession): Promise<CreatePaymentSessionResult> {
    const synced = await this.settled(first, DUPLICATE_WAIT_MS);
    const shortfall = synced.total - synced.pointsUsed;
    const base = { sessionId: synced.id, status: synced.status, minimumApplied: shortfall > 0 && synced.amount > shortfall, surplusPoints: synced.surplusPoints };
    if (synced.status === 'failed') return { ...base, result: false, errors: [synced.error ?? M.unexpectedError] };
    if (synced.status === 'created') return { ...base, result: false, errors: [M.errorRetryLaterParen] };
    return { ...base, result: true, errors: [] };
  }

  /**
   * Auto-renew and other charges while the member is away: the newest saved card is charged off-session for `amount`
   * (at least 50 yen) and the points are credited. One charge per idempotency key. No card: errorCode 100. A card that
   * asks for authentication fails (the member is not there to give it).
   */
  async chargeOffSession(req: OffSessionChargeRequest): Promise<OffSessionChargeResult> {
    if (!Number.isSafeInteger(req.amount) || req.amount < CARD_MINIMUM_YEN) throw new OrdersException(OrdersErrorCode.InvalidAmount, `amount must be an integer of at least ${CARD_MINIMUM_YEN}`);
    const fingerprint = `off-session:${req.idempotencyKey}`;
    const known = await this.sessions.findByFingerprint(req.userId, fingerprint);
    if (known) return this.offSessionResult(await this.settled(known));
    const [card] = await this.cards.list(req.userId);
    if (!card) return { result: false, sessionId: null, errorCode: 100, error: M.registerCard };
    const id = randomUUID();
    const first = await this.sessions.insertOnce({
      id, userId: req.userId, provider: 'card', purpose: req.purpose ?? 'renew',
      domains: req.reference ? [{ name: req.reference, point: req.amount }] : [],
      total: req.amount, pointsUsed: 0, amount: req.amount, surplusPoints: 0, paymentMethodId: card.id, status: 'created',
      redirectUrl: null, resultRenewDomains: null, withAutoUpdate: null, allUpdateDuration: null,
    }, fingerprint);
    if (first) return this.offSessionResult(await this.settled(first));
    const outcome = await this.card.startTopUp({
      userId: req.userId, amount: req.amount, reference: id, paymentMethodId: card.id, offSession: true,
      onProviderRef: (ref) => this.sessions.setOutcome(id, 'card', ref, 'created'),
    });
    await this.apply(id, outcome);
    return this.offSessionResult((await this.sessions.find(id))!);
  }

  private offSessionResult(s: PaymentSession): OffSessionChargeResult {
    const paid = s.status === 'paid' || s.status === 'used';
    return { result: paid, sessionId: s.id, errorCode: null, error: paid ? null : (s.error ?? (s.status === 'failed' ? M.unexpectedError : M.errorRetryLaterParen)) };
  }

  /**
   * A wallet payment session: the wallet buys exactly the shortfall (the 50-yen minimum is the card's); the answer
   * carries the wallet's approval page. Back from it, captureWallet() takes the money and credits the points.
   */
  async createWallet(req: CreateWalletSessionRequest): Promise<CreateWalletSessionResult> {
    const fail = (message: string): CreateWalletSessionResult => ({ result: false, sessionId: null, orderId: null, approveUrl: null, errors: [message] });
    if (!this.wallet.configured) return fail(M.unexpectedError);
    const total = req.domains.reduce((sum, d) => sum + d.point, 0);
    const split = splitPayment(total, await this.ledger.balance(req.userId), req.pointsToUse);
    const refusal = split.shortfall === 0 ? M.paymentNotNeeded : req.amount !== split.shortfall ? M.paymentAmountChanged : null;
    if (refusal) {
      // A keyed session asked for again after the first was paid (a retried call, the market's step run again): the
      // points the first bought now cover the order, so the balance alone would refuse it as "not needed". As for the
      // card (create()), the balance is read before this look-up, so a credit it reflects is of a session already
      // recorded under the key: the answer is that session.
      const earlier = req.idempotencyKey ? await this.sessions.findByFingerprint(req.userId, keyFingerprint(req.idempotencyKey)) : null;
      if (!earlier || earlier.status === 'used') return fail(refusal);
      if (!sameKeyedPayment(earlier, 'wallet', req.purpose ?? 'create', req.domains, req.amount)) return fail(this.keyReused(earlier, req.idempotencyKey!));
      return this.walletDuplicateAnswer(earlier);
    }
    const id = randomUUID();
    const back = safeAppPath(req.redirectUrl, DEFAULT_RETURN);
    const session: NewPaymentSession = {
      id, userId: req.userId, provider: 'wallet', purpose: req.purpose ?? 'create', domains: req.domains, total,
      pointsUsed: split.pointsUsed, amount: split.shortfall, surplusPoints: 0, paymentMethodId: null, status: 'created',
      redirectUrl: back, resultRenewDomains: req.resultRenewDomains ?? null, withAutoUpdate: req.withAutoUpdate ?? null, allUpdateDuration: req.allUpdateDuration ?? null,
    };
    if (req.idempotencyKey) {
      // a keyed session exists once: the same key again answers the first (its approval page is the wallet's, unchanged)
      const first = await this.sessions.insertOnce(session, keyFingerprint(req.idempotencyKey));
      if (first) {
        if (!sameKeyedPayment(first, 'wallet', session.purpose, req.domains, split.shortfall)) return fail(this.keyReused(first, req.idempotencyKey));
        return this.walletDuplicateAnswer(first);
      }
    } else {
      await this.sessions.insert(session);
    }
    const base = appUrlOf(req.appUrl);
    const { orderId, approveUrl } = await this.wallet.createOrder({
      amount: split.shortfall,
      reference: id,
      returnUrl: `${base}/mypage/paypal/return?session_id=${id}&redirect_url=${encodeURIComponent(back)}`,
      cancelUrl: `${base}${back}`,
    });
    await this.sessions.setOutcome(id, 'wallet', orderId, 'requires_action');
    return { result: true, sessionId: id, orderId, approveUrl, errors: [], status: 'requires_action' };
  }

  /** A key already used for another payment (a caller's bug): refused with an unexpected error, and said in the log. */
  private keyReused(first: PaymentSession, key: string): string {
    this.logger.warn(`payment key ${key} of member ${first.userId} already names session ${first.id} of another payment: refused`);
    return M.unexpectedError;
  }

  /**
   * A keyed wallet session asked for again: answered with the first one, creating no second wallet order. Paid: the
   * points are there (result true, no approval page). Still awaiting the buyer: the first order's approval page, as the
   * wallet has it now. The first still making its order (no order id yet): waited for briefly, as duplicates of a card
   * payment are; then "try again later" with its session, never a refusal of its own.
   */
  private async walletDuplicateAnswer(first: PaymentSession): Promise<CreateWalletSessionResult> {
    const end = Date.now() + DUPLICATE_WAIT_MS;
    let s = first;
    while (s.status === 'created' && !s.providerRef && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 200));
      s = (await this.sessions.find(first.id))!;
    }
    const base = { sessionId: s.id, orderId: s.providerRef };
    if (s.status === 'paid' || s.status === 'used') return { ...base, result: true, approveUrl: null, errors: [], status: s.status };
    if (s.status === 'failed') return { ...base, result: false, approveUrl: null, errors: [s.error ?? M.unexpectedError], status: s.status };
    if (s.providerRef) {
      const outcome = await this.wallet.topUpStatus(s.providerRef).catch(() => null);
      if (outcome?.status === 'requires_action') return { ...base, result: true, approveUrl: outcome.redirectUrl, errors: [], status: 'requires_action' };
      if (outcome) {
        // approved or captured meanwhile: recorded as any return from the wallet would be
        const status = await this.apply(s.id, outcome);
        if (status === 'paid' || status === 'used') return { ...base, result: true, approveUrl: null, errors: [], status };
        if (status === 'failed') return { ...base, result: false, approveUrl: null, errors: [M.unexpectedError], status };
      }
    }
    return { ...base, result: false, approveUrl: null, errors: [M.errorRetryLaterParen], status: s.status };
  }

  /** The buyer approved the wallet order: capture it (once) and credit the points. */
  async captureWallet(req: CaptureWalletRequest): Promise<PaymentSessionAuthResult> {
    const s = await this.owned(req.userId, req.sessionId);
    if (s.provider !== 'wallet' || s.providerRef !== req.orderId) throw new OrdersException(OrdersErrorCode.NotFound, M.unexpectedErrorOccurred);
    let status = s.status;
    if (status !== 'paid' && status !== 'used') {
      const outcome = await this.wallet.startTopUp({ userId: s.userId, amount: s.amount, reference: s.id, walletOrderId: req.orderId });
      status = await this.apply(s.id, outcome);
      // not approved yet: back to the wallet's approval page
      if (outcome.status === 'requires_action') return { url: outcome.redirectUrl, status, error: null };
    }
    const after = (await this.sessions.find(s.id))!;
    const back = new URL(`${appUrlOf(req.appUrl)}${safeAppPath(req.redirectUrl ?? s.redirectUrl, DEFAULT_RETURN)}`);
    back.searchParams.set('payment_session', s.id);
    back.searchParams.set('paymentResult', status === 'paid' || status === 'used' ? 'success' : 'failed');
    return { url: back.toString(), status, error: after.error };
  }

  /** Where the browser goes for mypage/stripe/auth: the card's authentication page, or back to the app when done. */
  async auth(req: PaymentSessionAuthRequest): Promise<PaymentSessionAuthResult> {
    const s = await this.owned(req.userId, req.sessionId);
    if (s.provider !== 'card') throw new OrdersException(OrdersErrorCode.NotFound, M.unexpectedErrorOccurred);
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

  /**
   * From the payment_intent.* webhooks. The event's metadata only points at a session: a card session whose own
   * PaymentIntent this is (or that has none yet); apply() then checks the payment itself against the session.
   */
  async onPaymentIntent(paymentIntentId: string, sessionId: string | undefined): Promise<void> {
    const s = (await this.sessions.findByPaymentIntent(paymentIntentId)) ?? (sessionId ? await this.sessions.find(sessionId) : null);
    if (!s) return;
    if (s.provider !== 'card' || (s.paymentIntentId && s.paymentIntentId !== paymentIntentId)) {
      this.logger.warn(`webhook payment ${paymentIntentId} ignored: it is not the payment of session ${s.id}`);
      return;
    }
    await this.apply(s.id, await this.card.topUpStatus(paymentIntentId));
  }

  /** Reconciliation: asks the provider about a waiting session and settles it; the resulting status. */
  async reconcile(sessionId: string): Promise<PaymentSession['status']> {
    const s = await this.sessions.find(sessionId);
    if (!s) throw new OrdersException(OrdersErrorCode.NotFound, 'session not found');
    if (s.provider === 'wallet' && s.providerRef && (s.status === 'created' || s.status === 'requires_action')) {
      // approved but never captured (the buyer did not come back): capture now, exactly as the return page would
      const outcome = await this.wallet.topUpStatus(s.providerRef);
      if (outcome.status === 'pending') return this.apply(s.id, await this.wallet.startTopUp({ userId: s.userId, amount: s.amount, reference: s.id, walletOrderId: s.providerRef }));
    }
    const synced = await this.sync(s);
    // a card charge created but never confirmed (the confirm never reached the provider): cancel it, then it has failed
    if (synced.status === 'created' && synced.provider === 'card' && synced.paymentIntentId && this.card.abandon) {
      return this.apply(synced.id, await this.card.abandon(synced.paymentIntentId));
    }
    return synced.status;
  }

  /** A duplicate of a payment still being made: waits (briefly) for the first one to be settled, then answers as it did. */
  private async settled(s: PaymentSession, timeoutMs = 15_000): Promise<PaymentSession> {
    const end = Date.now() + timeoutMs;
    let current = await this.sync(s);
    while (current.status === 'created' && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 200));
      current = (await this.sessions.find(s.id))!;
    }
    return current;
  }

  /** Asks the provider again while the session waits for it (the browser returned from 3-D Secure, or reconciliation). */
  private async sync(s: PaymentSession): Promise<PaymentSession> {
    const ref = s.provider === 'card' ? s.paymentIntentId : s.providerRef;
    if ((s.status === 'requires_action' || s.status === 'created') && ref) {
      await this.apply(s.id, await this.provider(s.provider).topUpStatus(ref));
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
        // a payment settles a session only when it is that session's: provider, reference, amount and currency
        const mismatch = paymentMismatch(s, outcome);
        if (mismatch) {
          this.logger.warn(`payment ${outcome.providerRef} not credited to session ${s.id}: ${mismatch} differs`);
          return s.status;
        }
        await this.sessions.setOutcome(s.id, s.provider, outcome.providerRef, s.status);
        const shortfall = s.amount - s.surplusPoints;
        const key = `${s.provider}:${outcome.providerRef}`;
        if (shortfall > 0) await this.ledger.credit(s.userId, shortfall, 'purchase', `${key}:purchase`, `payment_session:${s.id}`);
        if (s.surplusPoints > 0) await this.ledger.credit(s.userId, s.surplusPoints, 'card_surplus', `${key}:surplus`, `payment_session:${s.id}`);
        await this.sessions.markPaid(s.id);
        this.logger.log(`${s.provider} payment credited as points: session ${s.id}, ${s.amount} yen, surplus ${s.surplusPoints}`);
        return 'paid';
      }
      case 'requires_action':
        await this.sessions.setOutcome(s.id, s.provider, outcome.providerRef, 'requires_action');
        return 'requires_action';
      case 'pending':
        await this.sessions.setOutcome(s.id, s.provider, outcome.providerRef, s.status);
        return s.status;
      case 'failed':
        await this.sessions.setOutcome(s.id, s.provider, outcome.providerRef, 'failed', outcome.error);
        return 'failed';
    }
  }

  /**
   * The session made under an idempotency key (the market's `market-trade-{id}`), synced with its provider, or null
   * when none was ever made (no money can have been asked for). `settle`: the payer's time is up, so a card charge never
   * confirmed is cancelled at the provider and an approved wallet order is captured (as reconciliation does).
   */
  async byKey(userId: number, key: string, settle: boolean): Promise<PaymentSessionDto | null> {
    const s = await this.sessions.findByFingerprint(userId, keyFingerprint(key));
    if (!s) return null;
    if (settle && (s.status === 'created' || s.status === 'requires_action')) await this.reconcile(s.id);
    return toDto(await this.sync((await this.sessions.find(s.id))!));
  }

  /** The purchase consumes a paid session once (next session's purchase flow calls this). */
  consume(userId: number, sessionId: string): Promise<boolean> {
    return this.sessions.markUsed(sessionId, userId);
  }
}

/** Which fact of a successful payment is not the session's (null when it is the session's payment). */
export function paymentMismatch(s: Pick<PaymentSession, 'id' | 'provider' | 'amount' | 'providerRef' | 'paymentIntentId'>, outcome: Extract<TopUpOutcome, { status: 'succeeded' }>): string | null {
  const p = outcome.paid;
  if (!p || p.provider !== s.provider) return 'provider';
  const known = s.provider === 'card' ? s.paymentIntentId : s.providerRef;
  if (p.reference !== s.id || (known && known !== outcome.providerRef)) return 'reference';
  if (p.currency !== 'jpy') return 'currency';
  if (!Number.isSafeInteger(p.amount) || p.amount !== s.amount) return 'amount';
  return null;
}

function toDto(s: PaymentSession): PaymentSessionDto {
  return {
    sessionId: s.id,
    provider: s.provider,
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
