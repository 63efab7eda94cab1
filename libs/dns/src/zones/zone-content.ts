import { DNS_TYPE, DnsRecord, dnsTypeName, formatDateJst, isOurDns, OUR_NAME_SERVERS, ownerOf } from '@registrar/rules';
import type { OwnedDomainDto } from '@registrar/contracts';

/** SOA of every zone we serve: 01.dnsv.jp is the primary, refresh 3h, retry 1h, expire 7d, negative TTL 1h. */
export const SOA = { mname: OUR_NAME_SERVERS[0], rname: 'hostmaster.dnsv.jp', refresh: 10_800, retry: 3_600, expire: 604_800, minimum: 3_600, ttl: 3_600 };

/** One row of PowerDNS's records table. */
export interface PdnsRecord {
  name: string;
  type: string;
  content: string;
  ttl: number;
  /** MX and SRV priority: gpgsql puts it before the content itself */
  prio: number;
}

const abs = (h: string) => (h === '.' ? '.' : `${h}.`);

/** TXT content as PowerDNS stores it: quoted character-strings of at most 255 characters, quotes and backslashes escaped. */
export function txtContent(text: string): string {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += 255) chunks.push(text.slice(i, i + 255));
  if (!chunks.length) chunks.push('');
  return chunks.map((c) => `"${c.replace(/[\\"]/g, (m) => `\\${m}`)}"`).join(' ');
}

/** The SOA serial after `previous`: the Unix time, or one more than before when that is not larger. */
export function nextSerial(previous: number, now: Date): number {
  return Math.max(previous + 1, Math.floor(now.getTime() / 1000)) % 4_294_967_296;
}

/**
 * What PowerDNS serves for a zone: the SOA, the fixed NS records 01-04.dnsv.jp and the member's records (DS excluded:
 * those live in the parent zone, at the registry).
 */
export function pdnsRecords(zone: string, records: DnsRecord[], serial: number): PdnsRecord[] {
  const out: PdnsRecord[] = [
    { name: zone, type: 'SOA', content: `${abs(SOA.mname)} ${abs(SOA.rname)} ${serial} ${SOA.refresh} ${SOA.retry} ${SOA.expire} ${SOA.minimum}`, ttl: SOA.ttl, prio: 0 },
    ...OUR_NAME_SERVERS.map((ns) => ({ name: zone, type: 'NS', content: abs(ns), ttl: 86_400, prio: 0 })),
  ];
  for (const r of records) {
    if (r.fixed || r.recode_type === DNS_TYPE.DS) continue;
    const type = dnsTypeName(r.recode_type);
    if (!type) continue;
    const owner = ownerOf(r);
    const name = owner ? `${owner}.${zone}` : zone;
    let content: string;
    let prio = 0;
    switch (r.recode_type) {
      case DNS_TYPE.CNAME:
      case DNS_TYPE.NS:
        content = abs(r.record);
        break;
      case DNS_TYPE.MX:
        prio = r.priority ?? 10;
        content = abs(r.record);
        break;
      case DNS_TYPE.SRV:
        prio = r.priority ?? 0;
        content = `${r.weight ?? 0} ${r.port ?? 0} ${abs(r.record)}`;
        break;
      case DNS_TYPE.TXT:
        content = txtContent(r.record);
        break;
      default:
        content = r.record;
    }
    out.push({ name, type, content, ttl: r.ttl, prio });
  }
  return out;
}

/** Why a domain's zone is (not) served: held, registered (not pending), on our name servers only, not expired (Tokyo day). */
export function shouldServe(d: OwnedDomainDto | null | undefined, now: Date): boolean {
  if (!d || d.status === 'pending') return false;
  if (!isOurDns(d.name_servers)) return false;
  if (d.due_date && formatDateJst(d.due_date) < formatDateJst(now)) return false;
  return true;
}
