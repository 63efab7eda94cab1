/**
 * Contract stats (002 spec §2 "Admin domain stats", §3 "Stats row", §4 "Stats"): the query's rules.
 * quarter 0 monthly, 1 quarterly; the year defaults to the current one; an empty year means all periods.
 */
import { M } from '@registrar/messages';

export interface StatsQueryInput { year?: unknown; quarter?: unknown }
export interface StatsQuery { year: number | null; quarter: 0 | 1 }

/** The columns of a stats row, in the spec's order (also the CSV's columns). */
export const STATS_COLUMNS = [
  'interval_date', 'stats_date', 'total_count', 'net_increase', 'increase', 'decrease', 'new_create_count', 'old_domain_count',
  'expired_delete_count', 'transfer_in_count', 'transfer_out_count',
] as const;
export const STATS_COLUMN_LABELS: Record<(typeof STATS_COLUMNS)[number], string> = {
  interval_date: '期間', stats_date: '集計日', total_count: '契約数', net_increase: '純増数', increase: '増加', decrease: '減少',
  new_create_count: '新規登録', old_domain_count: '期首契約数', expired_delete_count: '期限切れ削除', transfer_in_count: '移管（転入）',
  transfer_out_count: '移管（転出）',
};
export type StatsRow = { [K in (typeof STATS_COLUMNS)[number]]: K extends 'interval_date' | 'stats_date' ? string : number };

export const STATS_MIN_YEAR = 2000;

/** `year` absent → `currentYear`; present but empty → all periods (null). */
export function validateStatsQuery(input: StatsQueryInput, currentYear: number): { value: StatsQuery; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  let year: number | null = currentYear;
  if (input.year !== undefined) {
    const y = String(input.year ?? '').trim();
    if (!y) year = null;
    else if (!/^\d{4}$/.test(y) || Number(y) < STATS_MIN_YEAR || Number(y) > currentYear) errors.year = [M.statsYearInvalid];
    else year = Number(y);
  }
  const q = input.quarter === undefined || input.quarter === '' ? '0' : String(input.quarter);
  if (q !== '0' && q !== '1') errors.quarter = [M.statsQuarterInvalid];
  return { value: { year, quarter: q === '1' ? 1 : 0 }, errors };
}
