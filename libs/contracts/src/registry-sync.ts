/**
 * Our record of a domain beside the registry's (docs/registry-sync.md): the admin domain page's comparison, its
 * one-click resynchronisation (a job on the domain-ops queue), and the demo portfolio's check at start.
 */
export const RegistrySyncPatterns = {
  /** { id } -> RegistryComparison | null (null: no such domain row) */
  Compare: 'domain-ops.registry-sync.compare',
  /** { id, adminId } -> { jobId }: queues the resynchronisation of one domain */
  Resync: 'domain-ops.registry-sync.resync',
  /** { jobId } -> RegistrySyncJobState */
  JobState: 'domain-ops.registry-sync.job-state',
} as const;

export type RegistrySyncField = 'exists' | 'sponsor' | 'created' | 'expires' | 'status' | 'ns' | 'contacts' | 'dnssec';

export interface RegistryComparisonRow {
  field: RegistrySyncField;
  /** what ours says, shown as is (dates as YYYY-MM-DD in Tokyo, lists joined) */
  ours: string;
  registry: string;
  equal: boolean;
}

export interface RegistryComparison {
  domainId: number;
  name: string;
  punycode: string;
  /** the registry answered (false: it has no such name) */
  exists: boolean;
  /** the name is held at the registry by another registrar: no resynchronisation can fix that */
  heldByOther: boolean;
  equal: boolean;
  rows: RegistryComparisonRow[];
  checkedAt: string;
}

export interface RegistrySyncResult {
  /** what was changed, one line per change (Japanese) */
  changes: string[];
  comparison: RegistryComparison;
}

export interface RegistrySyncJobState {
  state: 'waiting' | 'active' | 'completed' | 'failed' | 'unknown';
  result: RegistrySyncResult | null;
  error: string | null;
}

/** Data of JobName.RegistryResync */
export interface RegistryResyncJobData {
  domainId: number;
  adminId: number | null;
}
