/**
 * DNS templates and zone files (issue 29, items 2 and 3): the calls of the template picker and the zone file
 * import/export of the DNS screen, served by the dns service.
 */
import type { DnsRecordDto } from './dns';

export const DnsToolsPaths = {
  /** GET -> the BIND zone file (text/dns); `mypage/domain/{id}/zone` */
  zoneFile: (id: number) => `/mypage/domain/${id}/zone`,
  /** POST ZoneImportRequest -> ZoneImportPreview */
  importPreview: '/mypage/domain/dns/import/preview',
  /** POST ZoneImportRequest & { base } -> DnsToolsApplyResult */
  importApply: '/mypage/domain/dns/import/apply',
  /** POST TemplateRequest -> TemplatePreview */
  templatePreview: '/mypage/domain/dns/template/preview',
  /** POST TemplateRequest & { base } -> DnsToolsApplyResult */
  templateApply: '/mypage/domain/dns/template/apply',
} as const;

export const DnsToolsPatterns = {
  /** { userId, id } -> ZoneFileDto */
  ExportZone: 'dns.zonefile.export',
  /** ZoneImportRpcRequest -> ZoneImportPreview */
  ImportPreview: 'dns.zonefile.preview',
  /** ZoneImportRpcRequest -> DnsToolsApplyResult */
  ImportApply: 'dns.zonefile.apply',
  /** TemplateRpcRequest -> TemplatePreview */
  TemplatePreview: 'dns.template.preview',
  /** TemplateRpcRequest -> DnsToolsApplyResult */
  TemplateApply: 'dns.template.apply',
} as const;
export type DnsToolsPattern = (typeof DnsToolsPatterns)[keyof typeof DnsToolsPatterns];

export interface ZoneFileDto {
  /** the zone's name (punycode) */
  zone: string;
  /** the file's name for a download ('example.com.zone') */
  filename: string;
  text: string;
}

export interface ZoneImportRequest {
  /** the domain id */
  id: number;
  /** the zone file's text */
  text: string;
}
export type ZoneImportRpcRequest = ZoneImportRequest & { userId: number; base?: string; maxRecords?: number };

export type DnsChangeKind = 'add' | 'change' | 'remove' | 'same';
/** One line of a preview: the record before and after (a form record), and the file's line for an import. */
export interface DnsChangeDto {
  kind: DnsChangeKind;
  before?: DnsRecordDto;
  after?: DnsRecordDto;
  line?: number;
  /** the record as a zone file line ('www 3600 IN A 192.0.2.1'), after (or before, for a removal) */
  text: string;
  /** a change: the record before, as a zone file line */
  beforeText?: string;
}

export interface DnsLineIssueDto {
  line: number;
  message: string;
}

export interface ZoneImportPreview {
  /** true when the file can be applied (no errors) */
  ok: boolean;
  /** errors by line ('12行目: …' in messages) */
  errors: DnsLineIssueDto[];
  /** lines read but left out on purpose (SOA, apex NS, DNSSEC records, DS) */
  skipped: DnsLineIssueDto[];
  changes: DnsChangeDto[];
  counts: { add: number; change: number; remove: number; same: number };
  /** the state of the records this preview was made against: apply refuses when they changed since */
  base: string;
}

export interface TemplateRequest {
  id: number;
  /** a template id (DNS_TEMPLATES in @registrar/rules) */
  template: string;
  params: Record<string, string>;
}
export type TemplateRpcRequest = TemplateRequest & { userId: number; base?: string };

export interface TemplatePreview {
  ok: boolean;
  /** conflicts and rule errors: the template is refused */
  errors: string[];
  /** parameter errors by key */
  fieldErrors: Record<string, string>;
  changes: DnsChangeDto[];
  counts: { add: number; change: number; same: number };
  base: string;
}

export interface DnsToolsApplyResult {
  result: boolean;
  errors: string[];
  message?: string;
  counts?: { add: number; change: number; remove: number };
}
