import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { OffSessionChargeResult, ORDERS_CLIENT, OrdersPatterns, PointBalanceResult, PointEntryDto } from '@registrar/contracts';
import { rpc } from '@registrar/infra';

const MS = 30_000;

/** The orders service as domain-ops uses it: the points ledger, payment sessions and the cart (RPC on Redis). */
@Injectable()
export class OrdersPort {
  constructor(@Inject(ORDERS_CLIENT) private readonly client: ClientProxy) {}

  spend(userId: number, amount: number, idempotencyKey: string, reference: string): Promise<PointEntryDto> {
    return rpc<PointEntryDto>(this.client, OrdersPatterns.PointSpend, { userId, amount, idempotencyKey, reference }, MS);
  }

  refund(userId: number, amount: number, idempotencyKey: string, reference: string): Promise<PointEntryDto> {
    return rpc<PointEntryDto>(this.client, OrdersPatterns.PointRefund, { userId, amount, idempotencyKey, reference }, MS);
  }

  async balance(userId: number): Promise<number> {
    return (await rpc<PointBalanceResult>(this.client, OrdersPatterns.PointBalance, { userId }, MS)).point;
  }

  async consumeSession(userId: number, sessionId: string): Promise<boolean> {
    return (await rpc<{ consumed: boolean }>(this.client, OrdersPatterns.PaymentSessionConsume, { userId, sessionId }, MS)).consumed;
  }

  /** Charges the member's newest card off-session (auto-renew) and credits the points; one charge per key. */
  chargeOffSession(userId: number, amount: number, idempotencyKey: string, reference: string): Promise<OffSessionChargeResult> {
    return rpc<OffSessionChargeResult>(this.client, OrdersPatterns.CardChargeOffSession, { userId, amount, idempotencyKey, purpose: 'renew', reference }, 60_000);
  }

  async removeFromCart(userId: number, domainNames: string[]): Promise<void> {
    await rpc(this.client, OrdersPatterns.CartRemove, { userId, domainNames }, MS);
  }
}
