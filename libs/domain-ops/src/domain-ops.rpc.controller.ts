import { Controller, UseFilters } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateDomainsResult, CreateDomainsRpcRequest, DefaultSettingResult, DomainOpsErrorCode, DomainOpsPatterns, EstimateItem, EstimateRpcRequest,
  OrderStatusResult, OwnedDomainDto, PrereqResult, PrereqRpcRequest, ProxyDomainResult, WhoisContactResult, WhoisContactRpcRequest,
  ApiKeyVerifyResult, ApiSettingsResult, ApiSettingsSaveResult, ApiSettingsSaveRpcRequest, DefaultSettingSaveResult, DefaultSettingSaveRpcRequest,
  WhoisOrgGetResult, WhoisOrgUpdateResult, WhoisOrgUpdateRpcRequest,
  ContactDeleteResult, WhoisCancelResult, WhoisContactDto, WhoisDispatchResult, WhoisDispatchRpcRequest, WhoisPatterns,
  PendingRenewalsResult, RenewReadyResult, RenewResult, RenewRpcRequest, RenewStatusResult,
} from '@registrar/contracts';
import { M } from '@registrar/messages';
import { DomainOpsException } from './shared/common/domain-ops.exception';
import { RenewalService } from './lifecycle/renewal/renewal.service';
import { DomainOpsRpcErrorFilter } from './shared/common/rpc-errors.filter';
import { OwnedDomainRepository } from './shared/domains/owned-domain.repository';
import { EstimateService } from './portfolio/estimate/estimate.service';
import { RegistrationOrderService } from './lifecycle/orders/registration-order.service';
import { PrereqService } from './portfolio/prereq/prereq.service';
import { DefaultSettingsService } from './portfolio/settings/default-settings.service';
import { ProxyIdentityRepository } from './whois/proxy-identity.repository';
import { WhoisPendingSweep } from './whois/whois-change.job';
import { WhoisService } from './whois/whois.service';
import { WhoisOrgService } from './whois/whois-org.service';
import { ApiSettingsService } from './portfolio/settings/api-settings.service';

/** Every payload names the member (set by the gateway from the session, never from the browser). */
export function userIdOf(p: { userId?: unknown } | null | undefined): number {
  const n = Number(p?.userId);
  if (!Number.isSafeInteger(n) || n <= 0) throw new DomainOpsException(DomainOpsErrorCode.Invalid, 'userId must be a positive integer');
  return n;
}

/** How long the status check waits for the registry before answering the count it has. */
const STATUS_SWEEP_BUDGET_MS = Number(process.env.WHOIS_STATUS_SWEEP_BUDGET_MS ?? 3_000);

