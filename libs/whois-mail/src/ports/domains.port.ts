import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { DOMAIN_OPS_CLIENT, DomainOpsPatterns, IDENTITY_CLIENT, IdentityPatterns, MemberContact, ProxyAddressDomain } from '@registrar/contracts';
import { rpc } from '@registrar/infra';

/** Asks domain-ops which domain a per-domain WHOIS proxy address belongs to. */
@Injectable()
export class DomainsPort {
  constructor(@Inject(DOMAIN_OPS_CLIENT) private readonly client: ClientProxy) {}

  byProxyEmail(email: string): Promise<ProxyAddressDomain | null> {
    return rpc<ProxyAddressDomain | null>(this.client, DomainOpsPatterns.FindByProxyEmail, { email: email.toLowerCase() }, 5_000);
  }
}

/** Asks the gateway (owner of identity) for a member's own address. */
@Injectable()
export class MembersPort {
  constructor(@Inject(IDENTITY_CLIENT) private readonly client: ClientProxy) {}

  contact(userId: number): Promise<MemberContact | null> {
    return rpc<MemberContact | null>(this.client, IdentityPatterns.MemberContact, { userId }, 10_000);
  }
}
