/**
 * The renewal kept in session storage while the browser is away (card registration, 3-D Secure, the wallet's page;
 * 001 §4 "Return from the card"): the chosen domains, years, options and, once back, the payment session and its outcome.
 * The list reopens the renewal modal with these domains (action=renewDomain); the modal restores the rest and, when the
 * payment succeeded, completes the renewal with the paid session.
 */
/** the storage key (re-exported by operations.tsx) */
export const RENEW_SESSION_KEY = 'renewDomainSession';

export interface SavedRenewal {
  domainIds: number[];
  years: Record<number, number>;
  allYears: string;
  withAutoUpdate: boolean;
  agreed: boolean;
  tab: 'card' | 'wallet';
  /** set by the list on return from the provider */
  payment?: { sessionId: string; result: 'success' | 'failed' } | null;
  savedAt: number;
}

const MAX_AGE_MS = 24 * 3600_000;

export function saveRenewal(r: Omit<SavedRenewal, 'savedAt'>): void {
  try {
    sessionStorage.setItem(RENEW_SESSION_KEY, JSON.stringify({ ...r, savedAt: Date.now() }));
  } catch {
    // storage blocked: the return then opens the list only
  }
}

export function readRenewal(): SavedRenewal | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(RENEW_SESSION_KEY) ?? 'null') as Partial<SavedRenewal> | null;
    if (!v || !Array.isArray(v.domainIds) || Date.now() - (v.savedAt ?? 0) > MAX_AGE_MS) return null;
    const domainIds = v.domainIds.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
    const years: Record<number, number> = {};
    for (const [k, y] of Object.entries(v.years ?? {})) if (Number.isInteger(Number(y))) years[Number(k)] = Number(y);
    const p = v.payment;
    return {
      domainIds, years, allYears: typeof v.allYears === 'string' ? v.allYears : '', withAutoUpdate: v.withAutoUpdate === true, agreed: v.agreed === true,
      tab: v.tab === 'wallet' ? 'wallet' : 'card',
      payment: p && typeof p.sessionId === 'string' && (p.result === 'success' || p.result === 'failed') ? { sessionId: p.sessionId, result: p.result } : null,
      savedAt: v.savedAt ?? 0,
    };
  } catch {
    return null;
  }
}

export function clearRenewal(): void {
  try {
    sessionStorage.removeItem(RENEW_SESSION_KEY);
  } catch {
    // nothing to clear
  }
}

/** The saved renewal when it is for exactly these domains. */
export function savedRenewalFor(ids: number[]): SavedRenewal | null {
  const s = readRenewal();
  if (!s) return null;
  const a = [...s.domainIds].sort((x, y) => x - y).join(',');
  const b = [...ids].sort((x, y) => x - y).join(',');
  return a === b ? s : null;
}
