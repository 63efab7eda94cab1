/**
 * The admin service (docs/admin.md "Where it runs"): the back office's statistics, imports, logs and command console.
 * The gateway's admin controllers call these patterns (ADMIN_CLIENT); the admin service keeps its own records (import
 * runs, the console's history, statistics snapshots in the admin schema) and asks the services that own the data
 * (domain-ops: domains, the two logs, the EPP client) over RPC. Errors of those services come back unchanged
 * ({ code, message } of DomainOpsErrorCode).
 */
export const AdminPatterns = {
  /** StatsQuery -> StatsResult (contract stats, computed by domain-ops from its domains) */
  DomainStats: 'admin.stats.domain',
  /** RegistrarLogSearch -> AdminPaged<RegistrarLogRow> */
  RegistrarLog: 'admin.logs.registrar',
  /** ActionLogSearch -> AdminPaged<ActionLogRow> */
  ActionLog: 'admin.logs.action',
  /** ApiCommandRequest -> ApiCommandResult; the run is kept in the console's history */
  ApiCommand: 'admin.console.command',
  /** { page? } -> AdminPaged<ConsoleHistoryRow>, newest first */
  ConsoleHistory: 'admin.console.history',
  /** { name, adminId } -> AdminDomainInfoResult */
  DomainInfo: 'admin.domain.info',
  /** { id, adminId, registry? } -> AdminDomainInfoResult (registry: false = our row alone) */
  DomainById: 'admin.domain.by-id',
  /** DomainImportRequest -> DomainImportResult; the run is kept (admin.import_runs) */
  DomainImport: 'admin.import.domains',
} as const;
export type AdminPattern = (typeof AdminPatterns)[keyof typeof AdminPatterns];

export interface ConsoleHistoryRow {
  id: number;
  admin_id: number | null;
  command: string;
  params: Record<string, unknown>;
  error: string | null;
  created_at: string;
}
