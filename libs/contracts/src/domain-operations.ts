/**
 * Domain operations of the list's modals (001 spec §4, §5, §7; docs/domain-operations.md). Each request answers at
 * once with a job id and the rows refused up front; the work runs as a BullMQ flow with one child per domain, and the
 * modal polls `OperationStatus` for the per-domain rows.
 */
export type DomainOperationKind = 'nameserver' | 'lock' | 'autoupdate' | 'memo' | 'trash' | 'authcode' | 'move' | 'dnssec';

export const DomainOperationPatterns = {
  /** OperationRpcRequest -> OperationAccepted */
  Start: 'domain-ops.operation.start',
  /** { userId, jobId } -> OperationStatus (NOT_FOUND for another member's run) */
  Status: 'domain-ops.operation.status',
  /** { userId, email } -> IncomingMove[] the move requests waiting for this member */
  IncomingMoves: 'domain-ops.move.incoming',
  /** { userId, email, domains: ids of move requests } -> MoveAnswer */
  AcceptMoves: 'domain-ops.move.accept',
  /** { userId } -> OutgoingMove[] this member's move requests still waiting */
  OutgoingMoves: 'domain-ops.move.outgoing',
  /** { userId, domains: ids of move requests } -> MoveAnswer */
  CancelMoves: 'domain-ops.move.cancel',
  /** { userId } -> number of move requests waiting for / sent by this member (banner counts) */
  MoveCounts: 'domain-ops.move.counts',
} as const;

/** A name server row of the modal (001 §3: priority, name). */
export interface NameServerInput {
  name: string;
  priority?: number;
  /** glue addresses of a host below a domain of the registry (one or more IPv4/IPv6) */
  ip?: string | string[];
}

export interface OperationRpcRequest {
  userId: number;
  kind: DomainOperationKind;
  /** domain ids (memo: [{id, content}]) */
  domains: unknown[];
  /** nameserver */
  formData?: NameServerInput[];
  /** lock / autoupdate / trash: 1 on, 0 off */
  flag?: 0 | 1;
  /** move: the destination, resolved by the gateway (an existing member for a ラッコID, an e-mail otherwise) */
  move?: { toUserId?: number | null; toEmail?: string | null; autoUpdate: boolean; fromAccount: string; fromEmail?: string | null; acceptUrl?: string };
  /** memo: the page's mode (delete allows empty entries) */
  memoMode?: 'override' | 'append' | 'delete';
  /** autoupdate: whether the member has a card on file (the gateway asks the orders service) */
  hasCard?: boolean;
  /** dnssec: what to do (docs/dns.md "DNSSEC"); manual: the DS records entered by hand */
  dnssec?: { action: 'enable' | 'disable' | 'roll' | 'manual'; ds?: unknown[] };
}

export type OperationRowStatus = 'queued' | 'processing' | 'success' | 'accepted' | 'error';

/** One domain's row of the result step. */
export interface OperationRow {
  id: number;
  name: string;
  idn: string;
  status: OperationRowStatus;
  message: string | null;
  /** memo: the saved content */
  content?: string | null;
  /** AUTHCODE: given once, on the first poll after it was read */
  authcode?: string | null;
}

export interface OperationAccepted {
  result: boolean;
  /** absent when nothing could be started (every row refused, or the request is invalid) */
  jobId?: string;
  errors: string[];
  /** errorCode 100: auto-renew needs a card on file (001 §8) */
  errorCode?: number;
  domains: OperationRow[];
}

export interface OperationStatus {
  jobId: string;
  kind: DomainOperationKind;
  finished: boolean;
  total: number;
  done: number;
  domains: OperationRow[];
}

/** An incoming move (001 §3: id, name, idn, request_date, user_id). id is the move request's id. */
export interface IncomingMove {
  id: number;
  name: string;
  idn: string;
  request_date: string;
  user_id: number;
}

export interface OutgoingMove {
  id: number;
  domain_id: number;
  name: string;
  idn: string;
  request_date: string;
  request_email: string;
}

export interface MoveAnswer {
  result: boolean;
  domainResults: Array<{ id: number; name: string; status: 'success' | 'error'; message: string }>;
  errorMessage: string | null;
}

/**
 * JobName.DomainOperation's data: a chunk of a run's domains (`domainIds`, each with its own row and outcome), or one
 * domain (`domainId`: the form of jobs queued before chunks, still run).
 */
export interface DomainOperationJobData {
  runId: string;
  domainId?: number;
  domainIds?: number[];
}
/** JobName.CompleteOperation's data. */
export interface CompleteOperationJobData {
  runId: string;
}
