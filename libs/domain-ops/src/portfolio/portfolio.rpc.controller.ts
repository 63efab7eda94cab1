import { Controller, UseFilters } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ApiKeyVerifyResult, ApiSettingsResult, ApiSettingsSaveResult, ApiSettingsSaveRpcRequest, DefaultSettingResult, DefaultSettingSaveResult,
  DefaultSettingSaveRpcRequest, DomainOpsErrorCode, DomainOpsPatterns, EstimateItem, EstimateRpcRequest, OwnedDomainDto, PrereqResult,
  PrereqRpcRequest, WhoisContactResult, WhoisContactRpcRequest, WhoisPatterns,
} from '@registrar/contracts';
import { DomainOpsException } from '../shared/common/domain-ops.exception';
import { userIdOf } from '../shared/common/rpc-payload';
import { DomainOpsRpcErrorFilter } from '../shared/common/rpc-errors.filter';
import { OwnedDomainRepository } from '../shared/domains/owned-domain.repository';
import { EstimateService } from './estimate/estimate.service';
import { PrereqService } from './prereq/prereq.service';
import { ApiSettingsService } from './settings/api-settings.service';
import { DefaultSettingsService } from './settings/default-settings.service';

/**
 * The portfolio's requests: the member's domains (also for other services: by name, by page), the estimate and the
 * prerequisites before an order, default settings and API settings. The list, operations, history and market hold
 * have their own controllers.
 */
@Controller()
@UseFilters(DomainOpsRpcErrorFilter)
export class PortfolioRpcController {
  constructor(
    private readonly estimates: EstimateService,
    private readonly prereqs: PrereqService,
    private readonly defaults: DefaultSettingsService,
    private readonly domains: OwnedDomainRepository,
    private readonly api: ApiSettingsService,
  ) {}

  @MessagePattern(DomainOpsPatterns.Estimate)
  estimate(@Payload() req: EstimateRpcRequest): Promise<EstimateItem[]> {
    const names = Array.isArray(req?.domainNames) ? req.domainNames.map(String).slice(0, 100) : [];
    return this.estimates.estimate(userIdOf(req), names);
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
}
