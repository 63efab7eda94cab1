import { Injectable } from '@nestjs/common';
import { CardListResult, DomainOperationKind, DomainOperationPatterns, OperationAccepted, OperationRpcRequest, OperationStatus, OrdersPatterns } from '@registrar/contracts';
import { OrdersClient } from '../payments/orders.client';
import { DomainOpsClient } from '../purchase/domain-ops.client';

/**
 * Starts the domain operations of the list's modals and reads their runs (the domain-ops service). The web app's
 * OperationsController and the public API both go through here, so an operation has one implementation.
 */
@Injectable()
export class OperationStarter {
  constructor(private readonly domainOps: DomainOpsClient, private readonly orders: OrdersClient) {}

  start(userId: number, kind: DomainOperationKind, domains: unknown[], extra: Partial<OperationRpcRequest> = {}): Promise<OperationAccepted> {
    return this.domainOps.call<OperationAccepted>(DomainOperationPatterns.Start as never, { userId, kind, domains, ...extra }, 120_000);
  }

  /** Auto-renew on needs a card on file (errorCode 100): the orders service says whether the member has one. */
  async autoUpdate(userId: number, domains: unknown[], flag: 0 | 1 | undefined): Promise<OperationAccepted> {
    const hasCard = flag === 1 ? (await this.orders.call<CardListResult>(OrdersPatterns.CardList, { userId })).cards.length > 0 : false;
    return this.start(userId, 'autoupdate', domains, { flag, hasCard });
  }

  /** The run's per-domain rows (NOT_FOUND for another member's run). */
  status(userId: number, jobId: string): Promise<OperationStatus> {
    return this.domainOps.call<OperationStatus>(DomainOperationPatterns.Status as never, { userId, jobId });
  }
}
