import { createHash } from 'node:crypto';

export type NameClass = 'invalid' | 'reserved' | 'premium' | 'taken' | 'free';

/** Names registered at every registry, whatever the TLD. */
const WELL_KNOWN = new Set([
  'google', 'amazon', 'yahoo', 'facebook', 'apple', 'microsoft', 'netflix', 'twitter', 'instagram', 'youtube', 'github', 'openai',
  'rakuten', 'sony', 'toyota', 'honda', 'nintendo', 'line', 'mercari', 'docomo', 'softbank', 'kddi', 'au', 'nikkei', 'asahi', 'yomiuri',
  'uniqlo', 'panasonic', 'hitachi', 'toshiba', 'canon', 'nissan', 'mizuho', 'smbc', 'mufg', 'jal', 'ana', 'jr', 'nhk', 'fujitsu', 'nec',
  'onamae', 'muumuu', 'sakura', 'xserver', 'conoha', 'gmo', 'rakko', 'hello', 'world', 'test', 'domain', 'mail', 'shop', 'blog', 'news',
]);

/** Registry-reserved labels: never available. */
const RESERVED = new Set(['nic', 'whois', 'www', 'registry', 'rdap', 'iana', 'icann', 'localhost', 'example', 'invalid', 'jprs', 'root', 'dns', 'epp']);

/** Premium labels: the registry asks a premium price (no fee extension here, so they cannot be created). */
const PREMIUM = new Set(['ai', 'app', 'bank', 'car', 'cars', 'casino', 'crypto', 'game', 'games', 'hotel', 'japan', 'tokyo', 'osaka', 'sushi', 'love', 'money', 'poker', 'sex', 'vip', 'web3', 'nft', 'travel', 'insurance', 'loan']);

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** RFC 1035/5891 syntax of an ASCII domain name (A-labels for IDNs). */
export function validAsciiName(name: string): boolean {
  if (name.length > 253 || !/^[\x21-\x7e]+$/.test(name)) return false;
  const labels = name.split('.');
  if (labels.length < 2) return false;
  return labels.every((l) => LABEL.test(l) && !(l.length >= 4 && l[2] === '-' && l[3] === '-' && !l.startsWith('xn--')));
}

/**
 * Classifies a name that is not in the registry's database: registry-reserved, premium, already registered
 * elsewhere (well-known names, and a deterministic share of all others so that searches show a realistic mix), or free.
 */
export function classifyUnregistered(asciiName: string, tld: string, takenShare: number): NameClass {
  const label = asciiName.slice(0, asciiName.length - tld.length - 1);
  if (!label || label.includes('.')) return label ? classifySub(label) : 'invalid';
  if (RESERVED.has(label) || label.length === 1) return 'reserved';
  if (WELL_KNOWN.has(label)) return 'taken';
  if (PREMIUM.has(label) || label.length === 2) return 'premium';
  return hashShare(asciiName) < takenShare ? 'taken' : 'free';
}

function classifySub(_label: string): NameClass {
  return 'invalid';
}

/** a stable number in [0, 1) for a name */
export function hashShare(name: string): number {
  return createHash('sha1').update(name).digest().readUInt32BE(0) / 0x1_0000_0000;
}

export const CHECK_REASON: Record<Exclude<NameClass, 'free'>, string> = {
  invalid: 'Invalid domain name',
  reserved: 'Reserved name',
  premium: 'Premium name',
  taken: 'In use',
};
