import { domainToASCII, domainToUnicode } from 'node:url';

export interface NormalisedDomain {
  /** as the member sees it (Unicode for IDNs) */
  name: string;
  punycode: string;
  /** the TLD in Unicode (co.jp for second-level JP names) */
  tld: string;
}

const SECOND_LEVEL_JP = new Set(['co', 'or', 'ne', 'ac', 'ad', 'ed', 'go', 'gr', 'lg']);

/** Trims, lower-cases and converts to punycode; null when the name cannot be a registrable domain. */
export function normaliseDomain(input: string): NormalisedDomain | null {
  const trimmed = String(input ?? '').normalize('NFKC').trim().toLowerCase().replace(/\.$/, '');
  if (!trimmed || /\s/.test(trimmed) || trimmed.length > 253) return null;
  const ascii = domainToASCII(trimmed);
  if (!ascii || !ascii.includes('.')) return null;
  const labels = ascii.split('.');
  if (labels.some((l) => !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l))) return null;
  const name = domainToUnicode(ascii);
  const parts = name.split('.');
  const tld = parts.length >= 3 && parts.at(-1) === 'jp' && SECOND_LEVEL_JP.has(parts.at(-2)!) ? parts.slice(-2).join('.') : parts.at(-1)!;
  return { name, punycode: ascii, tld };
}
