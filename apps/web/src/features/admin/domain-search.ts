// The admin domain list's URL search, apart from the admin API: the route tree (every first load) imports it.

/** The admin domain list's conditions (002 §3 "Admin search conditions"), kept in the URL as strings. */
export const ADMIN_DOMAIN_FILTERS = ['key', 'userId', 'isWhoisProxy', 'isDomainLock', 'isStatus', 'isTrash', 'obtainDateStart', 'obtainDateEnd', 'dueDateStart', 'dueDateEnd', 'nameServer'] as const;
export type AdminDomainFilter = (typeof ADMIN_DOMAIN_FILTERS)[number];
export type AdminDomainSearch = Partial<Record<AdminDomainFilter | 'sort', string>> & { validDomainPage?: number; pagingNum?: number };
