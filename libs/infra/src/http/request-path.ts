import type { Request } from 'express';

/**
 * The request's full path. Middleware applied with Nest's `forRoutes('*')` is mounted on a wildcard, where express's
 * `req.path` is relative to the mount point, so path rules (exemptions, skips) must read the original URL.
 */
export function requestPath(req: Request): string {
  return (req.originalUrl ?? req.url).split('?')[0];
}

/**
 * The path as routing sees it, for access rules: percent-decoded, repeated slashes collapsed and lower-cased (express
 * routes /Mypage/cart to the /mypage/cart handler, so a case-sensitive rule would let it through as public).
 */
export function normalisedPath(path: string): string {
  let p = path.split('?')[0];
  try {
    p = decodeURIComponent(p);
  } catch {
    // a malformed escape: keep the raw text (routing will not match it either)
  }
  return p.replace(/\/{2,}/g, '/').toLowerCase();
}

/** The admin area: its pages and its calls (never cached, always role-checked). */
export function isAdminPath(pathname: string): boolean {
  const p = normalisedPath(pathname);
  return p === '/admin' || p.startsWith('/admin/');
}
