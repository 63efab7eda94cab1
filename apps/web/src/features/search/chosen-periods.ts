/**
 * The registration period a member chose in a search row, kept (per tab, in session storage) until checkout, where
 * the purchase rows start from it instead of the minimum period.
 */
const KEY = 'rakko.chosenPeriods';

function read(): Record<string, number> {
  try {
    const v = JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as unknown;
    return v && typeof v === 'object' ? (v as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function chosenPeriods(): Record<string, number> {
  return typeof sessionStorage === 'undefined' ? {} : read();
}

/** Remembers the period chosen for a name (by its punycode). */
export function choosePeriod(punycode: string, years: number): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...read(), [punycode.toLowerCase()]: years }));
  } catch {
    // storage full or disabled: the purchase starts from the minimum period
  }
}
