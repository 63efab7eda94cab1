// The inbox's URL search, kept apart from the API module: the route tree (every first load) imports it.

/** The inbox's search (002 spec: type, status, page; page defaults to 1). */
export interface InboxSearch {
  type?: number;
  status?: number;
  page?: number;
}

const intIn = (v: unknown, allowed: number[]) => {
  const n = Number(v);
  return v !== undefined && v !== null && v !== '' && Number.isInteger(n) && allowed.includes(n) ? n : undefined;
};

export function validateInboxSearch(s: Record<string, unknown>): InboxSearch {
  const page = Number(s.page);
  return {
    type: intIn(s.type, [0, 1, 2, 3, 4, 5, 6]),
    status: intIn(s.status, [0, 1, 2]),
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}

