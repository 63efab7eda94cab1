/**
 * DNS record rules (001 spec §3 "DNS record", §5 "DNS", §9), shared by the DNS modal and the dns service, plus the
 * semantic checks a zone needs (a CNAME alone at its name, A is IPv4, AAAA is IPv6, nothing outside the zone).
 */
import { fmt, M } from '@registrar/messages';
import { DEFAULT_NAME_SERVERS } from './purchase';

/** Record type codes of the spec. */
export const DNS_TYPE = { NS: 10, A: 20, CNAME: 30, MX: 40, TXT: 50, AAAA: 60, SRV: 90, DS: 100 } as const;
export type DnsTypeName = keyof typeof DNS_TYPE;
export type DnsTypeCode = (typeof DNS_TYPE)[DnsTypeName];

/** The type choices of the modal (contents.recordType), in the spec's order. */
export const DNS_RECORD_TYPES: { value: DnsTypeCode; label: DnsTypeName }[] = (Object.keys(DNS_TYPE) as DnsTypeName[]).map((k) => ({ value: DNS_TYPE[k], label: k }));

export function dnsTypeName(code: number): DnsTypeName | undefined {
  return DNS_RECORD_TYPES.find((t) => t.value === Number(code))?.label;
}

export const DNS_TTL = { min: 60, max: 86_400, default: 86_400 } as const;
export const DNS_INT_MAX = 65_535;
export const DS_ALGORITHMS = [3, 5, 6, 7, 8, 10, 12, 13, 14] as const;
export const DS_DIGEST_TYPES = [1, 2] as const;
/** Hex characters of a DS digest by digest type (SHA-1 40, SHA-256 64). */
export const DS_DIGEST_LENGTH: Record<number, number> = { 1: 40, 2: 64 };
export const MX_DEFAULT_PRIORITY = 10;
/** Records per zone at most (the fixed NS records not counted). */
export const DNS_MAX_RECORDS = 500;
export const TXT_MAX_LENGTH = 2_000;
/** Our name servers; a domain delegated to them is served by our PowerDNS. */
export const OUR_NAME_SERVERS: readonly string[] = DEFAULT_NAME_SERVERS;

/** One record as the modal edits it and the dispatch call carries it (field names of the spec, `recode_type` included). */
export interface DnsRecordInput {
  id?: number | null;
  host_name: string;
  recode_type: number;
  ttl: number | string | null;
  record: string;
  priority?: number | string | null;
  weight?: number | string | null;
  port?: number | string | null;
  service_name?: string | null;
  protocol?: string | null;
  alg?: number | string | null;
  digest?: string | null;
  digest_type?: number | string | null;
  key_tag?: number | string | null;
  /** the fixed NS records 01-04.dnsv.jp (read only, never deleted) */
  fixed?: boolean;
}

/** A normalised record: integers are numbers, names lowercase without the trailing dot, the host relative to the zone. */
export interface DnsRecord {
  id?: number | null;
  host_name: string;
  recode_type: number;
  ttl: number;
  record: string;
  priority: number | null;
  weight: number | null;
  port: number | null;
  service_name: string | null;
  protocol: string | null;
  alg: number | null;
  digest: string | null;
  digest_type: number | null;
  key_tag: number | null;
  fixed?: boolean;
}

export interface DnsFieldError {
  /** position in the submitted list */
  index: number;
  field: keyof DnsRecordInput | 'row';
  message: string;
}

/** True when every name server of the domain is ours (and it has some): only then do our records answer. */
export function isOurDns(nameServers: readonly string[]): boolean {
  const ns = nameServers.map((n) => n.trim().toLowerCase().replace(/\.$/, '')).filter(Boolean);
  return ns.length > 0 && ns.every((n) => OUR_NAME_SERVERS.includes(n));
}

/** The fixed NS records of every zone we serve. */
export function fixedNsRecords(): DnsRecord[] {
  return OUR_NAME_SERVERS.map((ns) => ({ ...emptyRecord(), host_name: '', recode_type: DNS_TYPE.NS, ttl: DNS_TTL.default, record: ns, fixed: true }));
}

export function emptyRecord(type: number = DNS_TYPE.A): DnsRecord {
  return { host_name: '', recode_type: type, ttl: DNS_TTL.default, record: '', priority: null, weight: null, port: null, service_name: null, protocol: null, alg: null, digest: null, digest_type: null, key_tag: null };
}

