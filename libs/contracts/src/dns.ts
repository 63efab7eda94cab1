/**
 * The dns service: the DNS records of a domain (001 spec §3 "DNS record", §7 dns/getdata and dns/dispatch), the zones
 * PowerDNS serves from the service's schema, and the DS records sent to the registry (EPP secDNS).
 */
import type { DnsRecordInput } from '@registrar/rules';

/** One record as the modal and the calls carry it (field names of the spec, `recode_type` included): the rules' input type. */
export type DnsRecordDto = DnsRecordInput;

/** The HTTP calls of the DNS modal (gateway). */
export const DnsPaths = {
  /** GET ?id= -> DnsGetDataResult */
  getData: '/mypage/domain/dns/getdata',
  /** POST DnsDispatchRequest -> DnsDispatchResult */
  dispatch: '/mypage/domain/dns/dispatch',
} as const;

export const DnsPatterns = {
  /** { userId, id } -> DnsGetDataResult (NOT_FOUND for another member's domain) */
  GetData: 'dns.records.get',
  /** DnsDispatchRpcRequest -> DnsDispatchResult */
  Dispatch: 'dns.records.dispatch',
  /** { punycode } -> ZoneStateDto: what PowerDNS serves for the name (operations, tests) */
  ZoneState: 'dns.zone.state',
  /** { domainPkId } -> DnsRecordDto[] the member's records of a domain, fixed NS excluded (services only: the domain detail) */
  Records: 'dns.records.list',
  /** { punycode } -> ZoneStateDto: brings the zone in line with the domain now (same as the SyncZone job) */
  SyncZone: 'dns.zone.sync',
} as const;
export type DnsPattern = (typeof DnsPatterns)[keyof typeof DnsPatterns];

export interface DnsGetDataResult {
  contents: {
    /** the records, the fixed NS records first */
    formData: DnsRecordDto[];
    /** the type choices */
    recordType: { value: number; label: string }[];
    domain: { id: number; name: string; punycode: string; name_servers: string[] };
    /** every name server is ours (01-04.dnsv.jp); otherwise the modal shows the "other DNS in use" alert */
    isOurDns: boolean;
    /** PowerDNS answers for the zone now */
    served: boolean;
  };
}

export interface DnsDispatchRequest {
  /** the domain ids (the modal edits one domain: DNS is not a bulk operation) */
  domains: number[];
  /** the domain's full record list */
  saveData: DnsRecordDto[];
  /** also point the domain's name servers at ours (01-04.dnsv.jp), through the name-server operation */
  editNameServer?: boolean | 0 | 1 | '0' | '1';
}
export type DnsDispatchRpcRequest = DnsDispatchRequest & { userId: number };

export interface DnsDispatchResult {
  result: boolean;
  errors: string[];
  /** row-level errors for the form ({ index, field, message }) */
  fieldErrors?: { index: number; field: string; message: string }[];
  /** the records as saved (normalised) */
  formData?: DnsRecordDto[];
  served?: boolean;
  /** editNameServer: the name-server operation's run (poll it like the name-server modal); the zone is served once it is done */
  nameServerJobId?: string;
}

export interface ZoneStateDto {
  punycode: string;
  served: boolean;
  serial: number | null;
  records: number;
}

/** Data of the SyncZone job: bring the zone of this name in line with the domain (held, ours, not expired). */
export interface SyncZoneJobData {
  punycode: string;
}

export enum DnsErrorCode {
  NotFound = 'DNS_NOT_FOUND',
  Invalid = 'DNS_INVALID',
  Internal = 'DNS_INTERNAL',
}
export interface DnsRpcError {
  code: DnsErrorCode;
  message: string;
}
export function isDnsRpcError(e: unknown): e is DnsRpcError {
  return !!e && typeof e === 'object' && Object.values(DnsErrorCode).includes((e as DnsRpcError).code);
}
