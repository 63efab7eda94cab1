/**
 * The conditions of an admin search page live in the URL (page and the form's fields), so a search can be reloaded,
 * shared and walked back. A numeric user id goes into the URL as a number: TanStack Router writes a numeric string
 * quoted (`userId=%22100001%22`), so both forms are read back.
 */
/** validateSearch of such a page: page when above 1, and each condition that is set. */
export function readConditions<Q extends { page?: number }>(s: Record<string, unknown>, keys: readonly (keyof Q & string)[]): Q {
  const out: Record<string, unknown> = {};
  if (Number(s.page) > 1) out.page = Math.floor(Number(s.page));
  for (const k of keys) {
    const v = s[k];
    if (typeof v === 'string' && v) out[k] = v;
    else if (typeof v === 'number') out[k] = k === 'userId' ? v : String(v);
  }
  return out as Q;
}

/** The URL search of a submitted form: its trimmed, non-empty conditions; a new search starts at page 1. */
export function conditionsOf<Q extends { page?: number }>(form: Q, keys: readonly (keyof Q & string)[]): Q {
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = String((form as Record<string, unknown>)[k] ?? '').trim();
    if (v) out[k] = k === 'userId' && /^\d+$/.test(v) ? Number(v) : v;
  }
  return out as Q;
}
