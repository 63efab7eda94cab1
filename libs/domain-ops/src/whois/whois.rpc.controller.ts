import { Controller, UseFilters } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ContactDeleteResult, DomainOpsPatterns, PROXY_LOOKUP_BATCH, ProxyDomainDto, ProxyDomainResult, WhoisCancelResult, WhoisContactDto, WhoisDispatchResult, WhoisDispatchRpcRequest,
  WhoisOrgGetResult, WhoisOrgUpdateResult, WhoisOrgUpdateRpcRequest, WhoisPatterns,
} from '@registrar/contracts';
import { userIdOf } from '../shared/common/rpc-payload';
import { DomainOpsRpcErrorFilter } from '../shared/common/rpc-errors.filter';
import { ProxyIdentityRepository } from './proxy-identity.repository';
import { WhoisPendingSweep } from './whois-change.job';
import { WhoisService } from './whois.service';
import { WhoisOrgService } from './whois-org.service';

/** How long the status check waits for the registry before answering the count it has. */
const STATUS_SWEEP_BUDGET_MS = Number(process.env.WHOIS_STATUS_SWEEP_BUDGET_MS ?? 3_000);

/** WHOIS's requests: contacts, changes sent to the registry, the organisation name, and the proxy address lookup. */
@Controller()
@UseFilters(DomainOpsRpcErrorFilter)
export class WhoisRpcController {
  constructor(
    private readonly proxies: ProxyIdentityRepository,
    private readonly whois: WhoisService,
    private readonly sweep: WhoisPendingSweep,
    private readonly org: WhoisOrgService,
  ) {}

  @MessagePattern(DomainOpsPatterns.FindDomainByProxyAddress)
  async byProxyAddress(@Payload() req: { address?: unknown; addresses?: unknown }): Promise<ProxyDomainResult | { results: ProxyDomainResult[] }> {
    if (Array.isArray(req?.addresses)) {
      // several at once (the inbound SMTP server's concurrent RCPTs): one statement, answers in the order asked
      const asked = req.addresses.slice(0, PROXY_LOOKUP_BATCH).map((a) => (typeof a === 'string' ? a.trim() : ''));
      const valid = asked.filter((a) => a && a.length <= 320);
      const found = new Map<string, ProxyDomainDto | null>();
      if (valid.length) (await this.proxies.domainsByAddresses(valid)).forEach((d, i) => found.set(valid[i]!, d));
      return { results: asked.map((a) => { const domain = found.get(a) ?? null; return { found: !!domain, domain }; }) };
    }
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
}
