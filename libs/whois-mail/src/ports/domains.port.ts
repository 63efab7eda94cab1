import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { DOMAIN_OPS_CLIENT, DomainOpsPatterns, ProxyDomainDto, ProxyDomainResult } from '@registrar/contracts';
import { rpc } from '@registrar/infra';

/** Asks domain-ops which domain a per-domain WHOIS proxy address belongs to (docs/whois.md). */
@Injectable()
export class DomainsPort {
  constructor(@Inject(DOMAIN_OPS_CLIENT) private readonly client: ClientProxy) {}

  async byProxyEmail(address: string): Promise<ProxyDomainDto | null> {
    const r = await rpc<ProxyDomainResult>(this.client, DomainOpsPatterns.FindDomainByProxyAddress, { address: address.toLowerCase() }, 5_000);
    return r?.found && r.domain ? r.domain : null;
  }
}
