/**
 * The admin back office's calls into the services (002 spec §7). The gateway checks roles; these payloads carry the
 * acting admin's id (set by the gateway from the session) where the service records it.
 */
import type { ActionLogSearch, ApiCommandParams, RegistrarLogSearch } from '@registrar/rules';

/** domain-ops' side of the back office, called by the admin service (AdminPatterns), never by the gateway. */
export const AdminOpsPatterns = {
  /** RegistrarLogSearch -> Paged<RegistrarLogRow> (domain-ops: the registrar log) */
  RegistrarLog: 'domain-ops.admin.registrar-log',
  /** ActionLogSearch -> Paged<ActionLogRow> (domain-ops: the action log) */
  ActionLog: 'domain-ops.admin.action-log',
  /** ApiCommandRequest -> ApiCommandResult: one allow-listed EPP command through the pool, logged with the admin's id */
  ApiCommand: 'domain-ops.admin.api-command',
  /** { name, adminId } -> AdminDomainInfoResult: the registry's info and our record */
  DomainInfo: 'domain-ops.admin.domain-info',
  /** { id, adminId, registry? } -> AdminDomainInfoResult for our domain row id (info null when there is no such row); registry: false = our row alone, no registry command */
  DomainById: 'domain-ops.admin.domain-by-id',
  /** DomainImportRequest -> DomainImportResult: names verified at the registry (we sponsor them) join a member's list */
  DomainImport: 'domain-ops.admin.domain-import',
  /** { stuckMinutes } -> AdminDashboardOps: today's sales and registrations, failed items, stuck orders, open transfers */
  Dashboard: 'domain-ops.admin.dashboard',
  /** { kind, id } -> AdminOrderDto | null: the order a points-ledger entry refers to (`order:` `renewal:` `transfer:`) */
  Order: 'domain-ops.admin.order',
} as const;

/** The kinds of order a ledger entry's reference names: `order:{uuid}`, `renewal:{uuid}`, `transfer:{id}`. */
export const ADMIN_ORDER_KINDS = ['order', 'renewal', 'transfer'] as const;
export type AdminOrderKind = (typeof ADMIN_ORDER_KINDS)[number];

/** One order as the admin order page shows it (issue 26: ledger ids link to their orders). */
export interface AdminOrderDto {
  kind: AdminOrderKind;
  id: string;
  user_id: number;
  status: string;
  total: number;
  payment_type: string;
  error: string | null;
  created_at: string;
  finished_at: string | null;
  items: Array<{ name: string; period: number | null; point: number; status: string; error_msg: string | null; domain_id: number | null }>;
}

/** domain-ops' part of the admin dashboard (issue 26); "today" is the Asia/Tokyo day. */
export interface AdminDashboardOps {
  /** the Tokyo date the figures are for (YYYY-MM-DD) */
  day: string;
  /** completed today: count of domains and their yen (tax included) */
  registrations: { count: number; yen: number };
  renewals: { count: number; yen: number };
  transfersIn: { count: number; yen: number };
  /** registrations + renewals + transfers-in of today, in yen */
  salesYen: number;
  /** domains of today's registrations and renewals that ended in an error */
  failedItems: number;
  /** orders still charging or processing after stuckMinutes (the money reconciler settles them) */
  stuckOrders: { registration: number; renewal: number };
  /** transfers-in waiting at the registry (requesting or pending), transfers-out waiting for approval */
  pendingTransfers: { in: number; out: number };
}

/** GET /admin/api/dashboard: what an operator checks first. Sections a normal admin may not see are null. */
export interface AdminDashboard {
  result: true;
  ops: AdminDashboardOps | null;
  /** per queue: failed jobs, and jobs waiting or running longer than stuckMinutes (super admins only) */
  jobs: { queues: Array<{ name: string; failed: number; stuck: number; waiting: number; active: number }>; failed: number; stuck: number; stuckMinutes: number } | null;
  /** the WHOIS proxy mail inbox: untreated and failed mails (super admins only) */
  inbox: { untreated: number; failed: number; processing: number } | null;
  /** a part that did not answer in time: its name, so the page can say which figure is missing */
  unavailable: string[];
}
export type AdminOpsPattern = (typeof AdminOpsPatterns)[keyof typeof AdminOpsPatterns];

export interface AdminPaged<T> { data: T[]; total: number; current_page: number; last_page: number; per_page: number }

export type RegistrarLogRequest = RegistrarLogSearch;
export interface RegistrarLogRow {
  id: number;
  user_id: number | null;
  domain_pkid: number | null;
  domain_name: string | null;
  action_type: string;
  /** the spec's code: 10000 success, below 20000 pending, 20000 failed */
  result_code: number;
  /** the EPP result code (1000, 2303 …; 0 when no answer came) */
  epp_result_code: number;
  success_parameter: string;
  onamae_response: string;
  created_at: string;
}

export type ActionLogRequest = ActionLogSearch;
export interface ActionLogRow {
  id: number;
  user_id: number;
  action_name: string;
  description: string;
  domain_name: string | null;
  /** 1 gain, 0 spend, other: none */
  type: number;
  point: number;
  created_at: string;
}

export interface ApiCommandRequest { adminId: number; params: ApiCommandParams }
export interface ApiCommandResult { result: string | null; error: string | null }

export interface AdminDomainInfoResult {
  /** null when neither the registry nor we know the name */
  info: { registry: unknown; ours: unknown } | null;
}

export interface DomainImportRequest { adminId: number; userId: number; domainNames: string[] }
export interface DomainImportResult {
  /** one line per imported domain */
  results: string[];
  /** one line per refused name, with the reason */
  errors: string[];
}
