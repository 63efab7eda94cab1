/**
 * DNSSEC of a domain (issue 29 item 1; docs/dns.md "DNSSEC"): one-click signing by PowerDNS for zones on our name
 * servers with the DS sent to the registry (EPP secDNS), key rollover, and DS records entered by hand for domains on
 * other name servers. Changes run as domain operations (kind 'dnssec': per-domain rows, action history); the dns
 * service does the work of each row and holds the state.
 */

/** The HTTP calls of the DNSSEC panel (gateway). */
export const DnssecPaths = {
  /** GET ?id= -> DnssecStateDto */
  state: '/mypage/domain/dnssec',
  /** POST DnssecRequest -> OperationAccepted (poll /mypage/domain/operation/status) */
  set: '/mypage/domain/dnssec',
  /** POST { domains: [id] } -> OperationAccepted */
  rollover: '/mypage/domain/dnssec/rollover',
  /** POST { domains: [id], ds: DsInput[] } -> OperationAccepted (ds: [] removes every DS) */
  manual: '/mypage/domain/dnssec/ds',
} as const;

export const DnssecPatterns = {
  /** { userId, id } -> DnssecStateDto (NOT_FOUND for another member's domain) */
  State: 'dns.dnssec.state',
  /** DnssecApplyRequest -> DnssecApplyResult (the domain operation's child, one domain) */
  Apply: 'dns.dnssec.apply',
} as const;

export type DnssecAction = 'enable' | 'disable' | 'roll' | 'manual';

/** POST mypage/domain/dnssec */
export interface DnssecRequest {
  domains: number[];
  enabled: 0 | 1 | '0' | '1' | boolean;
}

export interface DnssecDsDto {
  keyTag: number;
  alg: number;
  digestType: number;
  digest: string;
}

export interface DnssecKeyDto {
  keyTag: number;
  alg: number;
  algorithm: string;
  /** csk (one key signs everything) */
  type: string;
  active: boolean;
  published: boolean;
  /** the DNSKEY record's content (flags protocol algorithm public key) */
  dnskey: string;
  /** the DS of this key (SHA-256) as sent to the registry */
  ds: DnssecDsDto | null;
}

export interface DnssecStateDto {
  domainPkId: number;
  punycode: string;
  /** the domain's name as shown (U-label for IDN); set by the state call */
  name?: string;
  /** the domain is on our name servers: one-click signing; otherwise DS by hand */
  isOurDns: boolean;
  /** PowerDNS serves the zone */
  served: boolean;
  /** managed: signed by us; manual: DS entered by the member; off */
  mode: 'off' | 'managed' | 'manual';
  /** off, signing (署名中), ds_pending (DS登録待ち), active (有効), rolling (鍵の更新中), removing (無効化中), manual */
  status: 'off' | 'signing' | 'ds_pending' | 'active' | 'rolling' | 'removing' | 'manual';
  statusLabel: string;
  keys: DnssecKeyDto[];
  /** the DS set the registry holds, as last confirmed by domain:info */
  registryDs: DnssecDsDto[];
  /** when a rollover's old key or a disabling's signatures go (ISO), while one is under way */
  dueAt: string | null;
  updatedAt: string | null;
  /** the last failure of a step, in Japanese (cleared by the next success) */
  lastError: string | null;
}

export interface DnssecApplyRequest {
  userId: number;
  domainPkId: number;
  punycode: string;
  nameServers: string[];
  action: DnssecAction;
  /** manual: the validated DS set ([] removes every DS) */
  ds?: DnssecDsDto[];
  /** the operation run (idempotency of the registry steps) */
  runId: string;
}

export interface DnssecApplyResult {
  ok: boolean;
  /** the row's message (success or refusal), in Japanese */
  message: string;
  status: DnssecStateDto['status'];
}
