import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { JobName, MarketBuyPayment, MarketErrorCode, MarketOfferDto, MarketPayMethod, MarketTradeDto, TradeStatus } from '@registrar/contracts';
import { CLOCK, Clock, JobAttempt } from '@registrar/infra';
import { MailOutbox } from '@registrar/mail';
import { MK } from '@registrar/messages';
import { marketCommission, splitPayment } from '@registrar/rules';
import { conflict, invalid, MarketException, notFound } from '../common/market.exception';
import { appUrl, ListingService } from '../listings/listing.service';
import { toOffer, toTrade, updated } from '../listings/listing.mapper';
import { MarketConfig } from '../market.config';
import { MARKET_SCHEMA } from '../migrations';
import { DomainsPort } from '../ports/domains.port';
import { NoticeService } from '../notices/notice.service';
import { ChargeVoided, InsufficientPoints, LedgerPort } from '../ports/ledger.port';
import { PaymentsPort } from '../ports/payments.port';
import { TradeQueue, TradeStep } from './trade.queue';

type Q = Pick<EntityManager, 'query'>;
/**
 * How a trade is paid: points alone, or points_used plus a card / wallet charge. method null: a trade from an accepted
 * offer awaiting the buyer's choice (payOffer) until its due date.
 */
interface Paying {
  method: MarketPayMethod | null;
  pointsUsed: number | null;
  charge: number | null;
}
type Row = Record<string, any>;

/** A time in Tokyo for mails and notices, e.g. 2026/11/30 14:05. */
export const dateTimeTokyo = (v: unknown) => new Date(v as string).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });

/** The ledger keys of a trade: one per money movement, so a retried step never moves money twice. */
export const tradeKeys = (id: number) => ({ pay: `market-trade-${id}-pay`, refund: `market-trade-${id}-refund`, credit: `market-trade-${id}-credit` });

const STEP_OF: Partial<Record<TradeStatus, TradeStep>> = {
  paying: JobName.MarketPay, escrowed: JobName.MarketMove, moving: JobName.MarketMove, moved: JobName.MarketCredit, refunding: JobName.MarketRefund,
};

/**
 * Trades (docs/market.md). Buying locks the listing row and inserts the trade (one live trade per listing, one per
 * buyer's request key: two buyers at once, a double click, a seller's cancel all meet on that row), then each step is a
 * job: pay (the buyer's points into escrow) → move (domain-ops' local move) → credit (the seller, less the commission);
 * a failed move goes to refund (the whole price back). Every step reads the trade's state first and moves money only
 * under its ledger key, so a step run twice, or again after a killed process, changes nothing more.
 */
@Injectable()
export class TradeService {
  private readonly logger = new Logger(TradeService.name);

