import { Controller, UseFilters } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateDomainsResult, CreateDomainsRpcRequest, DefaultSettingResult, DomainOpsErrorCode, DomainOpsPatterns, EstimateItem, EstimateRpcRequest,
  OrderStatusResult, OwnedDomainDto, PrereqResult, PrereqRpcRequest, ProxyDomainResult, WhoisContactResult, WhoisContactRpcRequest,
} from '@registrar/contracts';
import { DomainOpsException } from './common/domain-ops.exception';
import { DomainOpsRpcErrorFilter } from './common/rpc-errors.filter';
import { OwnedDomainRepository } from './domains/owned-domain.repository';
import { EstimateService } from './estimate/estimate.service';
import { RegistrationOrderService } from './orders/registration-order.service';
import { PrereqService } from './prereq/prereq.service';
import { DefaultSettingsService } from './settings/default-settings.service';
import { ProxyIdentityRepository } from './whois/proxy-identity.repository';

/** Every payload names the member (set by the gateway from the session, never from the browser). */
function userIdOf(p: { userId?: unknown } | null | undefined): number {
  const n = Number(p?.userId);
  if (!Number.isSafeInteger(n) || n <= 0) throw new DomainOpsException(DomainOpsErrorCode.Invalid, 'userId must be a positive integer');
  return n;
}

/** The domain-ops service's request/response handlers on the Redis transport. */
@Controller()
@UseFilters(DomainOpsRpcErrorFilter)
export class DomainOpsRpcController {
  constructor(
    private readonly estimates: EstimateService,
    private readonly orders: RegistrationOrderService,
    private readonly prereqs: PrereqService,
    private readonly defaults: DefaultSettingsService,
    private readonly domains: OwnedDomainRepository,
    private readonly proxies: ProxyIdentityRepository,
  ) {}

  @MessagePattern(DomainOpsPatterns.Estimate)
  estimate(@Payload() req: EstimateRpcRequest): Promise<EstimateItem[]> {
    const names = Array.isArray(req?.domainNames) ? req.domainNames.map(String).slice(0, 100) : [];
    return this.estimates.estimate(userIdOf(req), names);
  }

  @MessagePattern(DomainOpsPatterns.Create)
  create(@Payload() req: CreateDomainsRpcRequest): Promise<CreateDomainsResult> {
    return this.orders.create({ ...req, userId: userIdOf(req) });
  }

  @MessagePattern(DomainOpsPatterns.CreateStatus)
  status(@Payload() req: { userId: number; orderId: string }): Promise<OrderStatusResult> {
    return this.orders.status(userIdOf(req), String(req?.orderId ?? ''));
  }

  @MessagePattern(DomainOpsPatterns.Prereq)
  prereq(@Payload() req: PrereqRpcRequest): Promise<PrereqResult> {
    return this.prereqs.register({ ...req, userId: userIdOf(req) });
  }

  @MessagePattern(DomainOpsPatterns.Defaults)
  defaultSettings(@Payload() req: { userId: number }): Promise<DefaultSettingResult> {
    return this.defaults.get(userIdOf(req));
  }

  @MessagePattern(DomainOpsPatterns.WhoisContactAdd)
  whoisContact(@Payload() req: WhoisContactRpcRequest): Promise<WhoisContactResult> {
    return this.defaults.addContact({ ...req, userId: userIdOf(req) });
  }

  @MessagePattern(DomainOpsPatterns.OwnedDomains)
  owned(@Payload() req: { userId: number }): Promise<OwnedDomainDto[]> {
    return this.domains.listByUser(userIdOf(req));
  }

  @MessagePattern(DomainOpsPatterns.FindDomainByProxyAddress)
  async byProxyAddress(@Payload() req: { address?: unknown }): Promise<ProxyDomainResult> {
    const address = typeof req?.address === 'string' ? req.address.trim() : '';
    if (!address || address.length > 320) return { found: false, domain: null };
    const domain = await this.proxies.domainByAddress(address);
    return { found: !!domain, domain };
  }
}
