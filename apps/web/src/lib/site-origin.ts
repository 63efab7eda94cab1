/**
 * The site's origin (for URLs a page shows, e.g. the API base in the API docs). In the browser it is the page's own;
 * while the gateway renders a page it is a placeholder that the gateway replaces with the site's origin when it sends
 * the page (spa.middleware.ts), so the server's markup and the browser's agree at hydration.
 */
export const SERVER_ORIGIN_PLACEHOLDER = '__ORIGIN__';

export function siteOrigin(): string {
  return typeof window === 'undefined' ? SERVER_ORIGIN_PLACEHOLDER : window.location.origin;
}
