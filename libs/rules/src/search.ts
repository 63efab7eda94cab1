/**
 * Domain search input rules (000 §5 "Search", 002 §5): normalisation, keyword and bulk validation, IDN <-> punycode.
 * Used by the web form (instant feedback) and by the server (the authority).
 */
import punycode from 'punycode/';
import { M } from '@registrar/messages';
import { normaliseDomainInput, parseDomainName, readLabel } from './domain-name';

/** Bulk registration check: at most this many lines (000 §9). */
export const BULK_MAX_LINES = 500;
/** Restricted variant: bulk registration at this many domains at a time (000 §5), an operator setting. */
export const BULK_AT_A_TIME = 5;
/** Availability checks are sent this many TLDs per request (000 §9). */
export const CHECK_BATCH_SIZE = 25;

/** One name the search will check: the label (second-level part) and the TLD, each in display (Unicode) and ASCII form. */
export interface SearchName {
  /** full display name, e.g. 日本語.jp */
  name: string;
  /** full ASCII name, e.g. xn--wgv71a119e.jp */
  punycode: string;
  /** the part before the TLD, e.g. 日本語 */
  label: string;
  labelPunycode: string;
  /** the TLD in display form (may contain dots, e.g. co.jp); null for a keyword without one */
  tld: string | null;
  tldPunycode: string | null;
  /** the label is an internationalised (non-ASCII) name */
  idn: boolean;
}

export type RuleResult<T> = { ok: true; value: T } | { ok: false; error: string };

const ok = <T>(value: T): RuleResult<T> => ({ ok: true, value });
const fail = <T>(error: string): RuleResult<T> => ({ ok: false, error });

const WHITESPACE = /[\s\u3000]/;

export function toPunycode(name: string): string {
  return punycode.toASCII(name);
}

/** Display form of an ASCII name (xn--wgv71a119e.jp -> 日本語.jp); names that do not decode are returned unchanged. */
export function toUnicode(name: string): string {
  try {
    return punycode.toUnicode(name);
  } catch {
    return name;
  }
}

function toSearchName(label: string, tld: string | null): SearchName {
  const labelPunycode = toPunycode(label);
  const tldPunycode = tld === null ? null : toPunycode(tld);
  const name = tld === null ? label : `${label}.${tld}`;
  return {
    name,
    punycode: tldPunycode === null ? labelPunycode : `${labelPunycode}.${tldPunycode}`,
    label,
    labelPunycode,
    tld,
    tldPunycode,
    idn: labelPunycode !== label,
  };
}

/**
 * Keyword tab (search type 1): one keyword, searched across every TLD. A keyword may carry a TLD (example.com), which
 * the search shows first. xn-- labels are shown in their Unicode form.
 */
export function parseKeyword(raw: string): RuleResult<SearchName> {
  const trimmed = raw.normalize('NFKC').trim();
  if (!trimmed) return fail(M.enterDomainCorrectly);
  if (WHITESPACE.test(trimmed)) return fail(M.keywordWhitespace);
  const normalised = normaliseDomainInput(trimmed).replace(/\.$/, '');
  const parts = normalised.split('.');
  if (parts.some((p) => !p)) return fail(M.enterDomainCorrectly);
  const labels = parts.map(readLabel);
  if (labels.some((l) => l === null)) return fail(M.enterDomainCorrectly);
  if (parts.length > 1 && !parseDomainName(normalised).ok) return fail(M.enterDomainCorrectly);
  const unicode = labels.map((l) => l!.unicode);
  const label = unicode[0];
  const tld = unicode.length > 1 ? unicode.slice(1).join('.') : null;
  return ok(toSearchName(label, tld));
}

/** Options of the bulk rules: the 5-domains-at-a-time restriction is an operator setting, off by default. */
export interface BulkOptions {
  fiveAtATime?: boolean;
}

/**
 * Bulk tab (search type 2): one domain a line, each line also split on white space. Empty input, more than 500 lines,
 * a token without a TLD, and (when restricted) more than 5 domains are refused with the spec's messages.
 * Duplicates are dropped, keeping the first.
 */
export function parseBulk(raw: string, options: BulkOptions = {}): RuleResult<SearchName[]> {
  const lines = raw.split(/\r\n|\r|\n/).map((l) => l.normalize('NFKC').trim()).filter((l) => l.length > 0);
  if (lines.length === 0) return fail(M.enterDomainCorrectly);
  if (lines.length > BULK_MAX_LINES) return fail(M.bulkMax500);
  const tokens = lines.flatMap((l) => l.split(/[\s\u3000]+/)).filter(Boolean);
  const names: SearchName[] = [];
  const seen = new Set<string>();
  for (const token of tokens) {
    const normalised = normaliseDomainInput(token).replace(/\.$/, '');
    const dot = normalised.indexOf('.');
    if (dot < 0 || dot === normalised.length - 1) return fail(M.includeTld);
    const parsed = parseDomainName(normalised);
    if (!parsed.ok) return fail(parsed.error === M.includeTld ? M.includeTld : M.enterDomainCorrectly);
    const unicode = parsed.value.name.split('.');
    const label = unicode[0];
    const tld = unicode.slice(1).join('.');
    const name = toSearchName(label, tld);
    if (seen.has(name.punycode)) continue;
    seen.add(name.punycode);
    names.push(name);
  }
  if (options.fiveAtATime && names.length > BULK_AT_A_TIME) return fail(M.bulkFiveAtATime);
  return ok(names);
}

/**
 * Whether a label can be checked under a TLD. A Japanese (IDN) label is only checked under a TLD that accepts IDN
 * labels; otherwise the row gets a null status and is not checked (000 §4; see docs/adr/0004-availability-search.md).
 */
export function isCheckable(name: { idn: boolean }, tld: { is_idn: boolean }): boolean {
  return !name.idn || tld.is_idn;
}

/** Splits a list into consecutive chunks of at most `size` items. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (size < 1) throw new RangeError('chunk size must be at least 1');
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Why a searched name cannot be registered (issue 26: a bare ✕ said nothing). */
export type UnavailableReason = 'taken' | 'reserved' | 'premium' | 'invalid';
export const UNAVAILABLE_REASON_LABELS: Record<UnavailableReason, string> = {
  taken: '取得済み',
  reserved: '予約済み',
  premium: 'プレミアム',
  invalid: '登録できない名前',
};

/** The registry's domain:check reason (RFC 5731 free text, e.g. "In use", "Reserved name") as one of ours; taken by default. */
export function unavailableReasonOf(registryReason: string | null | undefined): UnavailableReason {
  const r = (registryReason ?? '').toLowerCase();
  if (r.includes('premium')) return 'premium';
  if (r.includes('reserved') || r.includes('restricted') || r.includes('blocked')) return 'reserved';
  if (r.includes('invalid') || r.includes('not served') || r.includes('syntax')) return 'invalid';
  return 'taken';
}

/**
 * The TLD registration box of the domain list (001 §2): the typed name goes to the search, with the chosen TLD
 * appended when it has no dot ("rakko" + com → "rakko.com"; "rakko.jp" stays). Empty input answers null.
 */
export function registrationBoxQuery(typed: string, tld: string): string | null {
  const name = typed.normalize('NFKC').trim().replace(/^\.+|\.+$/g, '');
  if (!name) return null;
  return name.includes('.') ? name : `${name}.${tld.replace(/^\./, '')}`;
}
