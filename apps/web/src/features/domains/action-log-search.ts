/** The action history's search params (001 §2), apart from its page: the route's validation is part of the first load. */
export interface ActionLogSearch { page?: number; actionId?: string; description?: string; date1?: string; date2?: string }

const s = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim().slice(0, 253) : '');
export function validateActionLogSearch(search: Record<string, unknown>): ActionLogSearch {
  const out: ActionLogSearch = {};
  const page = s(search.page);
  if (/^\d{1,9}$/.test(page) && Number(page) > 1) out.page = Number(page);
  for (const k of ['actionId', 'description', 'date1', 'date2'] as const) {
    const v = s(search[k]);
    if (v) out[k] = v;
  }
  return out;
}
