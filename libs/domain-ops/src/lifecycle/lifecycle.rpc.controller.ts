import { Controller, UseFilters } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateDomainsResult, CreateDomainsRpcRequest, DomainOpsErrorCode, DomainOpsPatterns, OrderStatusResult,
  PendingRenewalsResult, RenewReadyResult, RenewResult, RenewRpcRequest, RenewStatusResult,
} from '@registrar/contracts';
import { M } from '@registrar/messages';
import { DomainOpsException } from '../shared/common/domain-ops.exception';
import { idsOf, userIdOf } from '../shared/common/rpc-payload';
import { DomainOpsRpcErrorFilter } from '../shared/common/rpc-errors.filter';
import { RegistrationOrderService } from './orders/registration-order.service';
import { RenewalService } from './renewal/renewal.service';

/** The lifecycle's requests: registration orders and renewals (transfers and .jp activation have their own controllers). */
@Controller()
@UseFilters(DomainOpsRpcErrorFilter)
export class LifecycleRpcController {
  constructor(
    private readonly orders: RegistrationOrderService,
    private readonly renewals: RenewalService,
  ) {}

  @MessagePattern(DomainOpsPatterns.Create)
  create(@Payload() req: CreateDomainsRpcRequest): Promise<CreateDomainsResult> {
    return this.orders.create({ ...req, userId: userIdOf(req) });
  }

  @MessagePattern(DomainOpsPatterns.CreateStatus)
  status(@Payload() req: { userId: number; orderId: string }): Promise<OrderStatusResult> {
    return this.orders.status(userIdOf(req), String(req?.orderId ?? ''));
  }

  @MessagePattern(DomainOpsPatterns.RenewReady)
  renewReady(@Payload() req: { userId: number; domainIds?: unknown }): Promise<RenewReadyResult> {
    return this.renewals.ready(userIdOf(req), idsOf(req?.domainIds));
  }

  @MessagePattern(DomainOpsPatterns.Renew)
  renew(@Payload() req: RenewRpcRequest): Promise<RenewResult> {
    return this.renewals.renew({ ...req, userId: userIdOf(req) });
  }

  /** The public API's job poll of a renewal (the owner only). */
  @MessagePattern(DomainOpsPatterns.RenewStatus)
  async renewStatus(@Payload() req: { userId: number; renewalId?: unknown }): Promise<RenewStatusResult> {
    const r = await this.renewals.status(userIdOf(req), String(req?.renewalId ?? ''));
    if (!r) throw new DomainOpsException(DomainOpsErrorCode.NotFound, M.domainNotFound);
    return r;
  }

  @MessagePattern(DomainOpsPatterns.RenewPending)
  renewPending(@Payload() req: { userId: number; domainIds?: unknown }): Promise<PendingRenewalsResult> {
    return this.renewals.pending(userIdOf(req), idsOf(req?.domainIds));
  }
}
