import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { OffSessionChargeResult, OpenSpendDto, OpenSpendsRequest, ORDERS_CLIENT, OrdersPatterns, PointBalanceResult, PointEntryDto, PointSpendManyRequest, PointSpendManyResult, PointVoidRequest, PointVoidResult } from '@registrar/contracts';
import { rpc } from '@registrar/infra';
import { DomainOpsConfig } from '../domain-ops.config';


/** The orders service as domain-ops uses it: the points ledger, payment sessions and the cart (RPC on Redis). */
@Injectable()
export class OrdersPort {
  /** how long a ledger call is waited for (LEDGER_TIMEOUT_MS); a spend carries it as its deadline */
  private readonly ms: number;

  constructor(@Inject(ORDERS_CLIENT) private readonly client: ClientProxy, config: DomainOpsConfig) {
    this.ms = config.LEDGER_TIMEOUT_MS;
  }

  /**
   * Takes points. The charge carries a deadline (when this call stops waiting): the ledger refuses it after that, so a
   * charge held up in a frozen or backed-up orders service never runs after its purchase has been given up.
   */
  spend(userId: number, amount: number, idempotencyKey: string, reference: string): Promise<PointEntryDto> {
    return rpc<PointEntryDto>(this.client, OrdersPatterns.PointSpend, { userId, amount, idempotencyKey, reference, deadline: Date.now() + this.ms }, this.ms);
  }

  /**
   * One member's spends in one message, in order (each its own key and ledger entry, as spend()); stops at the first
   * refused one and says which. The deadline is the same as spend()'s, for the whole message.
   */
  spendMany(userId: number, spends: PointSpendManyRequest['spends']): Promise<PointSpendManyResult> {
    return rpc<PointSpendManyResult>(this.client, OrdersPatterns.PointSpendMany, { userId, spends, deadline: Date.now() + this.ms } satisfies PointSpendManyRequest, this.ms);
  }

  /** The purchase gave a charge up: the spend key is voided at the ledger and refunded once if it had been taken. */
  voidCharge(userId: number, amount: number, spendKey: string, refundKey: string, reference: string): Promise<PointVoidResult> {
    return rpc<PointVoidResult>(this.client, OrdersPatterns.PointVoid, { userId, amount, spendKey, refundKey, reference } satisfies PointVoidRequest, this.ms);
  }

  /** Spends under a key prefix with no refund yet (the money reconciler's input). */
  openSpends(req: OpenSpendsRequest): Promise<OpenSpendDto[]> {
    return rpc<OpenSpendDto[]>(this.client, OrdersPatterns.PointOpenSpends, req, Math.min(this.ms, 10_000));
  }

  refund(userId: number, amount: number, idempotencyKey: string, reference: string): Promise<PointEntryDto> {
    return rpc<PointEntryDto>(this.client, OrdersPatterns.PointRefund, { userId, amount, idempotencyKey, reference }, this.ms);
  }

  async balance(userId: number): Promise<number> {
    return (await rpc<PointBalanceResult>(this.client, OrdersPatterns.PointBalance, { userId }, this.ms)).point;
  }

  async consumeSession(userId: number, sessionId: string): Promise<boolean> {
    return (await rpc<{ consumed: boolean }>(this.client, OrdersPatterns.PaymentSessionConsume, { userId, sessionId }, this.ms)).consumed;
  }

  /** Charges the member's newest card off-session (auto-renew) and credits the points; one charge per key. */
  chargeOffSession(userId: number, amount: number, idempotencyKey: string, reference: string): Promise<OffSessionChargeResult> {
    return rpc<OffSessionChargeResult>(this.client, OrdersPatterns.CardChargeOffSession, { userId, amount, idempotencyKey, purpose: 'renew', reference }, 60_000);
  }

  async removeFromCart(userId: number, domainNames: string[]): Promise<void> {
    // the cart left is not read back: nobody reads it here
    await rpc(this.client, OrdersPatterns.CartRemove, { userId, domainNames, view: false }, this.ms);
  }
}
