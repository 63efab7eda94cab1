/**
 * BIND zone files in and out (issue 29, item 3): a parser that keeps line numbers (RFC 1035 §5.1 master files: $ORIGIN,
 * $TTL, relative names and '@', the owner carried over by a line starting with a blank, TTL and class in either order,
 * multi-line parentheses, quoted strings with ';' and escapes inside, comments) and a serializer of our records.
 * Pure functions: the dns service validates the parsed records with the shared rules (libs/rules/src/dns.ts) exactly as
 * the DNS form is validated. Why hand-written: ADR 0022.
 */
import { fmt, M } from '@registrar/messages';
import { DNS_TTL, DNS_TYPE, DnsRecord, DnsRecordInput, dnsTypeName, normaliseDnsRecord, ownerOf, relativeHost } from '@registrar/rules';
import { SOA, txtContent } from '../zones/zone-content';

/** One problem of a line (its number counts from 1). */
export interface ZoneFileIssue {
  line: number;
  message: string;
}

/** A record read from the file, in the form's fields, with the line it starts on. */
export interface ZoneFileRecord {
  line: number;
  input: DnsRecordInput;
}

export interface ZoneFileParse {
  records: ZoneFileRecord[];
  /** lines that cannot be read: the import refuses the whole file */
  errors: ZoneFileIssue[];
  /** lines read but left out on purpose (SOA, the apex NS, DNSSEC records, DS): shown in the preview, not an error */
  skipped: ZoneFileIssue[];
}

/** The largest file read (bytes of text); a 10,000-record zone is about 0.5 MB. */
export const ZONE_FILE_MAX_BYTES = 4 * 1024 * 1024;

interface Token {
  text: string;
  quoted: boolean;
}
interface Entry {
  line: number;
  /** the physical line started with a blank: the owner is the previous one */
  blankOwner: boolean;
  tokens: Token[];
}

/** Splits the text into entries (one per record, parentheses joining lines), comments dropped, quotes and escapes read. */
function tokenize(text: string, errors: ZoneFileIssue[]): Entry[] {
  const entries: Entry[] = [];
  let line = 1;
  let cur: Entry | null = null;
  let depth = 0;
  let parenLine = 0;
  let tok: Token | null = null;
  let atLineStart = true;
  const flushToken = () => {
    if (tok && cur) cur.tokens.push(tok);
    tok = null;
  };
  const endEntry = () => {
    flushToken();
    if (cur && cur.tokens.length) entries.push(cur);
    cur = null;
  };
  const ensureEntry = (blank: boolean) => {
    if (!cur) cur = { line, blankOwner: blank, tokens: [] };
  };
  let lineBroken = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text[i];
    if (c === '\r' && text[i + 1] === '\n') continue;
    if (c === '\n' || c === '\r') {
      flushToken();
      if (depth === 0) endEntry();
      line++;
      atLineStart = true;
      lineBroken = false;
      continue;
    }
    if (lineBroken) continue;
    if (c === ' ' || c === '\t') {
      if (atLineStart && depth === 0) ensureEntry(true);
      atLineStart = false;
      flushToken();
      continue;
    }
    const wasLineStart = atLineStart;
    atLineStart = false;
    if (c === ';') {
      flushToken();
      lineBroken = true;
      continue;
    }
    if (depth === 0 && wasLineStart) ensureEntry(false);
    ensureEntry(false);
    if (c === '(') {
      flushToken();
      if (depth === 0) parenLine = line;
      depth++;
      continue;
    }
    if (c === ')') {
      flushToken();
      if (depth === 0) {
        errors.push({ line, message: M.zoneFileParenClose });
        cur = null;
        lineBroken = true;
        continue;
      }
      depth--;
      continue;
    }
    if (c === '"') {
      flushToken();
      // a quoted string: up to the closing quote on the same line, escapes read
      let s = '';
      let j = i + 1;
      let closed = false;
      for (; j < n; j++) {
        const d = text[j];
        if (d === '\n' || d === '\r') break;
        if (d === '"') { closed = true; break; }
        if (d === '\\') {
          const esc = readEscape(text, j);
          s += esc.value;
          j = esc.end;
          continue;
        }
        s += d;
      }
      if (!closed) {
        errors.push({ line, message: M.zoneFileQuote });
        cur = null;
        depth = 0;
        lineBroken = true;
        i = j - 1;
        continue;
      }
      cur!.tokens.push({ text: s, quoted: true });
      i = j;
      continue;
    }
    if (c === '\\') {
      const esc = readEscape(text, i);
      tok = tok ?? { text: '', quoted: false };
      tok.text += esc.value;
      i = esc.end;
      continue;
    }
    tok = tok ?? { text: '', quoted: false };
    tok.text += c;
  }
  flushToken();
  if (depth > 0) {
    errors.push({ line: parenLine, message: M.zoneFileParenOpen });
    cur = null;
  }
  endEntry();
  return entries;
}

