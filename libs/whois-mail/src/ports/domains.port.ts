import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { DOMAIN_OPS_CLIENT, DomainOpsPatterns, PROXY_LOOKUP_BATCH, ProxyDomainDto, ProxyDomainResult } from '@registrar/contracts';
import { rpc } from '@registrar/infra';
import { Coalescer } from '../common/coalescer';

/**
 * Asks domain-ops which domain a per-domain WHOIS proxy address belongs to (docs/whois.md). The look-ups of concurrent
 * SMTP sessions go together (a Coalescer): one request is in flight at a time, and the addresses asked meanwhile (at
 * most PROXY_LOOKUP_BATCH) go in the next one, so a busy server makes one request per batch instead of one per RCPT.
 * An answer is never reused: each RCPT is answered from a look-up made after it was asked.
 */
@Injectable()
export class DomainsPort {
  private readonly lookUps = new Coalescer<string, ProxyDomainDto | null>((addresses) => this.lookUp(addresses), PROXY_LOOKUP_BATCH);

  constructor(@Inject(DOMAIN_OPS_CLIENT) private readonly client: ClientProxy) {}

  byProxyEmail(address: string): Promise<ProxyDomainDto | null> {
    return this.lookUps.submit(address.toLowerCase());
  }

  private async lookUp(addresses: string[]): Promise<Array<ProxyDomainDto | null>> {
    const one = async (address: string) => {
      const r = await rpc<ProxyDomainResult>(this.client, DomainOpsPatterns.FindDomainByProxyAddress, { address }, 5_000);
      return r?.found && r.domain ? r.domain : null;
    };
    if (addresses.length === 1) return [await one(addresses[0]!)];
    const r = await rpc<{ results?: ProxyDomainResult[] }>(this.client, DomainOpsPatterns.FindDomainByProxyAddress, { addresses }, 5_000);
    // a domain-ops replica older than the batch form answers without results: ask one by one
    if (!Array.isArray(r?.results) || r.results.length !== addresses.length) return Promise.all(addresses.map(one));
    return r.results.map((x) => (x?.found && x.domain ? x.domain : null));
  }
}
