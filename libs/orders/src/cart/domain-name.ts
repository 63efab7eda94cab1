import { readDomainName } from '@registrar/rules';

export interface NormalisedDomain {
  /** as the member sees it (Unicode for IDNs) */
  name: string;
  punycode: string;
  /** the TLD in Unicode (co.jp for second-level JP names) */
  tld: string;
}

/** The cart's view of the one domain-name rule (libs/rules parseDomainName); null when the name cannot be registered. */
export function normaliseDomain(input: string): NormalisedDomain | null {
  const d = readDomainName(input);
  return d ? { name: d.name, punycode: d.punycode, tld: d.tld } : null;
}
