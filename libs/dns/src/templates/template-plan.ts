/**
 * What a DNS template does to a zone (issue 29, item 2): each of its records is added, or replaces an equal record whose
 * TTL or priority differs, or is already there. Conflicts refuse the whole template with a Japanese message: a CNAME at
 * a name that has other records (or other records where a CNAME is), an existing MX / A / AAAA set the template would
 * mix with, a second SPF record, a second DMARC record. The result is then checked with the shared rules.
 */
import { fmt, M } from '@registrar/messages';
import { DNS_TYPE, DnsRecord, DnsRecordInput, dnsErrorMessages, dnsTypeName, ownerOf, validateDnsRecords } from '@registrar/rules';
import { diffRecords, normaliseAll, rdataOf, recordKey, ZoneChange } from '../zonefile/zonefile';

export interface TemplatePlan {
  changes: ZoneChange[];
  errors: string[];
  /** the zone's records after the template (DS included, as before) */
  result: DnsRecord[];
}

const isSpf = (r: DnsRecord) => r.recode_type === DNS_TYPE.TXT && /^v=spf1(\s|$)/i.test(r.record);
const isDmarc = (r: DnsRecord) => r.recode_type === DNS_TYPE.TXT && /^v=DMARC1(;|\s|$)/i.test(r.record);
/** Types whose existing set at a name the template would change the meaning of by adding to it. */
const SETS: number[] = [DNS_TYPE.MX, DNS_TYPE.A, DNS_TYPE.AAAA];

export function planTemplate(existing: DnsRecord[], template: DnsRecordInput[], zone: string, opts: { maxRecords?: number } = {}): TemplatePlan {
  const tpl = normaliseAll(template, zone);
  const served = existing.filter((r) => r.recode_type !== DNS_TYPE.DS);
  const display = (owner: string) => (owner ? `${owner}.${zone}` : zone);
  const errors: string[] = [];
  const tplKeys = new Set(tpl.map(recordKey));
  for (const t of tpl) {
    const owner = ownerOf(t);
    const here = served.filter((e) => ownerOf(e) === owner);
    if (t.recode_type === DNS_TYPE.CNAME) {
      if (here.some((e) => recordKey(e) !== recordKey(t))) errors.push(fmt(M.dnsTemplateConflictOthers, { host: display(owner) }));
      continue;
    }
    if (here.some((e) => e.recode_type === DNS_TYPE.CNAME)) {
      errors.push(fmt(M.dnsTemplateConflictCname, { host: display(owner) }));
      continue;
    }
    if (SETS.includes(t.recode_type)) {
      const others = here.filter((e) => e.recode_type === t.recode_type && !tplKeys.has(recordKey(e)));
      if (others.length) errors.push(fmt(M.dnsTemplateConflictSet, { host: display(owner), TYPE: dnsTypeName(t.recode_type) ?? '', values: others.map(rdataOf).join('、') }));
    }
    if (isSpf(t)) {
      const spf = here.find((e) => isSpf(e) && e.record !== t.record);
      if (spf) errors.push(fmt(M.dnsTemplateConflictSpf, { host: display(owner), value: spf.record }));
    }
    if (isDmarc(t)) {
      const dmarc = here.find((e) => isDmarc(e) && e.record !== t.record);
      if (dmarc) errors.push(fmt(M.dnsTemplateConflictDmarc, { host: display(owner), value: dmarc.record }));
    }
  }
  // the resulting list: template records replace their equal ones in place, the new ones go last
  const result = existing.map((e) => tpl.find((t) => recordKey(t) === recordKey(e)) ?? e);
  const added = tpl.filter((t) => !existing.some((e) => recordKey(e) === recordKey(t)));
  result.push(...added);
  const changes = diffRecords(served, result.filter((r) => r.recode_type !== DNS_TYPE.DS).map((record) => ({ record })))
    .filter((c) => c.kind !== 'same' || tplKeys.has(recordKey(c.after!)));
  if (!errors.length) {
    const ruleErrors = validateDnsRecords(result, zone, opts);
    errors.push(...dnsErrorMessages(ruleErrors.map((e) => ({ ...e, index: -1 }))));
  }
  return { changes, errors: [...new Set(errors)], result };
}
