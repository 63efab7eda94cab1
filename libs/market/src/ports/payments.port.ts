import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import {
  CreatePaymentSessionResult, CreateWalletSessionResult, ORDERS_CLIENT, OrdersPatterns, PaymentSessionDomain, PaymentSessionDto,
} from '@registrar/contracts';
import { rpc } from '@registrar/infra';

/** The payment session of a trade: one per trade, whatever happens (docs/market.md, "Paying by card or wallet"). */
export const tradePaymentKey = (tradeId: number) => `market-trade-${tradeId}`;

export interface StartPayment {
  userId: number;
  tradeId: number;
  domain: PaymentSessionDomain;
  amount: number;
  pointsToUse: number;
  appUrl: string;
}

/**
 * The orders service's card and wallet payment sessions (libs/orders, ADR 0006): the card or wallet buys the points a
 * purchase lacks, and the trade's pay step spends them into escrow. Sessions are keyed by trade, so a step that died
 * after asking for the money finds the session (and its outcome) again.
 */
@Injectable()
export class PaymentsPort {
  constructor(@Inject(ORDERS_CLIENT) private readonly orders: ClientProxy) {}

  card(p: StartPayment & { stripeCardId: string }): Promise<CreatePaymentSessionResult> {
    return rpc<CreatePaymentSessionResult>(this.orders, OrdersPatterns.PaymentSessionCreate, {
      userId: p.userId, purpose: 'market', idempotencyKey: tradePaymentKey(p.tradeId), domains: [p.domain], amount: p.amount, pointsToUse: p.pointsToUse,
      stripeCardId: p.stripeCardId, appUrl: p.appUrl, redirectUrl: `/market/trade/${p.tradeId}`,
    }, 30_000);
  }

  wallet(p: StartPayment): Promise<CreateWalletSessionResult> {
    return rpc<CreateWalletSessionResult>(this.orders, OrdersPatterns.WalletSessionCreate, {
      userId: p.userId, purpose: 'market', idempotencyKey: tradePaymentKey(p.tradeId), domains: [p.domain], amount: p.amount, pointsToUse: p.pointsToUse,
      appUrl: p.appUrl, redirectUrl: `/market/trade/${p.tradeId}`,
    }, 30_000);
  }

  /** The trade's session (synced with its provider), or null when none was ever made; settle: the payer's time is up. */
  async ofTrade(userId: number, tradeId: number, settle = false): Promise<PaymentSessionDto | null> {
    return (await rpc<{ session: PaymentSessionDto | null }>(this.orders, OrdersPatterns.PaymentSessionByKey, { userId, key: tradePaymentKey(tradeId), settle }, 30_000)).session;
  }

  async consume(userId: number, sessionId: string): Promise<boolean> {
    return (await rpc<{ consumed: boolean }>(this.orders, OrdersPatterns.PaymentSessionConsume, { userId, sessionId }, 15_000)).consumed;
  }
}
