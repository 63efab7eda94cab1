import crypto from 'node:crypto';
import type { Request } from 'express';
import './session.types';

/** Returns the session's CSRF token, creating one (32 random bytes) when the session has none. */
export function ensureCsrfToken(req: Request): string {
  if (!req.session) return '';
  if (!req.session.csrfToken) req.session.csrfToken = crypto.randomBytes(32).toString('base64url');
  return req.session.csrfToken;
}

export function tokensEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && x.length > 0 && crypto.timingSafeEqual(x, y);
}
