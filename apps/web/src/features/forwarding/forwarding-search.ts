/** The forwarding page's search (?id= the domain), kept apart from the page: the route tree (every first load) imports it. */
export function validateForwardingSearch(s: Record<string, unknown>): { id: number } {
  const n = Number(s.id);
  return { id: Number.isSafeInteger(n) && n > 0 ? n : 0 };
}
