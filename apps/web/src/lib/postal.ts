/**
 * Japanese postal-code lookup (served by the product from bundled data): GET /postal/{7 digits}.
 * The client gives up after 2 s; a failure (timeout, unknown code, network) answers null and changes nothing.
 * Reused by every address form (user information now, WHOIS contact forms later).
 */
import { useRef } from 'react';
import { api } from './api';

export interface PostalAddress {
  prefcode: string;
  prefecture: string;
  ja: { address1: string; address2: string };
  en: { prefecture: string; address1: string; address2: string };
}

export async function lookupPostal(code: string): Promise<PostalAddress | null> {
  const digits = code.replace(/[-‐－ー]/g, '').replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
  if (!/^\d{7}$/.test(digits)) return null;
  try {
    return await api<PostalAddress>(`/postal/${digits}`, { timeoutMs: 2000 });
  } catch {
    return null;
  }
}

/** Calls `onFound` when the code becomes exactly 7 digits and the lookup answers (latest request wins). */
export function usePostalLookup(onFound: (a: PostalAddress) => void) {
  const seq = useRef(0);
  return async (code: string) => {
    const mine = ++seq.current;
    const found = await lookupPostal(code);
    if (found && mine === seq.current) onFound(found);
  };
}
