/**
 * Transfer-in (000 spec §2 "Transfer-in screens", §5, §7, §9) and transfer-out (issue 12): the checked list held
 * between the entry and the confirm page, the request, and another registrar's request for one of our domains.
 */

/** One line of the transfer-in list (000 §3 "Transfer item"). */
export interface TransferItemDto {
  domain_name: string;
  idn: string;
  /** what the member typed; never served back once stored (always '' from GET mypage/transferin/hold: issue 23) */
  authcode: string;
  /** an AUTHCODE is kept for this line (typed at entry or on the confirm page) until the request is sent */
  authcode_saved?: boolean;
  /** the price in points (0: free .jp transfer) */
  point: number;
  error_msg: string | null;
}

/** POST mypage/transferin/check (form post): the lines as typed; refused lines send the member back to the entry page. */
export interface TransferCheckRpcRequest {
  userId: number;
  domainNames: string;
}
export interface TransferCheckResult {
  result: boolean;
  /** the first error of the entry form (000 §5), for the redirect back */
  errorMessage: string | null;
  /** the hold the confirm page shows */
  holdId: string | null;
}

/** The confirm page's data: the held items, the member's points and the transferable TLDs. */
export interface TransferHoldDto {
  id: string;
  transfers: TransferItemDto[];
  user: { point: number };
}

/** POST mypage/transferin/request (000 §7) */
export interface TransferRequestBody {
  holdId?: string;
  transfers: Array<{ domain_name: string; authcode: string; point: number }>;
  totalPoint: number;
  /** the amount bought by card or wallet first (0 when the points cover it) */
  point: number;
  payment: { type: 'point' | 'card' | 'wallet'; sessionId?: string };
  idempotencyKey?: string;
}
export type TransferRequestRpc = TransferRequestBody & { userId: number };
export interface TransferRequestResult {
  result: boolean;
  /** per domain: error_msg null = the transfer was requested at the registry (it completes in up to 5 days) */
  domains: Array<{ domain_name: string; error_msg: string | null }>;
  errors: string[];
}

export type TransferInStatus = 'requesting' | 'pending' | 'done' | 'rejected' | 'cancelled' | 'error';
/** A transfer-in of the member (GET mypage/transferin/list). */
export interface TransferInDto {
  id: number;
  domain_name: string;
  status: TransferInStatus;
  point: number;
  error_msg: string | null;
  requested_at: string;
  settled_at: string | null;
}

/** Another registrar's request for one of the member's domains (GET mypage/transferout/list). */
export interface TransferOutDto {
  id: number;
  domain_id: number;
  domain_name: string;
  /** the requesting registrar */
  requested_by: string;
  requested_at: string;
  /** the registry approves it by itself at this time unless the member answers */
  auto_approve_at: string;
}
export interface TransferOutAnswer {
  result: boolean;
  domainResults: Array<{ id: number; name: string; status: 'success' | 'error'; message: string }>;
  errorMessage: string | null;
}
