/** Contract stats (002 §2 "Admin domain stats", §3 "Stats row", §7 GET /admin/api/domain/stats). */
import type { StatsQuery, StatsRow } from '@registrar/rules';

/** domain-ops computes the stats from its domains; the admin service (AdminPatterns.DomainStats) asks it. */
export const AdminStatsPatterns = {
  /** StatsQuery -> StatsResult: one row per month (quarter 0) or quarter (1) of the year, or of every period (year null) */
  DomainStats: 'domain-ops.admin.domain-stats',
} as const;

export type StatsRequest = StatsQuery;
export interface StatsResult { stats: StatsRow[] }
