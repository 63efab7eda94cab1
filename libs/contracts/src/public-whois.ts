import type { RdapContactInput, RdapDomainInput, RdapDomainSummary, RdapRole } from '@registrar/rules';

/**
 * Public WHOIS of the domains we sponsor (issue 17; docs/public-whois.md): what RDAP (/rdap/...), the port-43 server
 * and the WHOIS lookup page publish, read from domain-ops. The privacy proxy is applied by the service: a proxied
 * domain's contacts are the proxy service with the domain's own proxy address, never the member's contact.
 */
export const PublicWhoisPatterns = {
  /** { name } (ASCII form) -> PublicDomainRecord | null (null: not a domain we sponsor) */
  Domain: 'domain-ops.public-whois.domain',
  /** { handle } -> PublicContactRecord | null (only contacts some domain of ours publishes) */
  Entity: 'domain-ops.public-whois.entity',
  /** { name } (host name) -> PublicNameserverRecord | null (a name server of a domain of ours) */
  Nameserver: 'domain-ops.public-whois.nameserver',
} as const;
export type PublicWhoisPattern = (typeof PublicWhoisPatterns)[keyof typeof PublicWhoisPatterns];

/**
 * What domain-ops publishes of a domain and its contacts: exactly what the RDAP and port-43 renderings of
 * @registrar/rules take, so a record is rendered as read.
 */
export type PublicContactRecord = RdapContactInput;
export type PublicContactRole = RdapRole;
export type PublicDomainRecord = RdapDomainInput & {
  /** the privacy proxy is on: contacts are the proxy service */
  proxy: boolean;
  contacts: Array<{ role: PublicContactRole; contact: PublicContactRecord }>;
};

export interface PublicNameserverRecord {
  ldhName: string;
  /** how many of our domains delegate to it */
  domains: number;
}

/** POST whois/search (002 §7), the WHOIS lookup page's call: { result: { result, data }, error_msg } */
export interface WhoisLookupData {
  /** the name asked about (display form) */
  domain: string;
  punycode: string;
  registered: boolean;
  /** whose answer is shown: the sponsoring registrar's (followed from the registry's link) or the registry's */
  source: 'registrar' | 'registry' | null;
  registrar: string | null;
  /** the WHOIS text (key: value lines) */
  text: string;
  /** the RDAP URL of the answer shown */
  rdapUrl: string | null;
  /** the main facts of the answer (registrar, dates, statuses, name servers, registrant); null when not registered */
  summary: RdapDomainSummary | null;
}

export interface WhoisSearchResult {
  result: { result: boolean; data: WhoisLookupData | null };
  error_msg: string[];
}
