/**
 * THE domain-name rule: the one function every entry point uses to read a full domain name (search, cart, estimate,
 * order, and every later screen or API that takes a name). It normalises what a person typed (full-width letters,
 * Japanese full stops, case, spaces around dots, a trailing dot) and accepts a name only when every label is one a
 * registry accepts:
 *
 * - ASCII labels: letters, digits and hyphens, 1-63 characters, no hyphen at either end, and no `??--` prefix except
 *   `xn--`;
 * - `xn--` labels: must decode (punycode), the decoded label must be a valid Unicode label, and encoding it again must
 *   give back the same A-label (so `xn--sec426190` is refused);
 * - Unicode labels: letters, marks and digits of any script plus hyphens and the prolonged sound mark, whose A-label
 *   fits in 63 characters;
 * - the whole ASCII name at most 253 characters, with at least a label and a TLD.
 *
 * The result carries both forms (Unicode for display, punycode for the registry) and the TLD as the catalogue names
 * it (co.jp for organisational .jp names), so rules that depend on the name (periods, .co.jp prerequisites) read one
 * input whatever form the member typed.
 */
import punycode from 'punycode/';
import { M } from '@registrar/messages';

export type DomainRuleResult<T> = { ok: true; value: T } | { ok: false; error: string };

export interface DomainName {
  /** display form, e.g. 日本語.jp */
  name: string;
  /** ASCII form, e.g. xn--wgv71a119e.jp */
  punycode: string;
  /** the part before the TLD in display form, e.g. 日本語 (may contain dots for a sub-domain) */
  label: string;
  labelPunycode: string;
  /** the TLD as the catalogue names it (co.jp for organisational second-level .jp names) */
  tld: string;
  tldPunycode: string;
  /** some label is internationalised */
  idn: boolean;
}

export const MAX_DOMAIN_LENGTH = 253;
export const MAX_LABEL_LENGTH = 63;

const DOT_VARIANTS = /[\u3002\uFF61\uFF0E]/g;
const WHITESPACE = /[\s\u3000]/;
const ASCII_ONLY = /^[\x00-\x7f]*$/;
const LDH_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** Unicode labels: letters, marks and digits of any script, hyphens, and the Japanese prolonged sound mark. */
const IDN_LABEL = /^(?!-)[\p{L}\p{M}\p{N}\u30FC-]+(?<!-)$/u;
const SECOND_LEVEL_JP = new Set(['co', 'or', 'ne', 'ac', 'ad', 'ed', 'go', 'gr', 'lg']);

/**
 * Full-width to half-width (NFKC: Ｅｘａｍｐｌｅ -> Example, half-width katakana -> full-width), Japanese full stops to
 * dots, lower case, and each dot-separated part trimmed.
 */
export function normaliseDomainInput(raw: string): string {
  return String(raw ?? '')
    .normalize('NFKC')
    .replace(DOT_VARIANTS, '.')
    .toLowerCase()
    .trim()
    .split('.')
    .map((part) => part.trim())
    .join('.');
}

function decodeALabel(label: string): string | null {
  try {
    return punycode.decode(label.slice(4));
  } catch {
    return null;
  }
}

function validUnicodeLabel(label: string): boolean {
  if (!IDN_LABEL.test(label) || label.normalize('NFKC') !== label) return false;
  let ascii: string;
  try {
    ascii = punycode.toASCII(label);
  } catch {
    return false;
  }
  return ascii.length <= MAX_LABEL_LENGTH;
}

/**
 * One label, in either form, as a registry would accept it: its A-label and U-label; null when it is not a valid label.
 */
export function readLabel(label: string): { ascii: string; unicode: string } | null {
  if (!label) return null;
  if (ASCII_ONLY.test(label)) {
    const l = label.toLowerCase();
    if (!LDH_LABEL.test(l)) return null;
    if (/^..--/.test(l)) {
      if (!l.startsWith('xn--')) return null;
      const unicode = decodeALabel(l);
      // the decoded label must be a real IDN label (not plain ASCII) and encode back to the very same A-label
      if (!unicode || ASCII_ONLY.test(unicode) || !validUnicodeLabel(unicode)) return null;
      if ('xn--' + punycode.encode(unicode) !== l) return null;
      return { ascii: l, unicode };
    }
    return { ascii: l, unicode: l };
  }
  if (!validUnicodeLabel(label)) return null;
  return { ascii: punycode.toASCII(label), unicode: label };
}

/** Whether a label (either form) is one the registries accept. */
export function isValidLabel(label: string): boolean {
  return readLabel(label) !== null;
}

/** The TLD of a name as the catalogue names it (co.jp for organisational second-level .jp names). */
export function catalogueTldOf(parts: readonly string[]): number {
  return parts.length >= 3 && parts.at(-1) === 'jp' && SECOND_LEVEL_JP.has(parts.at(-2)!) ? 2 : 1;
}

/**
 * Reads a full domain name (label + TLD) in either form. Refusals carry the search form's messages: a name without a
 * TLD gives 'TLDを含めたドメイン名を入力してください', white space '空白を含む…', anything else
 * 'ドメイン名を正しくご入力ください'.
 */
export function parseDomainName(raw: string): DomainRuleResult<DomainName> {
  const trimmed = String(raw ?? '').normalize('NFKC').trim();
  if (!trimmed) return { ok: false, error: M.enterDomainCorrectly };
  if (WHITESPACE.test(trimmed)) return { ok: false, error: M.keywordWhitespace };
  const normalised = normaliseDomainInput(trimmed).replace(/\.$/, '');
  const parts = normalised.split('.');
  if (parts.length < 2 || !parts.at(-1)) return { ok: false, error: M.includeTld };
  const read = parts.map(readLabel);
  if (read.some((r) => r === null)) return { ok: false, error: M.enterDomainCorrectly };
  const labels = read as { ascii: string; unicode: string }[];
  const ascii = labels.map((l) => l.ascii).join('.');
  if (ascii.length > MAX_DOMAIN_LENGTH) return { ok: false, error: M.enterDomainCorrectly };
  const tldCount = catalogueTldOf(labels.map((l) => l.unicode));
  if (labels.length <= tldCount) return { ok: false, error: M.includeTld };
  const head = labels.slice(0, -tldCount);
  const tail = labels.slice(-tldCount);
  return {
    ok: true,
    value: {
      name: labels.map((l) => l.unicode).join('.'),
      punycode: ascii,
      label: head.map((l) => l.unicode).join('.'),
      labelPunycode: head.map((l) => l.ascii).join('.'),
      tld: tail.map((l) => l.unicode).join('.'),
      tldPunycode: tail.map((l) => l.ascii).join('.'),
      idn: labels.some((l) => l.ascii !== l.unicode),
    },
  };
}

/** parseDomainName's value, or null when the name is refused. */
export function readDomainName(raw: string): DomainName | null {
  const r = parseDomainName(raw);
  return r.ok ? r.value : null;
}

/** The ASCII (punycode) form of a name in either form; the input unchanged when it is not a valid domain name. */
export function asciiDomain(raw: string): string {
  return readDomainName(raw)?.punycode ?? normaliseDomainInput(raw);
}