/** The domain-ops service's request/response handlers on the request transport (BullMQ command queues). */
@Controller()
@UseFilters(DomainOpsRpcErrorFilter)
export class DomainOpsRpcController {
  constructor(
    private readonly renewals: RenewalService,
    private readonly estimates: EstimateService,
    private readonly orders: RegistrationOrderService,
    private readonly prereqs: PrereqService,
    private readonly defaults: DefaultSettingsService,
    private readonly domains: OwnedDomainRepository,
    private readonly proxies: ProxyIdentityRepository,
    private readonly whois: WhoisService,
    private readonly sweep: WhoisPendingSweep,
    private readonly org: WhoisOrgService,
    private readonly api: ApiSettingsService,
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

  @MessagePattern(DomainOpsPatterns.OwnedDomain)
  async ownedOne(@Payload() req: { userId: number; id: number }): Promise<OwnedDomainDto> {
    const id = Number(req?.id);
    const d = Number.isSafeInteger(id) && id > 0 ? await this.domains.byId(userIdOf(req), id) : null;
    if (!d) throw new DomainOpsException(DomainOpsErrorCode.NotFound, 'no such domain');
    return d;
  }

  @MessagePattern(DomainOpsPatterns.DomainsByName)
  byName(@Payload() req: { punycodes: string[] }): Promise<OwnedDomainDto[]> {
    const names = Array.isArray(req?.punycodes) ? req.punycodes.map((n) => String(n).toLowerCase()).slice(0, 5000) : [];
    return this.domains.byNames(names);
  }

  @MessagePattern(DomainOpsPatterns.DomainsPage)
  page(@Payload() req: { afterId?: number; limit?: number }): Promise<OwnedDomainDto[]> {
    return this.domains.page(Number(req?.afterId) || 0, Number(req?.limit) || 1000);
  }

  @MessagePattern(DomainOpsPatterns.FindDomainByProxyAddress)
  async byProxyAddress(@Payload() req: { address?: unknown }): Promise<ProxyDomainResult> {
    const address = typeof req?.address === 'string' ? req.address.trim() : '';
    if (!address || address.length > 320) return { found: false, domain: null };
    const domain = await this.proxies.domainByAddress(address);
    return { found: !!domain, domain };
  }

  @MessagePattern(WhoisPatterns.ContactList)
  async contactList(@Payload() req: { userId: number }): Promise<{ contacts: WhoisContactDto[] }> {
    return { contacts: await this.whois.listContacts(userIdOf(req)) };
  }

  @MessagePattern(WhoisPatterns.ContactDelete)
  contactDelete(@Payload() req: { userId: number; contactId: unknown }): Promise<ContactDeleteResult> {
    return this.whois.deleteContact(userIdOf(req), req?.contactId);
  }

  @MessagePattern(WhoisPatterns.Dispatch)
  dispatch(@Payload() req: WhoisDispatchRpcRequest): Promise<WhoisDispatchResult> {
    return this.whois.dispatch({ ...req, userId: userIdOf(req) });
  }

  @MessagePattern(WhoisPatterns.Cancel)
  cancel(@Payload() req: { userId: number; domain: unknown }): Promise<WhoisCancelResult> {
    return this.whois.cancel(userIdOf(req), req?.domain);
  }

  /**
   * The count the list page polls; changes waiting for approval are checked at the registry first, for at most
   * WHOIS_STATUS_SWEEP_BUDGET_MS: a slow registry must not fail the check (a failed check stops the page's polling,
   * 001 §4), and what the budget leaves is completed by the periodic sweep and seen by the next poll.
   */
  @MessagePattern(WhoisPatterns.StatusCount)
  async statusCount(@Payload() req: { userId: number }): Promise<{ count: number }> {
    const userId = userIdOf(req);
    let timer: NodeJS.Timeout | undefined;
    const budget = new Promise<void>((resolve) => { timer = setTimeout(resolve, STATUS_SWEEP_BUDGET_MS); });
    await Promise.race([this.sweep.handle({ userId }).catch(() => undefined), budget]).finally(() => clearTimeout(timer));
    return { count: await this.whois.statusCount(userId) };
  }

  @MessagePattern(WhoisPatterns.OrgGet)
  orgGet(@Payload() req: { userId: number; domainName: unknown }): Promise<WhoisOrgGetResult> {
    return this.org.get(userIdOf(req), req?.domainName);
  }

  @MessagePattern(WhoisPatterns.OrgUpdate)
  orgUpdate(@Payload() req: WhoisOrgUpdateRpcRequest): Promise<WhoisOrgUpdateResult> {
    return this.org.update({ ...req, userId: userIdOf(req) });
  }

  @MessagePattern(WhoisPatterns.DefaultsSave)
  defaultsSave(@Payload() req: DefaultSettingSaveRpcRequest): Promise<DefaultSettingSaveResult> {
    return this.defaults.save({ ...req, userId: userIdOf(req) });
  }

  @MessagePattern(WhoisPatterns.ApiGet)
  apiGet(@Payload() req: { userId: number }): Promise<ApiSettingsResult> {
    return this.api.get(userIdOf(req));
  }

  @MessagePattern(WhoisPatterns.ApiSave)
  apiSave(@Payload() req: ApiSettingsSaveRpcRequest): Promise<ApiSettingsSaveResult> {
    return this.api.save({ ...req, userId: userIdOf(req) });
  }

  @MessagePattern(WhoisPatterns.ApiRotateKey)
  apiRotate(@Payload() req: { userId: number }): Promise<{ status: 1 | 0; errors: string[]; apiKey: string | null }> {
    return this.api.rotate(userIdOf(req));
  }

  /** For the public API (docs/whois.md "API key"): { apiKey, ip } -> ApiKeyVerifyResult */
  @MessagePattern(WhoisPatterns.ApiVerifyKey)
  apiVerify(@Payload() req: { apiKey?: unknown; ip?: unknown }): Promise<ApiKeyVerifyResult> {
    return this.api.verify(req?.apiKey, req?.ip);
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

/** Positive integer ids from a list (anything else dropped), at most 1000. */
function idsOf(v: unknown): number[] {
  const list = Array.isArray(v) ? v : v == null ? [] : [v];
  return [...new Set(list.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))].slice(0, 1000);
}
