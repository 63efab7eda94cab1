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