  constructor(
    @InjectDataSource(MARKET_SCHEMA) private readonly ds: DataSource,
    private readonly listings: ListingService,
    private readonly ledger: LedgerPort,
    private readonly domains: DomainsPort,
    private readonly queue: TradeQueue,
    private readonly mail: MailOutbox,
    private readonly notices: NoticeService,
    private readonly config: MarketConfig,
    private readonly payments: PaymentsPort,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  // ---- starting a trade

  /**
   * Buying at the fixed price. Points: the pay step spends them. Card or wallet (docs/market.md, "Paying by card or
   * wallet"): the listing is reserved first (the trade, status paying), then the orders service's payment session keyed
   * by the trade buys the points short, exactly the charge the page showed; the pay step spends them into escrow once
   * the session is paid. A refused card cancels the trade at once (nothing taken); 3-D Secure or the wallet's approval
   * answers payment_url, and the buyer comes back to the trade page (confirmPayment).
   */
  async buy(userId: number, listingId: number, key: string, payment: MarketBuyPayment = {}): Promise<MarketTradeDto> {
    const reqKey = String(key ?? '').trim().slice(0, 100);
    if (!reqKey) throw invalid('request key required');
    const sameRequest = async (): Promise<number | null> => {
      const r = await this.ds.query('SELECT id FROM market.trades WHERE buyer_id = $1 AND request_key = $2', [userId, reqKey]);
      return r.length ? Number(r[0].id) : null;
    };
    const again = await sameRequest();
    if (again != null) return this.trade(userId, again);
    const l = (await this.ds.query('SELECT * FROM market.listings WHERE id = $1', [listingId]))[0];
    if (!l || l.hidden) throw notFound(MK.listingNotFound);
    let id: number | undefined;
    try {
      // the balance check can see the points the same request, handled at this moment elsewhere, already spent
      const pay = await this.choosePayment(userId, Number(l.price), payment);
      id = await this.open(userId, listingId, reqKey, null, null, pay);
      if (pay.method === 'points') return this.trade(userId, id);
      return this.startPayment(userId, id, l, pay, payment);
    } catch (e) {
      // the same request handled at the same moment elsewhere (a double click, a retried call, another replica): its
      // trade is the answer, whichever step this copy failed at (the balance it already took, the request key taken)
      const same = await sameRequest();
      if (same != null && same !== id) return this.trade(userId, same);
      throw e;
    }
  }

  /**
   * The buyer's choice of payment for a price, checked as the page showed it: points (the balance covers it), or the
   * points first and the rest by card (its 50-yen minimum) or wallet, exactly the charge the page sent. Both buying at
   * the fixed price and paying an accepted offer go through here.
   */
  private async choosePayment(userId: number, price: number, payment: MarketBuyPayment): Promise<Paying> {
    const method = (payment.method ?? 'points') as MarketPayMethod;
    if (!['points', 'card', 'wallet'].includes(method)) throw invalid(MK.payMethodInvalid);
    const balance = await this.ledger.balance(userId);
    if (method === 'points') {
      // a quick answer for the usual shortfall; the pay step is the authority (the balance can change meanwhile)
      if (balance < price) throw new MarketException(MarketErrorCode.InsufficientPoints, MK.insufficientPoints);
      return { method: 'points', pointsUsed: price, charge: 0 };
    }
    const split = splitPayment(price, balance, payment.pointsToUse ?? balance);
    const charge = method === 'card' ? split.cardCharge : split.shortfall;
    if (charge === 0) throw invalid(MK.payNotNeeded);
    // the buyer pays what the page showed, nothing else (a balance changed meanwhile changes the charge)
    if (payment.amount !== charge) throw invalid(MK.payAmountChanged);
    if (method === 'card' && !String(payment.stripeCardId ?? '').trim()) throw invalid(MK.cardRequired);
    return { method, pointsUsed: split.pointsUsed, charge };
  }

  /**
   * The buyer pays a trade from an accepted offer that awaits their payment (docs/market.md, "Offers"), the same way as a
   * purchase at the fixed price: points, or the points first and the rest by card or wallet through the payment session
   * keyed by the trade (startPayment). The choice is recorded under the trade's row lock only while the trade still
   * awaits it and its due date has not passed, so a payment and the expiry (or a second tab) meet there and one wins.
   */
  async payOffer(userId: number, id: number, payment: MarketBuyPayment = {}): Promise<MarketTradeDto> {
    const t = await this.load(id);
    if (!t || Number(t.buyer_id) !== userId) throw notFound(MK.tradeNotFound);
    if (t.status !== 'paying' || t.pay_method != null) {
      // the same choice sent twice (a double click, a retried call): the trade as it is
      if (t.status === 'paying' && t.pay_method === (payment.method ?? 'points')) return this.trade(userId, id);
      throw conflict(MK.offerPayNotAwaited);
    }
    const pay = await this.choosePayment(userId, Number(t.price), payment);
    const chosen = await this.ds.transaction(async (m) => {
      const r = updated(await m.query(
        `UPDATE market.trades SET pay_method = $2, points_used = $3, charge = $4, pay_started_at = now(), updated_at = now()
          WHERE id = $1 AND status = 'paying' AND pay_method IS NULL AND pay_due_at > now() RETURNING id`,
        [id, pay.method, pay.pointsUsed, pay.charge],
      ));
      if (r.length) await this.step(m, id, 'pay', 'started', null);
      return r.length > 0;
    });
    if (!chosen) {
      const now = await this.load(id);
      if (now?.status === 'paying' && now.pay_method === pay.method) return this.trade(userId, id);
      throw conflict(MK.offerPayNotAwaited);
    }
    if (pay.method === 'points') {
      await this.queue.next(id, JobName.MarketPay, 'offer');
      return this.trade(userId, id);
    }
    return this.startPayment(userId, id, { domain: t.domain, price: t.price }, pay, payment);
  }

  /** Asks the orders service for the card charge or the wallet order of a reserved trade; see buy(). */
  private async startPayment(userId: number, id: number, l: Row, pay: Paying, payment: MarketBuyPayment): Promise<MarketTradeDto> {
    const start = { userId, tradeId: id, domain: { name: l.domain as string, point: Number(l.price) }, amount: pay.charge ?? 0, pointsToUse: pay.pointsUsed ?? 0, appUrl: payment.appUrl || appUrl() };
    const back = `/market/trade/${id}`;
    try {
      if (pay.method === 'card') {
        const r = await this.payments.card({ ...start, stripeCardId: String(payment.stripeCardId) });
        if (r.status === 'paid' || r.status === 'used') {
          // the card paid: escrow now; if that step fails here, the sweep runs it again (the points wait in the balance)
          await this.pay(id).catch((e) => this.logger.warn(`trade ${id}: pay step after the card left for the sweep: ${(e as Error)?.message ?? e}`));
          return this.trade(userId, id);
        }
        if (r.status === 'requires_action' && r.sessionId) {
          return { ...(await this.trade(userId, id)), payment_url: `/mypage/stripe/auth?session_id=${encodeURIComponent(r.sessionId)}&redirect_url=${encodeURIComponent(back)}` };
        }
        if (r.status === 'failed' || !r.sessionId) {
          const why = r.errors?.[0] || MK.paymentFailed;
          await this.cancelUnpaid(id, why);
          throw new MarketException(MarketErrorCode.PaymentFailed, why);
        }
        // the card company did not answer: the pay step asks again (and gives it up at the deadline)
        return this.trade(userId, id);
      }
      const w = await this.payments.wallet(start);
      if (w.status === 'paid' || w.status === 'used') {
        // the trade's session was paid already (this step asked again): escrow now, as after a card payment
        await this.pay(id).catch((e) => this.logger.warn(`trade ${id}: pay step after the wallet left for the sweep: ${(e as Error)?.message ?? e}`));
        return this.trade(userId, id);
      }
      if (w.result && w.approveUrl) return { ...(await this.trade(userId, id)), payment_url: w.approveUrl };
      // the session exists and its outcome is not known yet (approved, not captured; the wallet did not answer): the pay
      // step asks again and gives it up at the deadline, as for a card
      if (w.sessionId && w.status && w.status !== 'failed') return this.trade(userId, id);
      const why = w.errors?.[0] || MK.paymentFailed;
      await this.cancelUnpaid(id, why);
      throw new MarketException(MarketErrorCode.PaymentFailed, why);
    } catch (e) {
      if (e instanceof MarketException) throw e;
      // the orders service did not answer: the trade stays reserved; the pay step finds the session by the trade's key,
      // or none (then no money was asked for) and cancels the trade at the deadline
      this.logger.warn(`trade ${id}: payment not started: ${(e as Error)?.message ?? e}`);
      return this.trade(userId, id);
    }
  }

  /** The buyer is back from 3-D Secure or the wallet: the pay step runs now (it is idempotent, so a reload is harmless). */
  async confirmPayment(userId: number, id: number): Promise<MarketTradeDto> {
    await this.trade(userId, id);
    const t = await this.load(id);
    if (t && Number(t.buyer_id) === userId) await this.pay(id);
    return this.trade(userId, id);
  }

  /** The buyer confirms they received the domain: the escrow goes to the seller now (unless a dispute is open). */
  async confirmReceipt(userId: number, id: number): Promise<MarketTradeDto> {
    const t = await this.load(id);
    if (!t || Number(t.buyer_id) !== userId) throw notFound(MK.tradeNotFound);
    const ok = await this.ds.transaction(async (m) => {
      const r = updated(await m.query(`UPDATE market.trades SET receipt_at = coalesce(receipt_at, now()), updated_at = now() WHERE id = $1 AND status = 'moved' RETURNING id`, [id]));
      if (r.length) await this.step(m, id, 'release', 'done', '購入者が受け取りを確認しました');
      return r.length > 0;
    });
    if (!ok && t.status !== 'completed') throw invalid(MK.receiptNotAllowed);
    if (ok) await this.queue.next(id, JobName.MarketCredit, 'receipt');
    return this.trade(userId, id);
  }

  /**
   * Gives a card or wallet trade up before its escrow (refused card, payment not made in time, the process died before
   * asking): the pay key is voided first, so a spend arriving later is refused (or, taken already, refunded), then the
   * trade is cancelled and the listing is back on the market. Money the session took stays the buyer's, as points.
   */
  private async cancelUnpaid(id: number, reason: string): Promise<boolean> {
    const t = await this.load(id);
    if (!t || t.status !== 'paying') return false;
    await this.ledger.voidCharge(Number(t.buyer_id), Number(t.price), tradeKeys(id).pay, tradeKeys(id).refund, `market-trade:${id}`);
    return this.ds.transaction(async (m) => {
      const moved = await this.transition(m, id, ['paying'], 'cancelled', reason);
      if (!moved) return false;
      await m.query(`UPDATE market.listings SET status = 'active', updated_at = now() WHERE id = $1 AND status = 'trading'`, [t.listing_id]);
      await this.reopenOffer(m, t);
      await this.step(m, id, 'pay', 'failed', reason);
      return true;
    });
  }

  /** A cancelled card / wallet trade whose payment was made after all: the points stay with the buyer; they are told once. */
  private async paidLate(t: Row): Promise<void> {
    const s = await this.payments.ofTrade(Number(t.buyer_id), Number(t.id)).catch(() => null);
    if (!s || (s.status !== 'paid' && s.status !== 'used')) return;
    const key = `market:trade:${t.id}:paid-late`;
    await this.mail.send({ template: 'market.paid-late', params: { domain: t.domain, tradeId: Number(t.id), amount: s.amount, link: `${appUrl()}/market/trade/${t.id}` }, userId: Number(t.buyer_id), key });
    await this.notices.add(Number(t.buyer_id), key, `${t.domain}: 取消後のお支払いをポイントとしてお返ししました`, `/market/trade/${t.id}`);
    await this.ds.query(`INSERT INTO market.trade_steps (trade_id, step, status, message) VALUES ($1, 'refund', 'done', $2) ON CONFLICT (trade_id, step, status) DO NOTHING`, [t.id, MK.paidAfterCancel]);
  }

  /** Inserts the trade under the listing's row lock; the listing becomes 'trading'. Answers the trade's id. */
  private async open(buyerId: number, listingId: number, reqKey: string, offer: { id: number; amount: number } | null, m0: Q | null, pay: Paying = { method: 'points', pointsUsed: null, charge: null }): Promise<number> {
    const run = async (m: Q) => {
      const l = (await m.query('SELECT * FROM market.listings WHERE id = $1 FOR UPDATE', [listingId]))[0];
      if (!l || l.hidden) throw notFound(MK.listingNotFound);
      if (Number(l.seller_id) === buyerId) throw invalid(MK.cannotBuyOwn);
      if (l.status === 'trading') throw conflict(MK.tradeRunning);
      if (l.status !== 'active' || new Date(l.ends_at) <= this.clock.now()) throw conflict(MK.listingNotActive);
      const price = offer ? offer.amount : Number(l.price);
      const { commission, payout } = marketCommission(price, this.config.MARKET_COMMISSION_PERCENT);
      const rows = await m.query(
        `INSERT INTO market.trades (listing_id, offer_id, buyer_id, seller_id, domain_id, domain, price, commission, payout, status, request_key, pay_method, points_used, charge, pay_due_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'paying', $10, $11, $12, $13, CASE WHEN $11::text IS NULL THEN now() + make_interval(secs => $14) END) RETURNING id`,
        [listingId, offer?.id ?? null, buyerId, l.seller_id, l.domain_id, l.domain, price, commission, payout, reqKey, pay.method, pay.pointsUsed, pay.charge, this.config.MARKET_OFFER_PAY_S],
      );
      const id = Number(rows[0].id);
      await m.query(`UPDATE market.listings SET status = 'trading', updated_at = now() WHERE id = $1`, [listingId]);
      await this.step(m, id, 'order', 'done', null);
      return id;
    };
    let id: number;
    try {
      id = m0 ? await run(m0) : await this.ds.transaction(run);
    } catch (e) {
      // the unique indexes: another trade of this listing won the race, or this request key was used a moment ago
      if ((e as { code?: string }).code === '23505') throw conflict(MK.tradeRunning);
      throw e;
    }
    // card / wallet: the pay step runs once the payment is made (startPayment, confirmPayment, the sweep)
    if (!m0 && pay.method === 'points') await this.queue.next(id, JobName.MarketPay);
    return id;
  }

  // ---- offers

  async offer(userId: number, listingId: number, amount: number, message: string): Promise<MarketOfferDto> {
    const l = (await this.ds.query('SELECT * FROM market.listings WHERE id = $1', [listingId]))[0];
    if (!l || l.hidden || l.status !== 'active') throw notFound(MK.listingNotFound);
    if (Number(l.seller_id) === userId) throw invalid(MK.cannotBuyOwn);
    if (l.min_offer == null) throw invalid(MK.offersClosed);
    if (!Number.isSafeInteger(amount) || amount < Number(l.min_offer)) throw invalid(MK.offerTooLow);
    if (amount >= Number(l.price)) throw invalid(MK.offerOverPrice);
    let row: Row;
    try {
      row = (await this.ds.query('INSERT INTO market.offers (listing_id, buyer_id, amount, message) VALUES ($1, $2, $3, $4) RETURNING *', [listingId, userId, amount, String(message ?? '').slice(0, 1000)]))[0];
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw conflict(MK.offerPending);
      throw e;
    }
    await this.mail.send({ template: 'market.offer-received', params: { domain: l.domain, amount, price: Number(l.price), link: `${appUrl()}/sales` }, userId: Number(l.seller_id), key: `market:offer:${row.id}:received` });
    await this.notices.add(Number(l.seller_id), `market:offer:${row.id}:received`, `${l.domain} にオファーが届きました（${amount.toLocaleString('ja-JP')}円）`, '/sales');
    return toOffer({ ...row, domain: l.domain });
  }

  async offers(userId: number): Promise<{ received: MarketOfferDto[]; sent: MarketOfferDto[] }> {
    const received = await this.ds.query(`SELECT o.*, l.domain FROM market.offers o JOIN market.listings l ON l.id = o.listing_id WHERE l.seller_id = $1 ORDER BY o.id DESC LIMIT 200`, [userId]);
    const sent = await this.ds.query(`SELECT o.*, l.domain FROM market.offers o JOIN market.listings l ON l.id = o.listing_id WHERE o.buyer_id = $1 ORDER BY o.id DESC LIMIT 200`, [userId]);
    return { received: received.map(toOffer), sent: sent.map(toOffer) };
  }

  /** The seller accepts (a trade at the offered amount starts for the offer's buyer) or declines an offer. */
  async answerOffer(userId: number, offerId: number, accept: boolean): Promise<{ offer: MarketOfferDto; trade: MarketTradeDto | null }> {
    // the buyer's points cover the offer: paid from them at once (the offer said so); otherwise the trade awaits the
    // buyer's payment on its page (points, card or wallet) until the due date
    const peek = accept ? (await this.ds.query('SELECT buyer_id, amount FROM market.offers WHERE id = $1', [offerId]))[0] : null;
    const covered = peek ? (await this.ledger.balance(Number(peek.buyer_id))) >= Number(peek.amount) : true;
    const pay: Paying = covered ? { method: 'points', pointsUsed: null, charge: null } : { method: null, pointsUsed: null, charge: null };
    const r = await this.ds.transaction(async (m) => {
      const o = (await m.query(`SELECT o.*, l.seller_id, l.domain FROM market.offers o JOIN market.listings l ON l.id = o.listing_id WHERE o.id = $1 FOR UPDATE OF o`, [offerId]))[0];
      if (!o || Number(o.seller_id) !== userId) throw notFound(MK.offerNotFound);
      if (o.status !== 'pending') throw conflict(MK.offerNotFound);
      let tradeId: number | null = null;
      if (accept) tradeId = await this.open(Number(o.buyer_id), Number(o.listing_id), `offer-${o.id}`, { id: Number(o.id), amount: Number(o.amount) }, m, pay);
      const done = updated(await m.query(`UPDATE market.offers SET status = $2, trade_id = $3, ended_at = now() WHERE id = $1 RETURNING *`, [offerId, accept ? 'accepted' : 'declined', tradeId]))[0]!;
      if (accept) await m.query(`UPDATE market.offers SET status = 'declined', ended_at = now() WHERE listing_id = $1 AND status = 'pending' AND id <> $2`, [o.listing_id, offerId]);
      return { offer: { ...done, domain: o.domain } as Row, tradeId, buyerId: Number(o.buyer_id) };
    });
    if (r.tradeId) await this.queue.next(r.tradeId, JobName.MarketPay);
    const due = r.tradeId && !pay.method ? (await this.load(r.tradeId))?.pay_due_at : null;
    const payBy = due ? dateTimeTokyo(due) : null;
    await this.mail.send({ template: 'market.offer-answered', params: { domain: r.offer.domain, amount: Number(r.offer.amount), accepted: accept, payBy, link: r.tradeId ? `${appUrl()}/market/trade/${r.tradeId}` : `${appUrl()}/market` }, userId: r.buyerId, key: `market:offer:${offerId}:answered` });
    await this.notices.add(r.buyerId, `market:offer:${offerId}:answered`, `${r.offer.domain} へのオファーが${accept ? '承諾' : '辞退'}されました${payBy ? `（${payBy}までにお支払いください）` : ''}`, r.tradeId ? `/market/trade/${r.tradeId}` : '/sales');
    return { offer: toOffer(r.offer), trade: r.tradeId ? await this.trade(userId, r.tradeId) : null };
  }

  // ---- reading trades

  async trade(userId: number | null, id: number): Promise<MarketTradeDto> {
    const t = (await this.ds.query('SELECT * FROM market.trades WHERE id = $1', [id]))[0];
    if (!t || (userId !== null && Number(t.buyer_id) !== userId && Number(t.seller_id) !== userId)) throw notFound(MK.tradeNotFound);
    const steps = await this.ds.query('SELECT * FROM market.trade_steps WHERE trade_id = $1 ORDER BY id', [id]);
    const dispute = (await this.ds.query('SELECT id, status, opener_role, created_at FROM market.disputes WHERE trade_id = $1', [id]))[0] ?? null;
    return toTrade(t, steps, userId === null ? 'admin' : Number(t.buyer_id) === userId ? 'buyer' : 'seller', dispute);
  }

  async mine(userId: number): Promise<{ bought: MarketTradeDto[]; sold: MarketTradeDto[] }> {
    const rows = await this.ds.query('SELECT * FROM market.trades WHERE buyer_id = $1 OR seller_id = $1 ORDER BY id DESC LIMIT 200', [userId]);
    const steps = rows.length ? await this.ds.query('SELECT * FROM market.trade_steps WHERE trade_id = ANY($1::bigint[]) ORDER BY id', [rows.map((r: Row) => r.id)]) : [];
    const of = (id: string) => steps.filter((s: Row) => s.trade_id === id);
    return {
      bought: rows.filter((r: Row) => Number(r.buyer_id) === userId).map((r: Row) => toTrade(r, of(r.id), 'buyer')),
      sold: rows.filter((r: Row) => Number(r.seller_id) === userId).map((r: Row) => toTrade(r, of(r.id), 'seller')),
    };
  }

  // ---- the steps (jobs)

  /** Pay: the price from the buyer's points into escrow (ledger key `…-pay`); a shortfall cancels the trade. */
  async pay(id: number): Promise<string> {
    const t = await this.load(id);
    if (t?.status === 'cancelled' && (t.pay_method === 'card' || t.pay_method === 'wallet')) await this.paidLate(t);
    if (!t || t.status !== 'paying') return t?.status ?? 'missing';
    // an accepted offer awaiting the buyer's payment: nothing to take yet; unpaid past its due date it ends
    if (t.pay_method == null) return (await this.expireOffer(t)) ? 'cancelled' : 'waiting';
    if (t.pay_method !== 'points') {
      // the card / wallet session keyed by this trade buys the points; past the deadline it is settled and given up
      const age = (this.clock.now().getTime() - new Date(t.pay_started_at ?? t.created_at).getTime()) / 1000;
      const late = age > this.config.MARKET_PAY_DEADLINE_S;
      const s = await this.payments.ofTrade(Number(t.buyer_id), id, late);
      if (!s) {
        // no session: no money was asked for (the process died before); given up once the request cannot be running
        if (age > this.config.MARKET_STALE_S) return (await this.cancelUnpaid(id, MK.paymentFailed)) ? 'cancelled' : ((await this.load(id))?.status ?? 'missing');
        return 'waiting';
      }
      if (s.status === 'failed') return (await this.cancelUnpaid(id, s.error || MK.paymentFailed)) ? 'cancelled' : ((await this.load(id))?.status ?? 'missing');
      if (s.status === 'created' || s.status === 'requires_action') {
        if (late) return (await this.cancelUnpaid(id, MK.paymentTimedOut)) ? 'cancelled' : ((await this.load(id))?.status ?? 'missing');
        return 'waiting';
      }
      // paid: its points are the buyer's; the session is taken once and the spend below puts the price into escrow
      if (s.status === 'paid') await this.payments.consume(Number(t.buyer_id), s.sessionId);
    }
    try {
      await this.ledger.spend(Number(t.buyer_id), Number(t.price), tradeKeys(id).pay, `ドメインマーケット購入 ${t.domain}（取引番号 ${id}）`);
    } catch (e) {
      // given up meanwhile (cancelUnpaid voided the key first): nothing was taken
      if (e instanceof ChargeVoided) return (await this.load(id))?.status ?? 'cancelled';
      if (!(e instanceof InsufficientPoints)) throw e;
      // an accepted offer the points no longer cover: the buyer may still pay it (card, wallet) by its due date
      if (t.offer_id != null && t.pay_method === 'points' && (await this.awaitBuyer(t))) return 'waiting';
      await this.ds.transaction(async (m) => {
        const moved = await this.transition(m, id, ['paying'], 'cancelled', MK.insufficientPoints);
        if (!moved) return;
        await m.query(`UPDATE market.listings SET status = 'active', updated_at = now() WHERE id = $1 AND status = 'trading'`, [t.listing_id]);
        await this.reopenOffer(m, t);
        await this.step(m, id, 'pay', 'failed', MK.insufficientPoints);
      });
      return 'cancelled';
    }
    await this.ds.transaction(async (m) => {
      if (await this.transition(m, id, ['paying'], 'escrowed', null)) await this.step(m, id, 'pay', 'done', null);
    });
    await this.queue.next(id, JobName.MarketMove);
    return 'escrowed';
  }

  /** Move: domain-ops moves the held domain to the buyer (idempotent per trade). A refusal refunds the buyer. */
  async move(id: number, attempt: JobAttempt): Promise<string> {
    const t = await this.load(id);
    if (!t || (t.status !== 'escrowed' && t.status !== 'moving')) return t?.status ?? 'missing';
    // an open dispute holds the trade before the move (resolving it continues or refunds)
    if (t.status === 'escrowed' && (await this.disputeOpen(id))) return 'disputed';
    if (t.status === 'escrowed') {
      await this.ds.transaction(async (m) => {
        if (await this.transition(m, id, ['escrowed'], 'moving', null)) await this.step(m, id, 'move', 'started', null);
      });
    }
    let result: { moved: boolean; reason: string | null };
    try {
      result = await this.domains.move({ domainId: Number(t.domain_id), listingId: Number(t.listing_id), fromUserId: Number(t.seller_id), toUserId: Number(t.buyer_id), tradeId: id });
    } catch (e) {
      // domain-ops did not answer: retried; on the last attempt, whoever holds the domain now decides
      if (attempt.attemptsMade + 1 < attempt.attempts) throw e;
      const owner = await this.domains.owner(Number(t.domain_id)).catch(() => null);
      if (!owner) throw e;
      result = owner.movedByTrade === id ? { moved: true, reason: null } : { moved: false, reason: MK.moveFailed };
    }
    if (result.moved) {
      await this.ds.transaction(async (m) => {
        if (!(await this.transition(m, id, ['moving'], 'moved', null))) return;
        await m.query(`UPDATE market.trades SET release_at = now() + make_interval(secs => $2) WHERE id = $1`, [id, this.config.MARKET_HOLD_S]);
        await this.step(m, id, 'move', 'done', null);
      });
      await this.queue.next(id, JobName.MarketCredit, '0', t.receipt_at ? 0 : this.config.MARKET_HOLD_S * 1000);
      return 'moved';
    }
    await this.ds.transaction(async (m) => {
      if (await this.transition(m, id, ['moving'], 'refunding', result.reason)) await this.step(m, id, 'move', 'failed', result.reason);
    });
    await this.queue.next(id, JobName.MarketRefund);
    return 'refunding';
  }

  /** Credit: the seller gets the price less the commission as points (ledger key `…-credit`), only after the move. */
  async credit(id: number): Promise<string> {
    const t = await this.load(id);
    if (!t || t.status !== 'moved') return t?.status ?? 'missing';
    // the escrow is released after the inspection period or the buyer's receipt, never while a dispute is open: under
    // the trade's row lock (a dispute is opened under the same lock and refused once the credit has started)
    const go = await this.ds.transaction(async (m) => {
      const r = (await m.query('SELECT status, release_at, receipt_at FROM market.trades WHERE id = $1 FOR UPDATE', [id]))[0];
      if (r?.status !== 'moved') return r?.status ?? 'missing';
      if ((await m.query(`SELECT 1 FROM market.disputes WHERE trade_id = $1 AND status = 'open'`, [id])).length) return 'disputed';
      if (r.receipt_at == null && r.release_at != null && new Date(r.release_at) > this.clock.now()) return 'held';
      await this.step(m, id, 'credit', 'started', null);
      return 'go';
    });
    if (go !== 'go') return go;
    if (Number(t.payout) > 0) await this.ledger.grant(Number(t.seller_id), Number(t.payout), tradeKeys(id).credit, `ドメインマーケット売上 ${t.domain}（取引番号 ${id}・手数料 ${t.commission}円）`);
    const done = await this.ds.transaction(async (m) => {
      if (!(await this.transition(m, id, ['moved'], 'completed', null))) return false;
      await this.step(m, id, 'credit', 'done', null);
      await m.query(`UPDATE market.listings SET status = 'sold', ended_at = now(), released_at = now(), updated_at = now() WHERE id = $1`, [t.listing_id]);
      return true;
    });
    if (done) {
      const link = appUrl();
      await this.mail.send({ template: 'market.sold', params: { domain: t.domain, tradeId: id, price: Number(t.price), commission: Number(t.commission), payout: Number(t.payout), link: `${link}/sales` }, userId: Number(t.seller_id), key: `market:trade:${id}:sold` });
      await this.notices.add(Number(t.seller_id), `market:trade:${id}:sold`, `${t.domain} が売れました（売上 ${Number(t.payout).toLocaleString('ja-JP')}円）`, `/market/trade/${id}`);
      await this.mail.send({ template: 'market.bought', params: { domain: t.domain, tradeId: id, price: Number(t.price), link: `${link}/mypage/domain` }, userId: Number(t.buyer_id), key: `market:trade:${id}:bought` });
      await this.notices.add(Number(t.buyer_id), `market:trade:${id}:bought`, `${t.domain} の購入が完了しました`, `/market/trade/${id}`);
    }
    return 'completed';
  }

  /**
   * Refund: the whole price back to the buyer (ledger key `…-refund`), only if it was taken (the pay key's entry) and
   * only if the domain did not reach the buyer after all (then the trade goes on to the seller's credit instead).
   */
  async refund(id: number): Promise<string> {
    const t = await this.load(id);
    if (!t || t.status !== 'refunding') return t?.status ?? 'missing';
    const owner = await this.domains.owner(Number(t.domain_id));
    // the move reached the buyer after all (and no dispute gave the domain back since): the trade goes on to the credit
    if (owner.movedByTrade === id && !(await this.disputeRefunded(id))) {
      await this.ds.transaction(async (m) => {
        if (await this.transition(m, id, ['refunding'], 'moved', null)) await this.step(m, id, 'move', 'done', null);
      });
      await this.queue.next(id, JobName.MarketCredit);
      return 'moved';
    }
    const paid = await this.ledger.byKey(tradeKeys(id).pay);
    if (paid) await this.ledger.refund(Number(t.buyer_id), Number(t.price), tradeKeys(id).refund, `ドメインマーケット返金 ${t.domain}（取引番号 ${id}）`);
    const done = await this.ds.transaction(async (m) => {
      if (!(await this.transition(m, id, ['refunding'], 'refunded', t.error ?? null))) return false;
      await this.step(m, id, 'refund', 'done', paid ? null : '決済前のため返金はありません');
      // the listing ends: its domain may no longer be the seller's, and a dispute is for the operators to settle
      await m.query(`UPDATE market.listings SET status = 'cancelled', ended_at = now(), updated_at = now() WHERE id = $1 AND status = 'trading'`, [t.listing_id]);
      return true;
    });
    if (done) {
      const l = (await this.ds.query('SELECT * FROM market.listings WHERE id = $1', [t.listing_id]))[0];
      if (l && l.released_at == null && l.status !== 'trading') await this.listings.release(l);
      if (paid) await this.mail.send({ template: 'market.refunded', params: { domain: t.domain, tradeId: id, price: Number(t.price), reason: t.cancel_reason ?? t.error ?? MK.moveFailed }, userId: Number(t.buyer_id), key: `market:trade:${id}:refunded` });
      if (paid) await this.notices.add(Number(t.buyer_id), `market:trade:${id}:refunded`, `${t.domain} の購入を取り消し、返金しました`, `/market/trade/${id}`);
    }
    return 'refunded';
  }

  /** A super admin cancels a trade whose domain has not started moving, and the buyer is refunded. */
  async adminCancel(tradeId: number, reason: string): Promise<MarketTradeDto> {
    const why = String(reason ?? '').trim();
    if (!why) throw invalid(MK.cancelReasonRequired);
    const awaiting = await this.ds.transaction(async (m) => {
      const t = (await m.query('SELECT * FROM market.trades WHERE id = $1 FOR UPDATE', [tradeId]))[0];
      if (!t) throw notFound(MK.tradeNotFound);
      // an accepted offer still awaiting the buyer's payment: nothing was taken, the trade simply ends
      if (t.status === 'paying' && t.pay_method == null) {
        await m.query(`UPDATE market.trades SET status = 'cancelled', cancel_reason = $2, error = $2, updated_at = now() WHERE id = $1`, [tradeId, why]);
        await m.query(`UPDATE market.listings SET status = 'active', updated_at = now() WHERE id = $1 AND status = 'trading'`, [t.listing_id]);
        await this.reopenOffer(m, t);
        await this.step(m, tradeId, 'cancel', 'done', why);
        return true;
      }
      if (t.status === 'paying' || t.status === 'moving') throw conflict(MK.tradeBusy);
      if (t.status !== 'escrowed') throw conflict(MK.cannotCancelTrade);
      // a dispute holds the trade until a super admin resolves it: a cancel beside it would refund and leave it open for good
      if ((await m.query(`SELECT 1 FROM market.disputes WHERE trade_id = $1 AND status = 'open'`, [tradeId])).length) throw conflict(MK.disputeOpenCancel);
      await m.query(`UPDATE market.trades SET status = 'refunding', cancel_reason = $2, error = $2, updated_at = now() WHERE id = $1`, [tradeId, why]);
      await this.step(m, tradeId, 'cancel', 'done', why);
      return false;
    });
    if (!awaiting) await this.queue.next(tradeId, JobName.MarketRefund, 'admin');
    return this.trade(null, tradeId);
  }

  /**
   * The sweep: trades whose step has not moved for MARKET_STALE_S are put back on it (a killed process, a lost job, a
   * card or wallet payment still open), and moved trades whose inspection period is over go to the credit; trades
   * held by an open dispute wait for its resolution.
   */
  async resume(): Promise<number> {
    const before = new Date(Date.now() - this.config.MARKET_STALE_S * 1000);
    const rows = await this.ds.query(
      `SELECT t.id, t.status FROM market.trades t
        WHERE t.status NOT IN ('completed', 'refunded', 'cancelled') AND t.updated_at < $1
          AND NOT (t.status = 'moved' AND t.receipt_at IS NULL AND t.release_at > now())
          AND NOT EXISTS (SELECT 1 FROM market.disputes d WHERE d.trade_id = t.id AND d.status = 'open')
        ORDER BY t.id LIMIT 500`, [before]);
    const run = `sweep${Math.floor(Date.now() / (this.config.MARKET_STALE_S * 1000))}`;
    for (const r of rows) {
      const step = STEP_OF[r.status as TradeStatus];
      if (step) await this.queue.next(Number(r.id), step, run);
    }
    return rows.length;
  }

  /**
   * The sweep's look at card / wallet trades given up in the last two days: a payment the orders service settled after
   * all (its own reconciliation captured an approved wallet order, a webhook arrived late) is the buyer's points; the
   * buyer is told once (paidLate). Nothing else can be owed: cancelUnpaid voided the trade's pay key first.
   */
  async latePayments(): Promise<number> {
    const rows = await this.ds.query(
      `SELECT t.* FROM market.trades t WHERE t.status = 'cancelled' AND t.pay_method <> 'points' AND t.updated_at > now() - interval '2 days'
          AND NOT EXISTS (SELECT 1 FROM market.trade_steps s WHERE s.trade_id = t.id AND s.step = 'refund') ORDER BY t.id LIMIT 100`,
    );
    for (const t of rows) await this.paidLate(t);
    return rows.length;
  }

  // ---- helpers

  /**
   * An accepted offer the buyer did not pay by its due date: cancelled (only while it still awaits the buyer's choice,
   * under the row lock payOffer takes), the listing back on the market, the offer withdrawn; both sides are told.
   */
  private async expireOffer(t: Row): Promise<boolean> {
    if (!t.pay_due_at || new Date(t.pay_due_at) > this.clock.now()) return false;
    const id = Number(t.id);
    const done = await this.ds.transaction(async (m) => {
      const r = updated(await m.query(
        `UPDATE market.trades SET status = 'cancelled', error = $2, updated_at = now() WHERE id = $1 AND status = 'paying' AND pay_method IS NULL AND pay_due_at <= now() RETURNING id`,
        [id, MK.offerPayExpired],
      ));
      if (!r.length) return false;
      await m.query(`UPDATE market.listings SET status = 'active', updated_at = now() WHERE id = $1 AND status = 'trading'`, [t.listing_id]);
      await this.reopenOffer(m, t);
      await this.step(m, id, 'pay', 'failed', MK.offerPayExpired);
      return true;
    });
    if (done) {
      for (const uid of [Number(t.buyer_id), Number(t.seller_id)]) {
        const key = `market:trade:${id}:offer-expired:${uid}`;
        await this.mail.send({ template: 'market.offer-expired', params: { domain: t.domain, tradeId: id, amount: Number(t.price), buyer: uid === Number(t.buyer_id), link: `${appUrl()}/market/trade/${id}` }, userId: uid, key });
        await this.notices.add(uid, key, `${t.domain}: お支払い期限を過ぎたため取引を取り消しました`, `/market/trade/${id}`);
      }
    }
    return done;
  }

  /** An offer trade whose points fell short at the spend: it awaits the buyer's payment again (until its due date). */
  private async awaitBuyer(t: Row): Promise<boolean> {
    const id = Number(t.id);
    const ok = await this.ds.transaction(async (m) => {
      const r = updated(await m.query(
        `UPDATE market.trades SET pay_method = NULL, points_used = NULL, charge = NULL, pay_started_at = NULL, pay_due_at = coalesce(pay_due_at, now() + make_interval(secs => $2)), updated_at = now()
          WHERE id = $1 AND status = 'paying' AND pay_method = 'points' RETURNING id`,
        [id, this.config.MARKET_OFFER_PAY_S],
      ));
      return r.length > 0;
    });
    if (ok) {
      const due = (await this.load(id))?.pay_due_at;
      const key = `market:trade:${id}:awaiting-payment`;
      await this.notices.add(Number(t.buyer_id), key, `${t.domain}: ポイントが不足しています。${due ? dateTimeTokyo(due) : ''}までにお支払いください`, `/market/trade/${id}`);
    }
    return ok;
  }

  private async disputeRefunded(id: number): Promise<boolean> {
    return (await this.ds.query(`SELECT 1 FROM market.disputes WHERE trade_id = $1 AND status = 'refunded'`, [id])).length > 0;
  }

  private async disputeOpen(id: number): Promise<boolean> {
    return (await this.ds.query(`SELECT 1 FROM market.disputes WHERE trade_id = $1 AND status = 'open'`, [id])).length > 0;
  }

  private async load(id: number): Promise<Row | null> {
    return (await this.ds.query('SELECT * FROM market.trades WHERE id = $1', [id]))[0] ?? null;
  }

  /** Moves the trade from one of `from` to `to` under its row lock; false when another run got there first. */
  private async transition(m: Q, id: number, from: TradeStatus[], to: TradeStatus, error: string | null): Promise<boolean> {
    const r = updated(await m.query(`UPDATE market.trades SET status = $2, error = coalesce($3, error), updated_at = now() WHERE id = $1 AND status = ANY($4::text[]) RETURNING id`, [id, to, error, from]));
    return r.length > 0;
  }

  private async step(m: Q, id: number, step: string, status: string, message: string | null): Promise<void> {
    await m.query('INSERT INTO market.trade_steps (trade_id, step, status, message) VALUES ($1, $2, $3, $4) ON CONFLICT (trade_id, step, status) DO NOTHING', [id, step, status, message]);
  }

  /** A trade from an accepted offer that could not be paid: the offer ends declined (the buyer may offer again). */
  private async reopenOffer(m: Q, t: Row): Promise<void> {
    if (t.offer_id != null) await m.query(`UPDATE market.offers SET status = 'withdrawn', ended_at = now() WHERE id = $1`, [t.offer_id]);
  }
}
