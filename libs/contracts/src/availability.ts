/**
 * Availability (domain search): RPC patterns, job payloads and the HTTP shapes of the search calls (000 §7, 002 §7).
 */

/** Message patterns of the availability service. */
export const AvailabilityPatterns = {
  /** DispatchRequest -> DispatchResult: validates the input and decides which names to check */
  Dispatch: 'availability.dispatch',
  /** CheckRequest -> CheckResult: checks up to 25 names (one job), answering when the job is done */
  Check: 'availability.check',
  /** ClaimCheckRequest -> ClaimCheckResult: the cart's check that names are still free */
  ClaimCheck: 'availability.claim-check',
  /** { names } -> { removed }: forget cached answers (registration publishes the names it registered) */
  Invalidate: 'availability.invalidate',
} as const;

/** Status of one name: 1 available, 2 unavailable, 3 error (002 §9 enumerations); null when not checked. */
export const AvailabilityStatus = { Available: 1, Unavailable: 2, Error: 3 } as const;
export type AvailabilityStatusValue = (typeof AvailabilityStatus)[keyof typeof AvailabilityStatus];

/** Search type of the form: 1 keyword, 2 bulk (002 §4). */
export const SearchType = { Keyword: 1, Bulk: 2 } as const;

// ---------- POST search/domain/dispatch

/** HTTP body of POST search/domain/dispatch. One keyword (type 1) or the bulk text's lines (type 2). */
export interface DispatchBody {
  keywords: string[];
  categoryId?: number | null;
  /** 1 keyword (default when keywords has one entry), 2 bulk */
  type?: number;
}

export interface DispatchRequest extends DispatchBody {
  userId: number | null;
}

/**
 * The rows to check, index-aligned: row i is the name `domain[i]` + '.' + `tld_name[i]`, sent as
 * `punycode[i]` + '.' + `tlds[i]`. A keyword search has one row per TLD (in catalogue order, the keyword's own TLD
 * first); a bulk search has one row per input name.
 */
export interface DispatchResult {
  result: boolean;
  userId: number | null;
  /** ASCII (punycode) label of each row */
  punycode: string[];
  /** the label of each row is Japanese (IDN) */
  japaneseDomain: boolean[];
  /** display label of each row */
  domain: string[];
  /** ASCII TLD of each row, as sent to POST search/domain */
  tlds: string[];
  /** display TLD of each row */
  tld_name: string[];
  /** false when the row is not checked (an IDN label under a TLD without IDN support): its status stays null */
  checkable: boolean[];
  error_msg: string[];
}

// ---------- POST search/domain

/** HTTP body of POST search/domain: one label and up to 25 TLDs, or (bulk) up to 25 full ASCII names. */
export interface CheckBody {
  domainName?: string;
  tlds?: string[];
  domainNames?: string[];
}

export interface CheckRequest {
  /** full ASCII names, at most 25 */
  names: string[];
}

export interface CheckedTld {
  /** the TLD as sent (or the full name for a domainNames request) */
  tld: string;
  /** the full ASCII name */
  domain: string;
  status: AvailabilityStatusValue | null;
  /** why an unavailable name cannot be registered: taken, reserved, premium or invalid (issue 26) */
  reason?: 'taken' | 'reserved' | 'premium' | 'invalid';
}

export interface CheckResult {
  success: boolean;
  results: { tlds: CheckedTld[] };
  /** the job that ran the check */
  jobId?: string;
  error_msg?: string[];
}

// ---------- POST search/domain/check/claim

export interface ClaimCheckBody {
  domainNames: string[];
}
export type ClaimCheckRequest = ClaimCheckBody;
export interface ClaimCheckResult {
  success: boolean;
  results: { unavailableDomains: string[] };
  error_msg?: string[];
}

// ---------- jobs

/** Payload of JobName.CheckAvailability: up to 25 ASCII names. */
export interface CheckAvailabilityJobData {
  names: string[];
}
/** Result of JobName.CheckAvailability: the availability of each name (in the payload's order). */
export interface CheckAvailabilityJobResult {
  results: { name: string; available: boolean; reason?: string }[];
  /** how many of the answers came from the short-lived cache */
  cached: number;
}

/** Search form posts (002 §3): `domain` (keyword tab) or `domain_list` (bulk tab), with `_token`. */
export const SearchPaths = {
  dispatch: '/search/domain/dispatch',
  check: '/search/domain',
  claim: '/search/domain/check/claim',
  guestPage: '/search',
  memberPage: '/mypage/search',
} as const;