/** `\DDD` (a decimal byte) or `\X` (X itself) at text[i] === '\\'. */
function readEscape(text: string, i: number): { value: string; end: number } {
  const ddd = /^\d{3}/.exec(text.slice(i + 1, i + 4));
  if (ddd) return { value: String.fromCharCode(Math.min(255, Number(ddd[0]))), end: i + 3 };
  const next = text[i + 1];
  if (next === undefined || next === '\n' || next === '\r') return { value: '', end: i };
  return { value: next, end: i + 1 };
}

const TTL_UNITS: Record<string, number> = { s: 1, m: 60, h: 3_600, d: 86_400, w: 604_800 };

/** A TTL in seconds: '3600' or BIND units ('1h', '1h30m', '2D'); null when it is not a TTL. */
export function parseTtl(s: string): number | null {
  if (/^\d+$/.test(s)) return Number(s);
  if (!/^(\d+[smhdw])+$/i.test(s)) return null;
  let total = 0;
  for (const m of s.toLowerCase().matchAll(/(\d+)([smhdw])/g)) total += Number(m[1]) * TTL_UNITS[m[2]];
  return total;
}

const CLASSES = new Set(['IN', 'CH', 'HS', 'CS']);
/** Records of a signed zone and of the parent: PowerDNS makes the DNSSEC ones itself, DS goes to the registry. */
const DNSSEC_TYPES = new Set(['DNSKEY', 'RRSIG', 'NSEC', 'NSEC3', 'NSEC3PARAM', 'CDS', 'CDNSKEY', 'ZONEMD']);
const SUPPORTED = new Set(['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'NS']);

const lower = (s: string) => s.toLowerCase();

/** An absolute name without the trailing dot ('' for the root) from a name of the file, relative to the origin. */
function absolute(name: string, origin: string): string {
  const n = lower(name);
  if (n === '@') return origin;
  if (n.endsWith('.')) return n.slice(0, -1);
  return origin ? `${n}.${origin}` : n;
}

/**
 * Reads a zone file for `zone`. Records come out in the form's fields (host relative to the zone, names of values
 * absolute without the trailing dot); the caller validates them with the shared rules and maps their errors to lines.
 */
export function parseZoneFile(text: string, zone: string): ZoneFileParse {
  const z = lower(zone).replace(/\.$/, '');
  const errors: ZoneFileIssue[] = [];
  const skipped: ZoneFileIssue[] = [];
  const records: ZoneFileRecord[] = [];
  let origin = z;
  let defaultTtl: number | null = null;
  let lastTtl: number | null = null;
  let lastOwner: string | null = null;
  for (const e of tokenize(text, errors)) {
    const t = e.tokens;
    const err = (message: string) => errors.push({ line: e.line, message });
    const first = t[0];
    if (!e.blankOwner && !first.quoted && first.text.startsWith('$')) {
      const directive = first.text.toUpperCase();
      if (directive === '$ORIGIN') {
        if (t.length !== 2 || t[1].quoted) { err(M.zoneFileOrigin); continue; }
        origin = absolute(t[1].text, origin);
      } else if (directive === '$TTL') {
        const ttl = t.length === 2 ? parseTtl(t[1].text) : null;
        if (ttl === null) { err(M.zoneFileTtl); continue; }
        defaultTtl = ttl;
      } else {
        err(fmt(M.zoneFileDirective, { directive: first.text }));
      }
      continue;
    }
    let k = 0;
    let owner: string;
    if (e.blankOwner) {
      if (lastOwner === null) { err(M.zoneFileNoOwner); continue; }
      owner = lastOwner;
    } else {
      owner = absolute(t[0].text, origin);
      k = 1;
    }
    lastOwner = owner;
    let ttl: number | null = null;
    for (let g = 0; g < 2 && k < t.length; g++) {
      const word = t[k].text.toUpperCase();
      if (t[k].quoted) break;
      if (CLASSES.has(word)) {
        if (word !== 'IN') { err(fmt(M.zoneFileClass, { cls: t[k].text })); ttl = -1; break; }
        k++;
        continue;
      }
      const v = parseTtl(t[k].text);
      if (v !== null && ttl === null) { ttl = v; k++; continue; }
      break;
    }
    if (ttl === -1) continue;
    if (k >= t.length) { err(M.zoneFileNoType); continue; }
    const type = t[k].text.toUpperCase();
    const rdata = t.slice(k + 1);
    if (ttl !== null) lastTtl = ttl;
    const effectiveTtl = ttl ?? defaultTtl ?? lastTtl ?? DNS_TTL.default;
    const host = relativeHost(`${owner}.`, z);
    if (type === 'SOA') {
      if (host !== '') err(fmt(M.dnsOutOfZone, { host: owner, zone: z }));
      else skipped.push({ line: e.line, message: M.zoneFileSoaSkipped });
      continue;
    }
    if (DNSSEC_TYPES.has(type)) { skipped.push({ line: e.line, message: fmt(M.zoneFileDnssecSkipped, { TYPE: type }) }); continue; }
    if (type === 'DS') { skipped.push({ line: e.line, message: M.zoneFileDsSkipped }); continue; }
    if (!SUPPORTED.has(type)) { err(fmt(M.zoneFileUnsupportedType, { TYPE: t[k].text })); continue; }
    if (host === null) { err(fmt(M.dnsOutOfZone, { host: owner, zone: z })); continue; }
    if (type === 'NS' && host === '') { skipped.push({ line: e.line, message: M.zoneFileApexNsSkipped }); continue; }
    const count = (want: number) => {
      if (rdata.length === want) return true;
      err(fmt(M.zoneFileRdataCount, { TYPE: type }));
      return false;
    };
    const name = (s: Token) => absolute(s.text, origin);
    const base = { host_name: host, recode_type: DNS_TYPE[type as keyof typeof DNS_TYPE], ttl: effectiveTtl } as const;
    let input: DnsRecordInput;
    switch (type) {
      case 'A':
      case 'AAAA':
        if (!count(1)) continue;
        input = { ...base, record: rdata[0].text };
        break;
      case 'CNAME':
      case 'NS':
        if (!count(1)) continue;
        input = { ...base, record: name(rdata[0]) };
        break;
      case 'MX':
        if (!count(2)) continue;
        input = { ...base, priority: rdata[0].text, record: name(rdata[1]) };
        break;
      case 'SRV': {
        if (!count(4)) continue;
        const labels = host.split('.');
        if (labels.length < 2 || !labels[0].startsWith('_') || !labels[1].startsWith('_')) { err(M.dnsSrvNames); continue; }
        const target = rdata[3].text === '.' ? '.' : name(rdata[3]);
        input = { ...base, host_name: labels.slice(2).join('.'), service_name: labels[0], protocol: labels[1], priority: rdata[0].text, weight: rdata[1].text, port: rdata[2].text, record: target };
        break;
      }
      case 'TXT':
        if (!rdata.length) { err(fmt(M.zoneFileRdataCount, { TYPE: type })); continue; }
        input = { ...base, record: rdata.map((x) => x.text).join('') };
        // the rules read one pair of surrounding quotes as typed by a person: keep a text that has them literally
        if (/^".*"$/s.test(input.record)) input.record = `"${input.record}"`;
        break;
      default:
        continue;
    }
    records.push({ line: e.line, input });
  }
  return { records, errors: errors.sort((a, b) => a.line - b.line), skipped };
}

const dot = (h: string) => (h === '.' ? '.' : `${h}.`);

/** The record data of one of our records as a zone file writes it. */
export function rdataOf(r: DnsRecord): string {
  switch (r.recode_type) {
    case DNS_TYPE.CNAME:
    case DNS_TYPE.NS:
      return dot(r.record);
    case DNS_TYPE.MX:
      return `${r.priority ?? 10} ${dot(r.record)}`;
    case DNS_TYPE.SRV:
      return `${r.priority ?? 0} ${r.weight ?? 0} ${r.port ?? 0} ${dot(r.record)}`;
    case DNS_TYPE.TXT:
      return txtContent(r.record);
    default:
      return r.record;
  }
}

/**
 * The zone as a BIND zone file: $ORIGIN and $TTL, the SOA and the apex NS records of our name servers (fixed: an import
 * skips them), the member's records (names relative to the origin), DS records as comments (they live in the parent).
 */
export function serializeZone(zone: string, records: DnsRecord[], o: { serial: number; exportedAt: string }): string {
  const z = lower(zone).replace(/\.$/, '');
  const out: string[] = [
    `; ${z} のゾーンファイル（${o.exportedAt} 書き出し）`,
    '; SOAとドメイン名そのもの（@）のNSは当社ネームサーバーの固定値です。読み込むときは無視されます。',
    `$ORIGIN ${z}.`,
    `$TTL ${DNS_TTL.default}`,
    `@\t${SOA.ttl}\tIN\tSOA\t${dot(SOA.mname)} ${dot(SOA.rname)} ${o.serial} ${SOA.refresh} ${SOA.retry} ${SOA.expire} ${SOA.minimum}`,
    ...['01.dnsv.jp', '02.dnsv.jp', '03.dnsv.jp', '04.dnsv.jp'].map((ns) => `@\t${DNS_TTL.default}\tIN\tNS\t${ns}.`),
  ];
  const ds = records.filter((r) => r.recode_type === DNS_TYPE.DS);
  if (ds.length) {
    out.push('; DSレコード（親ゾーンにレジストリ経由で登録。このファイルからは読み込まれません）:');
    for (const r of ds) out.push(`; @\tIN\tDS\t${r.key_tag} ${r.alg} ${r.digest_type} ${r.digest}`);
  }
  for (const r of records) {
    if (r.fixed || r.recode_type === DNS_TYPE.DS) continue;
    const type = dnsTypeName(r.recode_type);
    if (!type) continue;
    const owner = ownerOf(r) || '@';
    out.push(`${owner}\t${r.ttl}\tIN\t${type}\t${rdataOf(r)}`);
  }
  return `${out.join('\n')}\n`;
}

// ---------- comparing two record lists

export type ZoneChangeKind = 'add' | 'change' | 'remove' | 'same';
export interface ZoneChange {
  kind: ZoneChangeKind;
  before?: DnsRecord;
  after?: DnsRecord;
  /** the line of the file (import) */
  line?: number;
}

/** What identifies a record apart from its TTL: owner, type and data. */
export function recordKey(r: DnsRecord): string {
  return [ownerOf(r), r.recode_type, rdataOf(r)].join('|');
}
const rrsetKey = (r: DnsRecord) => `${ownerOf(r)}|${r.recode_type}`;

/**
 * The changes from `before` to `after` (both normalised): equal records are 'same' (a TTL differs: 'change'); a record
 * left over at an owner and type where one was removed is a 'change' of that one; the rest are added or removed.
 */
export function diffRecords(before: DnsRecord[], after: { record: DnsRecord; line?: number }[]): ZoneChange[] {
  const out: ZoneChange[] = [];
  const pool = new Map<string, DnsRecord[]>();
  for (const b of before) pool.set(recordKey(b), [...(pool.get(recordKey(b)) ?? []), b]);
  const leftAfter: { record: DnsRecord; line?: number }[] = [];
  for (const a of after) {
    const list = pool.get(recordKey(a.record));
    const b = list?.shift();
    if (b) out.push({ kind: b.ttl === a.record.ttl ? 'same' : 'change', before: b, after: a.record, line: a.line });
    else leftAfter.push(a);
  }
  const leftBefore = new Map<string, DnsRecord[]>();
  for (const list of pool.values()) for (const b of list) leftBefore.set(rrsetKey(b), [...(leftBefore.get(rrsetKey(b)) ?? []), b]);
  for (const a of leftAfter) {
    const b = leftBefore.get(rrsetKey(a.record))?.shift();
    out.push(b ? { kind: 'change', before: b, after: a.record, line: a.line } : { kind: 'add', after: a.record, line: a.line });
  }
  for (const list of leftBefore.values()) for (const b of list) out.push({ kind: 'remove', before: b });
  return out;
}

/** Normalises records as the rules do (the form's defaults), without ids. */
export function normaliseAll(inputs: DnsRecordInput[], zone: string): DnsRecord[] {
  return inputs.map((r) => {
    const { id: _id, fixed: _f, ...n } = normaliseDnsRecord(r, zone);
    return n;
  });
}
