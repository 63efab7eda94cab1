import { Inject, Injectable, Logger } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { ORDERS_CLIENT, OrdersPatterns, PointBalanceResult, PointChangeRequest } from '@registrar/contracts';
import { rpc } from '@registrar/infra';

/** The point balance (RP) lives in the orders service's ledger; identity only reads it (and grants the demo RP). */
@Injectable()
export class PointsReader {
  private readonly logger = new Logger(PointsReader.name);
  constructor(@Inject(ORDERS_CLIENT) private readonly orders: ClientProxy) {}

  /** The balance, or 0 when the orders service does not answer within 2 s (the page still renders). */
  async balance(userId: number): Promise<number> {
    try {
      return (await rpc<PointBalanceResult>(this.orders, OrdersPatterns.PointBalance, { userId }, 2_000)).point;
    } catch (e) {
      this.logger.warn(`point balance of ${userId} unavailable: ${(e as Error).message}`);
      return 0;
    }
  }

  /** An idempotent grant (the same key never credits twice). */
  async grant(userId: number, amount: number, idempotencyKey: string): Promise<void> {
    const req: PointChangeRequest = { userId, amount, idempotencyKey, kind: 'grant', reference: 'demo account' };
    await rpc(this.orders, OrdersPatterns.PointGrant, req, 10_000);
  }
}