/** SRV service and protocol start with an underscore and end with a dot ('sip' -> '_sip.', '_tcp' -> '_tcp.'). */
export function srvLabel(v: string | null | undefined): string {
  const s = String(v ?? '').trim().toLowerCase().replace(/^_+/, '').replace(/\.+$/, '');
  return s ? `_${s}.` : '';
}

function intOrNull(v: unknown): number | null {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
  const n = typeof v === 'number' ? v : Number(String(v).trim());
  return Number.isFinite(n) ? n : NaN;
}

const lowerName = (s: string) => s.trim().toLowerCase().replace(/\.+$/, '');

/**
 * The host relative to the zone: '' for the apex ('@', the zone name, empty), 'www' for 'www', 'www.example.com' or
 * 'www.example.com.'; null when an absolute name (ending with a dot) lies outside the zone.
 */
export function relativeHost(host: string | null | undefined, zone: string): string | null {
  const raw = String(host ?? '').trim().toLowerCase();
  const z = lowerName(zone);
  if (raw === '' || raw === '@' || raw === '@.') return '';
  const absolute = raw.endsWith('.');
  const h = raw.replace(/\.+$/, '');
  if (h === z) return '';
  if (h.endsWith(`.${z}`)) return h.slice(0, -(z.length + 1));
  return absolute ? null : h;
}

/** Normalises one record: defaults of the spec (TTL 86400, MX value = the domain and priority 10), SRV labels, case. */
export function normaliseDnsRecord(r: DnsRecordInput, zone: string): DnsRecord {
  const type = Number(r.recode_type);
  const ttl = intOrNull(r.ttl);
  let record = String(r.record ?? '').trim();
  const out: DnsRecord = {
    id: r.id ?? null,
    host_name: String(r.host_name ?? '').trim().toLowerCase(),
    recode_type: Number.isFinite(type) ? type : 0,
    ttl: ttl === null ? DNS_TTL.default : ttl,
    record,
    priority: intOrNull(r.priority),
    weight: intOrNull(r.weight),
    port: intOrNull(r.port),
    service_name: null,
    protocol: null,
    alg: intOrNull(r.alg),
    digest: r.digest == null ? null : String(r.digest).trim().replace(/\s+/g, '').toUpperCase() || null,
    digest_type: intOrNull(r.digest_type),
    key_tag: intOrNull(r.key_tag),
    ...(r.fixed ? { fixed: true } : {}),
  };
  const rel = relativeHost(out.host_name, zone);
  if (rel !== null) out.host_name = rel;
  switch (type) {
    case DNS_TYPE.MX:
      if (!record) record = lowerName(zone);
      if (out.priority === null) out.priority = MX_DEFAULT_PRIORITY;
      out.record = lowerName(record);
      break;
    case DNS_TYPE.CNAME:
    case DNS_TYPE.NS:
      out.record = lowerName(record);
      break;
    case DNS_TYPE.SRV:
      out.service_name = srvLabel(r.service_name) || null;
      out.protocol = srvLabel(r.protocol) || null;
      out.record = record === '.' ? '.' : lowerName(record);
      break;
    case DNS_TYPE.AAAA:
      out.record = record.toLowerCase();
      break;
    case DNS_TYPE.TXT:
      // one pair of surrounding quotes typed by the user is not part of the text
      out.record = /^".*"$/s.test(record) && record.length >= 2 ? record.slice(1, -1) : record;
      break;
    case DNS_TYPE.DS:
      out.host_name = '';
      break;
  }
  if (type !== DNS_TYPE.MX && type !== DNS_TYPE.SRV) out.priority = null;
  if (type !== DNS_TYPE.SRV) { out.weight = null; out.port = null; }
  if (type !== DNS_TYPE.DS) { out.alg = null; out.digest = null; out.digest_type = null; out.key_tag = null; }
  return out;
}

