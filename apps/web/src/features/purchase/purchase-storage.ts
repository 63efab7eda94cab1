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
  clearJpDrafts();
}

/**
 * The .co.jp WHOIS form of the purchase (issue 9), kept per domain as the member types, in the same tab storage as the
 * purchase: closing the form, registering a card or leaving the page do not lose it. Cleared when the purchase starts
 * (clearPurchase) and at logout (it holds personal data); a name's own draft also when its registration is accepted.
 */
const JP_DRAFT_PREFIX = 'registrar.purchase.jpWhoisDraft:';
/** the form last typed, whatever its name: a second .co.jp name of the cart starts from it (often the same company) */
const JP_DRAFT_LAST = `${JP_DRAFT_PREFIX}*`;

/** The draft of this name, else the last one typed for another name of the purchase. */
export function readJpDraft<T extends object>(domainName: string, valid: (v: T) => boolean): T | null {
  for (const key of [JP_DRAFT_PREFIX + domainName, JP_DRAFT_LAST]) {
    try {
      const v = JSON.parse(sessionStorage.getItem(key) ?? 'null') as T | null;
      if (v && typeof v === 'object' && valid(v)) return v;
    } catch {
      // unreadable: try the next, else a blank form
    }
  }
  return null;
}

export function saveJpDraft(domainName: string, draft: object): void {
  try {
    const json = JSON.stringify(draft);
    sessionStorage.setItem(JP_DRAFT_PREFIX + domainName, json);
    sessionStorage.setItem(JP_DRAFT_LAST, json);
  } catch {
    // storage full or blocked: the form still works, it is just not kept
  }
}

export function clearJpDrafts(domainName?: string): void {
  try {
    const keys = domainName ? [JP_DRAFT_PREFIX + domainName] : Object.keys(sessionStorage).filter((k) => k.startsWith(JP_DRAFT_PREFIX));
    for (const k of keys) sessionStorage.removeItem(k);
  } catch {
    // nothing to clear
  }
}
