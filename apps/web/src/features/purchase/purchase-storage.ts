/**
 * The purchase kept in session storage across the card pages (000 §2, §4): registering a card or authenticating a
 * payment leaves the app; on return (action=createDomain) the purchase step reopens with the same domains and periods,
 * or, when the payment session is paid, the purchase runs at once.
 */
export interface SavedPurchase {
  domains: { name: string; punycode: string; period?: number }[];
  /** .co.jp names whose WHOIS registration (prereq) was accepted */
  prereqDone: string[];
  savedAt: number;
}

export const PURCHASE_STORAGE_KEY = 'registrar.purchase.pending';
const MAX_AGE_MS = 24 * 3600_000;

export function savePurchase(p: Omit<SavedPurchase, 'savedAt'>): void {
  try {
    sessionStorage.setItem(PURCHASE_STORAGE_KEY, JSON.stringify({ ...p, savedAt: Date.now() }));
  } catch {
    // storage full or blocked: the return then starts from the cart
  }
}

export function readPurchase(): SavedPurchase | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(PURCHASE_STORAGE_KEY) ?? 'null') as SavedPurchase | null;
    if (!v || !Array.isArray(v.domains) || Date.now() - (v.savedAt ?? 0) > MAX_AGE_MS) return null;
    return { domains: v.domains.filter((d) => typeof d?.name === 'string' && typeof d?.punycode === 'string'), prereqDone: Array.isArray(v.prereqDone) ? v.prereqDone : [], savedAt: v.savedAt };
  } catch {
    return null;
  }
}

export function clearPurchase(): void {
  try {
    sessionStorage.removeItem(PURCHASE_STORAGE_KEY);
  } catch {
    // nothing to clear
  }
}
