import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * A larger JSON body limit (a zone file import's text) granted only to a caller already authenticated: `authenticated`
 * runs before any byte of the body is read (a session from its cookie, an API key from its header), and only then is
 * the body parsed with `big`. Anyone else falls through to the ordinary parser and its default limit, which refuses a
 * large body with 413 from its Content-Length (or once the limit is read) without parsing it.
 */
export function jsonAfterAuth(big: RequestHandler, authenticated: (req: Request, res: Response) => Promise<boolean>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    authenticated(req, res).then((ok) => (ok ? big(req, res, next) : next()), next);
  };
}
