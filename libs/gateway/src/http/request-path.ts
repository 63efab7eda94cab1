import type { Request } from 'express';

/**
 * The request's full path. Middleware applied with Nest's `forRoutes('*')` is mounted on a wildcard, where express's
 * `req.path` is relative to the mount point, so path rules (exemptions, skips) must read the original URL.
 */
export function requestPath(req: Request): string {
  return (req.originalUrl ?? req.url).split('?')[0];
}

/** The admin area: its pages and its calls (never cached, always role-checked). */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}
