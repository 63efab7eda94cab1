/**
 * The member's domain list, detail view and action history (001 spec §2, §3, §7), served by the domain-ops service.
 * Reused by the admin domain list (002) and the public API: call these patterns, never query domain_ops yourself.
 * docs/domain-list.md describes the contract.
 */

/** Message patterns. Every payload carries the member's userId (set by the gateway from the session). */
export const DomainListPatterns = {
  /** DomainSearchRpcRequest -> DomainSearchResult (a page of rows, or errors) */
  Search: 'domain-ops.domain.search',
  /** DomainIdsRpcRequest -> DomainIdsResult: every id matching a condition (select-all-pages), capped */
  Ids: 'domain-ops.domain.search.ids',
  /** DomainReadyRpcRequest -> DomainReadyResult: the rows of some ids (refresh after an operation) */
  Ready: 'domain-ops.domain.ready',
  /** DomainCsvChunkRpcRequest -> DomainCsvChunkResult: one keyset page of CSV rows (the gateway streams them) */
  CsvChunk: 'domain-ops.domain.csv.chunk',
  /** { userId } -> { count } domains under management (not trashed) */
  Count: 'domain-ops.domain.count',
  /** { userId } -> DomainBannerCounts */
  Banner: 'domain-ops.domain.banner',
  /** { userId } -> DomainSearchConditionData: the member's contacts and name servers for the advanced search */
  Condition: 'domain-ops.domain.search.condition',
  /** { userId, id } -> DomainDetailDto (NOT_FOUND for another member's domain) */
  Detail: 'domain-ops.domain.detail',
  /** ActionLogSearchRpcRequest -> ActionLogSearchResult */
  ActionLogSearch: 'domain-ops.action-log.search',
  /** { userId, id } -> ActionLogRowDto (NOT_FOUND for another member's row) */
  ActionLogDetail: 'domain-ops.action-log.detail',
  /** { userId, count?, onlyIfEmpty? } -> { inserted } a demo portfolio (local runtime and tests only; refused elsewhere) */
  SeedDemo: 'domain-ops.domain.seed-demo',
} as const;
export type DomainListPattern = (typeof DomainListPatterns)[keyof typeof DomainListPatterns];

/** A paged list (001 §3 "Paged list"). */
export interface Paged<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

/** One row of the list (001 §3 "Domain", the fields the list shows). Flags are 0/1 as the spec has them. */
export interface DomainRowDto {
  id: number;
  /** the member who holds it (the admin list links to the member; 002 §3 "Admin domain row") */
  user_id: number;
  /** registry-side id (ROID) */
  domain_id: string | null;
  name: string;
  /** the Unicode form (equals name); punycode the A-label */
  idn: string;
  punycode: string;
  tld: string;
  status: 'active' | 'pending' | 'provisional';
  obtain_date: string;
  due_date: string | null;
  /** 1 valid, 2 expiring within 30 days, 3 expired renewable, 4 expired restorable, 5 past restore */
  domain_status: 1 | 2 | 3 | 4 | 5;
  is_expired: boolean;
  /** the due date is today (Tokyo): auto-renew cannot change */
  is_due_today: boolean;
  is_auto_update_enabled_flg: 0 | 1;
  is_whois_proxy_enabled_flg: 0 | 1;
  /** 0 none, 1 change to a person in progress, 2 proxy setting in progress */
  is_whois_processing_flg: 0 | 1 | 2;
  is_domain_lock_enabled_flg: 0 | 1;
  /**
   * A new domain's default lock (docs/purchase.md): 1 being set at the registry (shown 設定中; the flag is 0 until the
   * registry has it), 2 failed for good (`domain_lock_error` says why); 0 otherwise
   */
  domain_lock_state?: 0 | 1 | 2;
  domain_lock_error?: string | null;
  admin_lock_status: number;
  is_trash_flg: 0 | 1;
  /** listed on the domain market (docs/market.md): moves, trash and AUTHCODE are refused */
  is_market_listed_flg?: 0 | 1;
  user_memo: string | null;
  influx: number;
  /** 12 monthly figures, oldest first, zero-padded */
  influx_histories: { date: string; influx: number }[];
  name_servers: string[];
  tld_policy: { can_lock: boolean; can_proxy: boolean; grace_period: number; restore_period: number };
  authcode_obtained: boolean;
  /** a pending move to another account (001 §2 move), else empty */
  domain_move_requests: { to_email: string; request_date: string }[];
}

export interface DomainSearchRpcRequest {
  userId: number;
  /** raw search data as posted (validated by @registrar/rules validateDomainSearch) */
  condition: Record<string, unknown>;
  /** admin use: search across every member (the admin list; 002) */
  allMembers?: boolean;
}
export interface DomainSearchResult {
  /** null when errors */
  validDomains: Paged<DomainRowDto> | null;
  /** empty when ok; else the spec's messages ('検索条件が不正です: …', the date-range messages) */
  errors: string[];
  /** count of expired domains (the expired tab's notice), for the same member */
  expiredCount: number;
}

export interface DomainIdsRpcRequest {
  userId: number;
  condition: Record<string, unknown>;
  /** at most this many ids (default BULK_LIMIT); `total` still counts all */
  limit?: number;
}
export interface DomainIdsResult {
  ids: number[];
  total: number;
  errors: string[];
}

