/**
 * The whois-mail service: mail that reaches a proxied domain's WHOIS address (inbound SMTP), its classification and
 * its processing as jobs, and the admin inbox over it (002 spec, WHOIS proxy e-mail).
 */
export const WhoisMailPatterns = {
  /** WhoisEmailListRequest -> WhoisEmailListResult */
  List: 'whois-mail.email.list',
  /** void -> WhoisEmailCountResult */
  Count: 'whois-mail.email.count',
  /** { id } -> WhoisEmailDetailDto (NOT_FOUND when absent) */
  Get: 'whois-mail.email.get',
  /** { id, type } -> WhoisEmailUpdateResult: reclassifies a mail; a mail not yet successful is processed again */
  UpdateType: 'whois-mail.email.type.update',
  /** { id, type } -> WhoisEmailUpdateResult: an operator marks the mail done (type = the type the operator saw) */
  MarkSuccess: 'whois-mail.email.status.success',
} as const;
export type WhoisMailPattern = (typeof WhoisMailPatterns)[keyof typeof WhoisMailPatterns];

/** Mail types (002 spec: 0 nonstandard … 6 transfer-out disapproved). */
export enum WhoisMailType {
  Nonstandard = 0,
  Approval = 1,
  RegistrantChangeComplete = 2,
  DesOte = 3,
  AccuracyCheck = 4,
  ExpiryNotice = 5,
  TransferOutDisapproved = 6,
}
export const WHOIS_MAIL_TYPES: readonly WhoisMailType[] = [0, 1, 2, 3, 4, 5, 6];

/** Processing result: 0 untreated, 1 success, 2 failed. */
export enum WhoisMailStatus {
  Untreated = 0,
  Success = 1,
  Failed = 2,
}
export const WHOIS_MAIL_STATUSES: readonly WhoisMailStatus[] = [0, 1, 2];

/** Run state of the processing job: 0 stopped, 1 running. */
export type WhoisMailRunState = 0 | 1;

/** A row of the inbox (002 spec §3; created_at/updated_at as 'YYYY-MM-DD HH:mm:ss' Asia/Tokyo). */
export interface WhoisEmailDto {
  id: number;
  type: WhoisMailType;
  subject: string;
  content: string;
  status: WhoisMailStatus;
  is_processing: WhoisMailRunState;
  error_html: string | null;
  created_at: string;
  updated_at: string;
}

export interface WhoisMailAttachmentDto {
  filename: string | null;
  content_type: string;
  size: number;
}

/** The detail: the row plus what operators need to judge the mail (never executed by the web app). */
export interface WhoisEmailDetailDto extends WhoisEmailDto {
  sender: string;
  recipient: string;
  domain_name: string | null;
  /** the mail's own HTML part, shown only sandboxed or as source */
  html: string | null;
  attachments: WhoisMailAttachmentDto[];
  size: number;
  /** the message could not be parsed as MIME; content is the raw text */
  malformed: boolean;
}

export interface WhoisEmailListRequest {
  type?: number | null;
  status?: number | null;
  page?: number;
}
export interface WhoisEmailListResult {
  data: WhoisEmailDto[];
  total: number;
  last_page: number;
  current_page: number;
  per_page: number;
}
export interface WhoisEmailCountResult {
  typeCnt: { type: WhoisMailType; count: number }[];
  statusCnt: { status: WhoisMailStatus; count: number }[];
  processingCnt: number;
}
export interface WhoisEmailUpdateRequest {
  id: number;
  type: number;
}
export interface WhoisEmailUpdateResult {
  email: WhoisEmailDto;
}

/**
 * Data of a ProcessWhoisMail job: the mails stored by one statement (`emailIds`, group commit of inbound mail, ADR
 * 0044), or one mail (`emailId`: a reprocessing after a type change, and jobs queued before batches). `ended`: mails
 * of the batch that an earlier attempt ended for good (failed with no retry to mend them), left alone by its retry.
 * `attemptsBefore`: attempts made before this job (the first one runs where the batch was stored, with no job: the
 * retry job has the attempts that remain, and counts from there; ADR 0054, n2).
 */
export interface ProcessWhoisMailJobData {
  emailId?: number;
  emailIds?: number[];
  ended?: number[];
  attemptsBefore?: number;
}

export enum WhoisMailErrorCode {
  NotFound = 'WHOIS_MAIL_NOT_FOUND',
  Invalid = 'WHOIS_MAIL_INVALID',
  Conflict = 'WHOIS_MAIL_CONFLICT',
  Internal = 'WHOIS_MAIL_INTERNAL',
}
export interface WhoisMailRpcError {
  code: WhoisMailErrorCode;
  message: string;
}
export function isWhoisMailRpcError(e: unknown): e is WhoisMailRpcError {
  return !!e && typeof e === 'object' && Object.values(WhoisMailErrorCode).includes((e as WhoisMailRpcError).code);
}
