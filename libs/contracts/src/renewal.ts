/**
 * Renewal (000 spec §2 "Renewal modal", §4 "Renewal price rule", §7 POST mypage/domain/renew, GET mypage/domain/ready/pending).
 */

/** One domain as the renewal modal shows it (POST mypage/domain/ready). */
export interface RenewQuoteDto {
  id: number;
  name: string;
  punycode: string;
  due_date: string | null;
  expired: boolean;
  /** 'renew' (renewal price), 'restore' (restore price, RGP restore), 'out' ('期間外ドメイン', not sent) */
  window: 'renew' | 'restore' | 'out';
  renew: number;
  restore: number;
  minimum_years: number;
  registration_unit: number;
  /** selectable years (expired: the minimum only) */
  period_options: number[];
  /** a renewal of it is in progress (price 0, '更新処理受付中') */
  pending: boolean;
  /** why it cannot be renewed now (provisional, out of period, …); null when it can */
  error: string | null;
  is_auto_update_enabled_flg: 0 | 1;
  /** the TLD's renewal price row (000 §3 "TLD price (renewal)"); absent when the price is unknown */
  tld_price?: RenewTldPriceDto;
}
/** 000 §3 "TLD price (renewal)": tld_id, renew, restore, grace_period (days), restore_period (days). */
export interface RenewTldPriceDto {
  tld_id: number;
  tld_name: string;
  renew: number;
  restore: number;
  grace_period: number;
  restore_period: number;
}
export interface RenewReadyResult {
  user: { point: number };
  /** one row per TLD of the domains (000 §7 POST mypage/domain/ready: user, tldPrices, domains) */
  tldPrices: RenewTldPriceDto[];
  domains: RenewQuoteDto[];
}

export interface RenewDomainItem {
  name: string;
  period: number;
}
export interface RenewRequest {
  domains: RenewDomainItem[];
  /** turn auto-renew on for the renewed domains */
  withAutoUpdate?: boolean | 0 | 1;
  /** the points shown as used (0 to the total; a card or wallet top-up buys the rest as points first) */
  point: number;
  /** the total the member saw; when sent, it must equal the server's (else お支払い金額が一致しません) */
  totalFee?: number;
  payment?: { type: 'point' | 'card' | 'wallet'; sessionId?: string };
  /** the same key again answers the same renewal and charges nothing */
  idempotencyKey?: string;
}
/**
 * `answerNow`: answer as soon as the renewal is charged and queued (the public API, which polls the renewal as a job)
 * instead of waiting up to RENEW_ANSWER_WAIT_MS for the registry (the web modal). Set by the gateway only.
 */
export type RenewRpcRequest = RenewRequest & { userId: number; answerNow?: boolean };
/** The renewal's rows now, and whether every row has ended (done, accepted by the registry, or error). */
export type RenewStatusResult = RenewResult & { finished: boolean };

/** 0 done, 1 accepted (still running at the registry), other: error with error_msg */
export type RenewCode = 0 | 1 | 2;
export interface RenewResultRow {
  /** our domain id */
  id: number | null;
  /** the registry's domain id */
  domain_id: string | null;
  name: string;
  years: number;
  /** the new expiry (YYYY-MM-DD) when done */
  available_period: string | null;
  code: RenewCode;
  error_msg: string | null;
  restore: boolean;
  point: number;
  /** auto-renew turned on by withAutoUpdate: true; not asked: null */
  auto_renew: boolean | null;
}
export interface RenewResult {
  result: boolean;
  renewalId: string | null;
  data: RenewResultRow[];
  errors: string[];
}

export interface PendingRenewalsRequest {
  userId: number;
  domainIds: number[];
}
export type PendingRenewalsResult = Array<{ domain_id: number }>;

/**
 * JobName.RenewDomain's data: a chunk of a renewal's items (`itemIds`, each renewed and ended on its own), or one item
 * (`itemId`: the form of jobs queued before chunks, still run).
 */
export interface RenewDomainJobData {
  renewalId: string;
  itemId?: number;
  itemIds?: number[];
}
export interface CompleteRenewalJobData {
  renewalId: string;
}