export interface DomainReadyRpcRequest {
  userId: number;
  /** the ids to load (another member's ids are left out) */
  domainPkIds?: number[];
  /** or: every domain of this condition (select-all-pages), at most BULK_LIMIT */
  allPageFlg?: boolean;
  condition?: Record<string, unknown>;
}
export interface DomainReadyResult {
  data: { domains: DomainRowDto[] };
  /** ids asked for that are not this member's (or do not exist) */
  notFound: number[];
  errors: string[];
}

export interface DomainCsvChunkRpcRequest {
  userId: number;
  /** admin use: every member's domains (the lines then start with the member's id: ADMIN_DOMAIN_CSV_HEADER) */
  allMembers?: boolean;
  /** admin use: the lines start with the member's id even when one member is asked for (one CSV layout for operators) */
  withMemberId?: boolean;
  condition: Record<string, unknown>;
  /** keyset cursor from the previous chunk; null for the first */
  after: string | null;
  limit: number;
}
export interface DomainCsvChunkResult {
  /** CSV body lines (no header, each ending in \r\n), formula injection already neutralised */
  lines: string;
  count: number;
  next: string | null;
  errors: string[];
}
/** The admin CSV (POST /admin/domains/download): the member's id, then the member CSV's columns. */
export const ADMIN_DOMAIN_CSV_HEADER_PREFIX = ['ラッコID'] as const;
export const DOMAIN_CSV_HEADER = ['ドメイン名', 'ドメイン名（punycode）', '登録日', '有効期限', 'ステータス', '自動更新', 'WHOIS代理公開', 'ドメインロック', 'ゴミ箱', 'ネームサーバー1', 'ネームサーバー2', '推定流入数', 'メモ'] as const;

/** The banner (001 §1, §2 "Domain list props"): each count links to a filtered list (or another page). */
export interface DomainBannerCounts {
  total: number;
  noAutoUpdate: number;
  expiringSoon: number;
  expiringNoAutoUpdate: number;
  renewGrace: number;
  restoreGrace: number;
  localTransferOut: number;
  localTransferIn: number;
  transferIn: number;
  /** other registrars' transfer requests for the member's domains awaiting the member's answer (auto-approved after 5 days) */
  transferOut: number;
  provisionalCoJp: number;
  orgJpRegistrant: number;
  whoisProcessing: number;
  trashed: number;
  /** auto-renew is on for some domain under management (with no card registered the page prompts for one) */
  autoUpdateOn: boolean;
  /** renewal deadline per TLD of the domains expiring within 30 days: { tld, renewal_deadline } */
  renewalDeadlines: { tld: string; renewal_deadline: string }[];
  /** 1 bronze, 2 silver, 3 gold, 0 scholar: only selects the mascot picture (libs/rules customerRank) */
  customerRank: number;
}

export interface DomainSearchConditionData {
  contacts: { id: number; label: string; domain_num: number }[];
  nameServers: string[];
}

/** The read-only detail view (001 §2 "Domain detail view"). */
export interface DomainDetailDto extends DomainRowDto {
  move_requests: { request_date: string; request_email: string }[];
  dns_records: { id: number; host_name: string; recode_type: number; type: string; ttl: number; record: string }[];
  contacts: Partial<Record<'reg' | 'adm' | 'tec' | 'bil', { id: number | null; label: string; proxy: boolean } | null>>;
  action_logs: ActionLogRowDto[];
}

/** An action log row (001 §3 "Action log row" plus the columns of the history page). */
export interface ActionLogRowDto {
  id: number;
  user_id: number;
  domain_id: number | null;
  domain_name: string | null;
  /** the operation code; 2000-2999 except 2001 and 2004 are registrar queue results (their result opens in a modal) */
  action_id: number | null;
  action_name: string;
  description: string;
  /** 1 gain, 0 spend */
  type: number;
  point: number;
  remaining_point: number | null;
  created_at: string;
  has_result: boolean;
  result?: unknown;
}
export interface ActionLogSearchRpcRequest {
  userId: number;
  page?: unknown;
  actionId?: unknown;
  description?: unknown;
  date1?: unknown;
  date2?: unknown;
  perPage?: unknown;
}
export interface ActionLogSearchResult {
  actionLogs: Paged<ActionLogRowDto>;
  errors: string[];
}

/** Action codes written to the action log (extend here; 2000-2999 are registrar queue results). */
export const ActionCodes = {
  Register: 1001,
  RegisterRefund: 1002,
  Renew: 1101,
  NameServer: 1201,
  Whois: 1301,
  AutoRenew: 1401,
  Move: 1501,
  Lock: 1601,
  Authcode: 1701,
  Trash: 1801,
  Memo: 1811,
  Dns: 1901,
  UrlForwarding: 1911,
  MailForwarding: 1912,
  /** registrar queue: a result with details (opens in a modal) */
  RegistrarResult: 2000,
  /** registrar queue: accepted (no details) */
  RegistrarAccepted: 2001,
  RenewResult: 2002,
  TransferResult: 2003,
  /** registrar queue: cancelled (no details) */
  RegistrarCancelled: 2004,
} as const;

/** Registrar queue results open in a modal on the history page (001 §9). */
export function isRegistrarQueueCode(code: number | null | undefined): boolean {
  return code != null && code >= 2000 && code <= 2999 && code !== 2001 && code !== 2004;
}