export function isIPv4(s: string): boolean {
  const parts = s.split('.');
  return parts.length === 4 && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

export function isIPv6(s: string): boolean {
  if (!/^[0-9a-fA-F:.]+$/.test(s) || s.length > 45) return false;
  let v = s;
  // an embedded IPv4 tail counts as two groups
  const v4 = v.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  let extra = 0;
  if (v4) {
    if (!isIPv4(v4[2])) return false;
    v = v4[1] + '0';
    extra = 1;
  }
  const dbl = v.split('::');
  if (dbl.length > 2) return false;
  const groups = (x: string) => (x === '' ? [] : x.split(':'));
  const head = groups(dbl[0]);
  const tail = dbl.length === 2 ? groups(dbl[1]) : [];
  if (![...head, ...tail].every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return false;
  const n = head.length + tail.length + extra;
  return dbl.length === 2 ? n <= 7 : n === 8;
}

const LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;
/** A host name value (CNAME, NS, MX, SRV target): labels of letters, digits, hyphen (and underscore), at most 253. */
export function isHostnameValue(s: string): boolean {
  const h = s.replace(/\.$/, '');
  return h.length > 0 && h.length <= 253 && h.split('.').every((l) => LABEL.test(l));
}

/** A relative owner name: '' (the apex) or labels, a leading '*' allowed as the whole first label. */
function isRelativeHost(h: string): boolean {
  if (h === '') return true;
  return h.split('.').every((l, i) => (i === 0 && l === '*') || LABEL.test(l));
}

/** The owner name of a record relative to the zone ('' is the apex); SRV adds its service and protocol labels. */
export function ownerOf(r: DnsRecord): string {
  if (r.recode_type === DNS_TYPE.SRV) return `${r.service_name ?? ''}${r.protocol ?? ''}${r.host_name}`.replace(/\.$/, '');
  return r.host_name;
}

const FIELD_LABEL: Record<'priority' | 'weight' | 'port' | 'key_tag', string> = { priority: 'PRIORITY', weight: 'WEIGHT', port: 'PORT', key_tag: 'KEY_TAG' };

/**
 * Every error of a zone's record list (the fixed NS records excluded), each tied to its row and field. An empty list
 * means the records can be saved and served.
 */
export function validateDnsRecords(input: DnsRecordInput[], zone: string, opts: { maxRecords?: number } = {}): DnsFieldError[] {
  const errors: DnsFieldError[] = [];
  const z = lowerName(zone);
  const add = (index: number, field: DnsFieldError['field'], message: string) => errors.push({ index, field, message });
  const recs = input.map((r) => normaliseDnsRecord(r, z));
  const editable = recs.filter((r) => !r.fixed).length;
  const max = opts.maxRecords ?? DNS_MAX_RECORDS;
  if (editable > max) add(-1, 'row', fmt(M.dnsTooMany, { max }));
  recs.forEach((r, i) => {
    if (r.fixed) return;
    const name = dnsTypeName(r.recode_type);
    if (!name) return add(i, 'recode_type', M.dnsTypeRequired);
    if (relativeHost(input[i].host_name, z) === null) add(i, 'host_name', fmt(M.dnsOutOfZone, { host: String(input[i].host_name).trim(), zone: z }));
    else if (!isRelativeHost(r.host_name) || `${r.host_name}.${z}`.length > 253) add(i, 'host_name', M.dnsHostName);
    if (!Number.isInteger(r.ttl) || r.ttl < DNS_TTL.min || r.ttl > DNS_TTL.max) add(i, 'ttl', M.dnsTtlRange);
    for (const f of ['priority', 'weight', 'port', 'key_tag'] as const) {
      const v = r[f];
      if (v === null) continue;
      if (!Number.isInteger(v) || v < 0 || v > DNS_INT_MAX) add(i, f, fmt(M.dnsIntMax, { FIELD: FIELD_LABEL[f] }));
    }
    const value = r.record;
    switch (r.recode_type) {
      case DNS_TYPE.A:
        if (!value) add(i, 'record', M.dnsValueRequired);
        else if (!isIPv4(value)) add(i, 'record', M.dnsIpv4);
        break;
      case DNS_TYPE.AAAA:
        if (!value) add(i, 'record', M.dnsValueRequired);
        else if (!isIPv6(value)) add(i, 'record', M.dnsIpv6);
        break;
      case DNS_TYPE.CNAME:
        if (r.host_name === '') add(i, 'host_name', M.dnsCnameApex);
        if (!value) add(i, 'record', M.dnsValueRequired);
        else if (!isHostnameValue(value)) add(i, 'record', fmt(M.dnsHostnameValue, { TYPE: name }));
        break;
      case DNS_TYPE.NS:
        if (r.host_name === '') add(i, 'host_name', M.dnsApexNs);
        if (!value) add(i, 'record', M.dnsValueRequired);
        else if (!isHostnameValue(value)) add(i, 'record', fmt(M.dnsHostnameValue, { TYPE: name }));
        break;
      case DNS_TYPE.MX:
        if (!isHostnameValue(value)) add(i, 'record', fmt(M.dnsHostnameValue, { TYPE: name }));
        break;
      case DNS_TYPE.TXT:
        if (!value) add(i, 'record', M.dnsValueRequired);
        else if (value.length > TXT_MAX_LENGTH) add(i, 'record', fmt(M.dnsTxtTooLong, { max: TXT_MAX_LENGTH }));
        else if (!/^[\x20-\x7e]*$/.test(value)) add(i, 'record', M.dnsTxtAscii);
        break;
      case DNS_TYPE.SRV:
        if (!r.service_name || !r.protocol || !LABEL.test(r.service_name.slice(0, -1)) || !LABEL.test(r.protocol.slice(0, -1))) add(i, 'service_name', M.dnsSrvNames);
        for (const f of ['priority', 'weight', 'port'] as const) if (r[f] === null) add(i, f, fmt(M.dnsIntMax, { FIELD: FIELD_LABEL[f] }));
        if (!value) add(i, 'record', M.dnsValueRequired);
        else if (value !== '.' && !isHostnameValue(value)) add(i, 'record', fmt(M.dnsHostnameValue, { TYPE: name }));
        break;
      case DNS_TYPE.DS:
        if (r.key_tag === null) add(i, 'key_tag', fmt(M.dnsIntMax, { FIELD: FIELD_LABEL.key_tag }));
        if (r.alg === null || !(DS_ALGORITHMS as readonly number[]).includes(r.alg)) add(i, 'alg', M.dnsAlgChoice);
        if (r.digest_type === null || !(DS_DIGEST_TYPES as readonly number[]).includes(r.digest_type)) add(i, 'digest_type', M.dnsDigestTypeChoice);
        else {
          const length = DS_DIGEST_LENGTH[r.digest_type];
          if (!r.digest || r.digest.length !== length || !/^[0-9A-F]+$/.test(r.digest)) add(i, 'digest', fmt(M.dnsDigestLength, { digestType: r.digest_type, length }));
        }
        break;
    }
  });
  // a CNAME is alone at its name; duplicates are refused
  const served = recs.map((r, i) => ({ r, i })).filter(({ r }) => !r.fixed && r.recode_type !== DNS_TYPE.DS && dnsTypeName(r.recode_type));
  const byOwner = new Map<string, { r: DnsRecord; i: number }[]>();
  for (const x of served) byOwner.set(ownerOf(x.r), [...(byOwner.get(ownerOf(x.r)) ?? []), x]);
  for (const [owner, list] of byOwner) {
    const cname = list.find((x) => x.r.recode_type === DNS_TYPE.CNAME);
    if (cname && list.length > 1 && owner !== '') add(cname.i, 'host_name', fmt(M.dnsCnameConflict, { host: owner ? `${owner}.${z}` : z }));
  }
  const seen = new Set<string>();
  recs.forEach((r, i) => {
    if (r.fixed) return;
    const key = [ownerOf(r), r.recode_type, r.record, r.priority, r.weight, r.port, r.key_tag, r.alg, r.digest_type, r.digest].join('|');
    if (seen.has(key)) add(i, 'row', fmt(M.dnsDuplicate, { host: ownerOf(r) || '@', TYPE: dnsTypeName(r.recode_type) ?? '' }));
    seen.add(key);
  });
  return errors;
}

/** The messages of field errors as the result step lists them ('3行目: …'). */
export function dnsErrorMessages(errors: DnsFieldError[]): string[] {
  return errors.map((e) => (e.index >= 0 ? fmt(M.dnsRowPrefix, { n: e.index + 1, message: e.message }) : e.message));
}

/** The DS records of a list (what the registry gets by EPP secDNS). */
export function dsOf(records: DnsRecord[]): { keyTag: number; alg: number; digestType: number; digest: string }[] {
  return records
    .filter((r) => r.recode_type === DNS_TYPE.DS && r.key_tag !== null && r.alg !== null && r.digest_type !== null && r.digest)
    .map((r) => ({ keyTag: r.key_tag!, alg: r.alg!, digestType: r.digest_type!, digest: r.digest! }));
}
