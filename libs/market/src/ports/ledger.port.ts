import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { isOrdersRpcError, ORDERS_CLIENT, OrdersErrorCode, OrdersPatterns, PointEntryDto, PointVoidRequest, PointVoidResult } from '@registrar/contracts';
import { rpc } from '@registrar/infra';

export class InsufficientPoints extends Error {}
/** The spend's key was voided (its trade given up): the spend is refused, nothing taken. */
export class ChargeVoided extends Error {}

/**
 * The points ledger of the orders service (libs/orders): every change carries an idempotency key, so a retried step
 * never charges, refunds or credits twice; `byKey` tells a recovering step whether its change happened.
 */
@Injectable()
export class LedgerPort {
  constructor(@Inject(ORDERS_CLIENT) private readonly orders: ClientProxy) {}

  balance(userId: number): Promise<number> {
    return rpc<{ point: number }>(this.orders, OrdersPatterns.PointBalance, { userId }, 15_000).then((r) => r.point);
  }

  async spend(userId: number, amount: number, idempotencyKey: string, reference: string): Promise<PointEntryDto> {
    try {
      return await rpc<PointEntryDto>(this.orders, OrdersPatterns.PointSpend, { userId, amount, idempotencyKey, reference }, 20_000);
    } catch (e) {
      if (isOrdersRpcError(e) && e.code === OrdersErrorCode.InsufficientPoints) throw new InsufficientPoints(e.message);
      if (isOrdersRpcError(e) && e.code === OrdersErrorCode.ChargeVoided) throw new ChargeVoided(e.message);
      throw e;
    }
  }

  refund(userId: number, amount: number, idempotencyKey: string, reference: string): Promise<PointEntryDto> {
    return rpc<PointEntryDto>(this.orders, OrdersPatterns.PointRefund, { userId, amount, idempotencyKey, reference }, 20_000);
  }

  grant(userId: number, amount: number, idempotencyKey: string, reference: string): Promise<PointEntryDto> {
    return rpc<PointEntryDto>(this.orders, OrdersPatterns.PointGrant, { userId, amount, idempotencyKey, reference }, 20_000);
  }

  /** Gives a spend up under the balance-row lock: a later spend under the key is refused; one already taken is refunded. */
  voidCharge(userId: number, amount: number, spendKey: string, refundKey: string, reference: string): Promise<PointVoidResult> {
    return rpc<PointVoidResult>(this.orders, OrdersPatterns.PointVoid, { userId, amount, spendKey, refundKey, reference } satisfies PointVoidRequest, 20_000);
  }

  async byKey(idempotencyKey: string): Promise<PointEntryDto | null> {
    return (await rpc<{ entry: PointEntryDto | null }>(this.orders, OrdersPatterns.PointEntryByKey, { idempotencyKey }, 15_000)).entry;
  }
}
