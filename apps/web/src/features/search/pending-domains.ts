/**
 * A guest's picks before login (000 §2). They are kept in local storage, not session storage, so every tab of the
 * browser sees them: the one login tab, the sign-up page and the tab the confirmation mail's link opens. At login and
 * at the confirmation that signs in, they move into the member's server-side cart (`moveGuestPicksToCart`).
 */
import { OrdersHttpPaths, type CartAddResult } from '@registrar/contracts';
import { api } from '../../lib/api';

export const GUEST_PENDING_KEY = 'registrar.search.guestDomain';

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readPending(key: string = GUEST_PENDING_KEY): string[] {
  try {
    const v = JSON.parse(store()?.getItem(key) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function addPending(key: string, names: string[]): string[] {
  const next = [...new Set([...readPending(key), ...names])];
  store()?.setItem(key, JSON.stringify(next));
  return next;
}

export function clearPending(key: string = GUEST_PENDING_KEY): void {
  store()?.removeItem(key);
}

/**
 * Puts the guest's picks into the member's cart and forgets them. Answers how many were picked (0: nothing to
 * continue with) and the cart's refusals (a full cart, an unregistrable name) to show on the search page.
 */
export async function moveGuestPicksToCart(): Promise<{ picked: number; errors: string[] }> {
  const names = readPending();
  if (!names.length) return { picked: 0, errors: [] };
  try {
    const r = await api<CartAddResult>(OrdersHttpPaths.cartAdd, { body: { domainNames: names } });
    clearPending();
    return { picked: names.length, errors: r.errors ?? [] };
  } catch {
    // kept for the next try (the search page offers them again)
    return { picked: names.length, errors: [] };
  }
}

/** Where a member goes to finish a purchase: the purchase step, or first the user information (with a way back). */
export const PURCHASE_RETURN = '/mypage/search?purchase=1';
export function purchaseDestination(user: { can_purchase?: boolean } | null | undefined): string {
  return user?.can_purchase ? PURCHASE_RETURN : `/mypage/user/register?redirect=${encodeURIComponent(PURCHASE_RETURN)}`;
}

/** The guests' login tab: one for the whole search, focused again rather than opened once per pick. */
const LOGIN_TAB = 'registrar-login';
let loginTab: Window | null = null;
export function openLoginTab(): void {
  if (loginTab && !loginTab.closed) {
    loginTab.focus();
    return;
  }
  loginTab = window.open('/login?non_login=yes', LOGIN_TAB);
}
