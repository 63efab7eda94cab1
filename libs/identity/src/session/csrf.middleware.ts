import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { M } from '@registrar/messages';
import { expectedCsrfToken, tokensEqual } from './csrf';
import { requestPath } from '@registrar/infra';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Calls authenticated otherwise than by the session cookie: the public API (API keys), signed provider webhooks. */
// /admin/queues/: Bull Board's own calls (no token); its gate admits admins only and same-origin changes only
export const CSRF_EXEMPT = ['/api/v1/', '/stripe/webhook', '/admin/queues/'];

/**
 * The request rules of the 002 spec §7: every state-changing call carries X-Requested-With and an X-CSRF-TOKEN equal
 * to the session's token, or to a guest's cookie token while the session holds none (an ordinary form post may carry it as `_token` instead). Otherwise, or when the session has
 * expired, the answer is 419 and the web app shows セッションタイムアウト：ページを再読み込みします and reloads.
 */
@Injectable()
export class CsrfMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction) {
    if (SAFE.has(req.method)) return next();
    if (CSRF_EXEMPT.some((p) => requestPath(req).startsWith(p))) return next();
    const expected = expectedCsrfToken(req);
    const header = req.headers['x-csrf-token'];
    const fromHeader = typeof header === 'string' ? header : '';
    const body = req.body as Record<string, unknown> | undefined;
    const fromForm = body && typeof body._token === 'string' ? body._token : '';
    const isForm = String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') || String(req.headers['content-type'] ?? '').startsWith('multipart/form-data');
    const xhr = Boolean(req.headers['x-requested-with']);
    const ok = expected && ((xhr && tokensEqual(fromHeader, expected)) || (isForm && tokensEqual(fromForm, expected)));
    if (!ok) {
      res.status(419).json({ message: M.sessionTimeout });
      return;
    }
    if (body && '_token' in body) delete body._token;
    next();
  }
}
