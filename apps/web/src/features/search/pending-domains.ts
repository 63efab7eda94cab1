/** A guest's choice before login (000 §2): kept in session storage, which the login tab opened from here inherits. */
export const GUEST_PENDING_KEY = 'registrar.search.guestDomain';

export function readPending(key: string): string[] {
  try {
    const v = JSON.parse(sessionStorage.getItem(key) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function addPending(key: string, names: string[]): string[] {
  const next = [...new Set([...readPending(key), ...names])];
  sessionStorage.setItem(key, JSON.stringify(next));
  return next;
}
