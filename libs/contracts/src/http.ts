/**
 * Public HTTP API of the gateway used by the web app (paths as the specifications name them).
 * Page URLs and API calls may share a path: a browser navigation gets the app, a call with
 * X-Requested-With: XMLHttpRequest gets JSON.
 */
export const HttpPaths = {
  /** GET ?categoryId -> PriceSearchResult */
  priceSearch: '/domain/price/search',
  /** GET ?categoryId -> DeadlineSearchResult */
  deadlineSearch: '/domain/deadline/search',
  /** GET -> CategoryListResult */
  categories: '/domain/category/list',
  /** GET (XHR) /domain/tld/{tld_name} -> TldDetailDto, 404 when unknown */
  tldDetail: (tldName: string) => `/domain/tld/${encodeURIComponent(tldName)}`,
  /** GET -> SessionResult (guests get user null) */
  session: '/session',
} as const;
