/** Member-area display rules (001 spec sidebar, 002 spec §9). */

/** Sidebar counts cap at "99+". */
export function sidebarCount(n: number): string {
  return n > 99 ? '99+' : String(Math.max(0, Math.trunc(n)));
}

/** The rotating banner: the next one is a random one of the others (never the one shown). */
export function nextBannerIndex(current: number, count: number, random: () => number = Math.random): number {
  if (count < 2) return 0;
  const n = Math.min(count - 2, Math.floor(random() * (count - 1)));
  return n >= current ? n + 1 : n;
}

export const BANNER_COUNT = 5;
export const BANNER_INTERVAL_MS = 60_000;

/**
 * The customer rank (001 §1, 002 §9: ids 1 bronze, 2 silver, 3 gold, any other value scholar). It only selects the
 * mascot picture. The spec leaves the rule out; ours (docs/domain-list.md): by the domains under management, gold from
 * 100, silver from 10, bronze from 1, and a member with none yet is a scholar (0).
 */
export function customerRank(domainsUnderManagement: number): 0 | 1 | 2 | 3 {
  if (domainsUnderManagement >= 100) return 3;
  if (domainsUnderManagement >= 10) return 2;
  if (domainsUnderManagement >= 1) return 1;
  return 0;
}

/** The mascot's name for a rank id (any value other than 1-3 is the scholar). */
export function customerRankLabel(rank: number): string {
  return ({ 1: 'ブロンズ', 2: 'シルバー', 3: 'ゴールド' } as Record<number, string>)[rank] ?? 'スカラー';
}
