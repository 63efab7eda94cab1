import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { ActionLogWriteRequest, DOMAIN_OPS_CLIENT, DomainOperationPatterns, DomainOpsErrorCode, DomainOpsPatterns, isDomainOpsRpcError, OperationAccepted, OwnedDomainDto } from '@registrar/contracts';
import { OUR_NAME_SERVERS } from '@registrar/rules';
import { rpc } from '@registrar/infra';

const MS = 30_000;

/** The domain-ops service as the dns service uses it: who holds a domain, its name servers, its state (RPC on Redis). */
@Injectable()
export class DomainOpsPort {
  constructor(@Inject(DOMAIN_OPS_CLIENT) private readonly client: ClientProxy) {}

  /** The member's domain, or null when it is not theirs. */
  async owned(userId: number, id: number): Promise<OwnedDomainDto | null> {
    try {
      return await rpc<OwnedDomainDto>(this.client, DomainOpsPatterns.OwnedDomain, { userId, id }, MS);
    } catch (e) {
      if (isDomainOpsRpcError(e) && e.code === DomainOpsErrorCode.NotFound) return null;
      throw e;
    }
  }

  /** Starts the name-server operation (issue 11's) pointing the domain at 01-04.dnsv.jp; its job re-syncs the zone when done. */
  useOurNameServers(userId: number, id: number): Promise<OperationAccepted> {
    return rpc<OperationAccepted>(this.client, DomainOperationPatterns.Start, {
      userId, kind: 'nameserver', domains: [id], formData: OUR_NAME_SERVERS.map((name, i) => ({ name, priority: i + 1 })),
    }, MS);
  }

  byNames(punycodes: string[]): Promise<OwnedDomainDto[]> {
    return rpc<OwnedDomainDto[]>(this.client, DomainOpsPatterns.DomainsByName, { punycodes }, MS);
  }

  page(afterId: number, limit: number): Promise<OwnedDomainDto[]> {
    return rpc<OwnedDomainDto[]>(this.client, DomainOpsPatterns.DomainsPage, { afterId, limit }, MS);
  }

  /** A history line of the member's domain (the action log lives in domain-ops). */
  async writeHistory(line: ActionLogWriteRequest): Promise<void> {
    await rpc<{ written: true }>(this.client, DomainOpsPatterns.ActionLogWrite, line, MS);
  }
}
