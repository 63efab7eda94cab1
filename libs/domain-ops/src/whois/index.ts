/**
 * WHOIS (a feature of domain-ops): member contacts, WHOIS changes sent to the registry, the WHOIS proxy and its
 * addresses, the organisation name, and the public WHOIS lookup. Its public face for the features above it
 * (portfolio, lifecycle, registry-sync) and for the composition (domain-ops.module.ts); see ../../README.md.
 */
import type { Provider, Type } from '@nestjs/common';
import { PublicWhoisRepository } from './public-whois/public-whois.repository';
import { PublicWhoisRpcController } from './public-whois/public-whois.rpc.controller';
import { ProxyIdentityRepository } from './proxy-identity.repository';
import { ProxyAddressRelay } from './proxy-address-relay';
import { ProxyReserveInUse } from './proxy-reserve-in-use';
import { RegistryContacts } from './registry-contacts';
import { WhoisDomainRepository } from './whois-domain.repository';
import { WhoisOrgService } from './whois-org.service';
import { WhoisQueue } from './whois.queue';
import { WhoisRpcController } from './whois.rpc.controller';
import { WhoisService } from './whois.service';

export { WHOIS_JOBS } from './whois.jobs';
export { WHOIS_MIGRATIONS, WHOIS_TABLES } from './migrations';
export { isProxyAddressFormat, newProxyContactId, newProxyLocalPart, ProxyIdentityRepository, randomToken } from './proxy-identity.repository';
export { RegistryContacts } from './registry-contacts';
export { WhoisDomainRepository } from './whois-domain.repository';
export { WhoisService } from './whois.service';
export { WhoisQueue } from './whois.queue';

export { ProxyReserveInUse } from './proxy-reserve-in-use';
export { PG_PROXY_ADDRESS_CHANNEL, ProxyAddressRelay } from './proxy-address-relay';

export const WHOIS_PROVIDERS: Provider[] = [ProxyAddressRelay, ProxyIdentityRepository, ProxyReserveInUse, PublicWhoisRepository, RegistryContacts, WhoisDomainRepository, WhoisService, WhoisOrgService, WhoisQueue];
export const WHOIS_CONTROLLERS: Type[] = [PublicWhoisRpcController, WhoisRpcController];
