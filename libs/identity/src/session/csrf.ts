import crypto from 'node:crypto';
import type { Request } from 'express';
import { GUEST_CSRF_COOKIE } from '../identity.constants';
import './session.types';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const newToken = () => crypto.randomBytes(32).toString('base64url');

/** Whether the session holds anything worth storing (so it will be saved and may carry its own token). */
function sessionHoldsData(req: Request): boolean {
  if (!req.session) return false;
  return Object.keys(req.session).some((k) => k !== 'cookie' && k !== 'csrfToken' && (req.session as unknown as Record<string, unknown>)[k] !== undefined);
}

/** A guest's token: kept in an HttpOnly cookie (double submit), so a visitor who only looks gets no session in Redis. */
function guestToken(req: Request): string {
  const fromCookie = (req.cookies as Record<string, unknown> | undefined)?.[GUEST_CSRF_COOKIE];
  if (typeof fromCookie === 'string' && TOKEN.test(fromCookie)) return fromCookie;
  const token = newToken();
  req.res?.cookie(GUEST_CSRF_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' });
  if (req.cookies) (req.cookies as Record<string, string>)[GUEST_CSRF_COOKIE] = token;
  return token;
}

/**
 * The CSRF token of the request (002 spec §7). A session that holds something (a signed-in account, a pending second
 * factor, …) has its own token, created here when missing; a guest's session is never stored just for a token:
 * the guest gets one in a cookie instead, which the CSRF check accepts while the session has none.
 */
export function ensureCsrfToken(req: Request): string {
  if (!req.session) return '';
  if (req.session.csrfToken) return req.session.csrfToken;
  if (sessionHoldsData(req)) {
    req.session.csrfToken = newToken();
    return req.session.csrfToken;
  }
  return guestToken(req);
}

/** The token a state-changing request must carry: the session's, or the guest cookie's while the session has none. */
export function expectedCsrfToken(req: Request): string {
  if (req.session?.csrfToken) return req.session.csrfToken;
  const fromCookie = (req.cookies as Record<string, unknown> | undefined)?.[GUEST_CSRF_COOKIE];
  return typeof fromCookie === 'string' && TOKEN.test(fromCookie) ? fromCookie : '';
}

export function tokensEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && x.length > 0 && crypto.timingSafeEqual(x, y);
}
