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

export interface PublicContactRecord {
  /** registry contact id (ROID-like handle we publish) */
  handle: string;
  name: string;
  organization: string | null;
  email: string;
  /** E.164 in the EPP form, +81.312345678 */
  phone: string | null;
  fax: string | null;
  street: string[];
  city: string;
  sp: string | null;
  pc: string | null;
  cc: string;
  /** true: the privacy proxy service standing in for the holder */
  proxy: boolean;
}

export type PublicContactRole = 'registrant' | 'administrative' | 'technical' | 'billing';

export interface PublicDomainRecord {
  /** ASCII (A-label) form */
  ldhName: string;
  /** Unicode form when internationalised, else null */
  unicodeName: string | null;
  /** the registry's id (ROID) when known, else ours */
  handle: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string | null;
  /** EPP-style statuses: ok, clientTransferProhibited, pendingCreate … */
  statuses: string[];
  nameServers: string[];
  /** the privacy proxy is on: contacts are the proxy service */
  proxy: boolean;
  contacts: Array<{ role: PublicContactRole; contact: PublicContactRecord }>;
}

export interface PublicNameserverRecord {
  ldhName: string;
  /** how many of our domains delegate to it */
  domains: number;
}
