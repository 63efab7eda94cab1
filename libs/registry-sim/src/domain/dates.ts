const DAY = 86_400_000;

export const addDays = (d: Date, n: number): Date => new Date(d.getTime() + n * DAY);

export function addMonths(d: Date, n: number): Date {
  const x = new Date(d.getTime());
  x.setUTCMonth(x.getUTCMonth() + n);
  return x;
}

export const addYears = (d: Date, n: number): Date => addMonths(d, 12 * n);

export const sameDay = (a: Date, b: Date): boolean => a.toISOString().slice(0, 10) === b.toISOString().slice(0, 10);

export const daysBetween = (from: Date, to: Date): number => (to.getTime() - from.getTime()) / DAY;

export const later = (a: Date | null | undefined, now: Date): boolean => !!a && a.getTime() > now.getTime();
