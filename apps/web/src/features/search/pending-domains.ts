/**
 * Names kept in session storage while the cart does not exist yet: a guest's choice before login (000 §2), and a
 * member's "add" until the cart issue lands.
 */
export const GUEST_PENDING_KEY = 'registrar.search.guestDomain';
export const MEMBER_PENDING_KEY = 'registrar.search.pendingCart';

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

export function removePending(key: string, name: string): string[] {
  const next = readPending(key).filter((n) => n !== name);
  sessionStorage.setItem(key, JSON.stringify(next));
  return next;
}
