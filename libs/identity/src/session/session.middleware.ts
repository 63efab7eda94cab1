import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import session from 'express-session';
import IORedis from 'ioredis';
import { IdentityConfig } from '../identity.config';
import { IDENTITY_REDIS, SESSION_COOKIE } from '../identity.constants';
import { RedisSessionStore } from './redis-session.store';
import './session.types';
import { requestPath } from '@registrar/infra';

/** How often a signed-in session's cookie gets a new expiry (the Redis TTL slides on every request by `touch`). */
export const COOKIE_REFRESH_MS = 60 * 60 * 1000;

/**
 * Sessions in Redis. The cookie is HttpOnly and SameSite=Lax, Secure when the request came over TLS
 * (directly or through a trusted proxy: `trust proxy` is set by the gateway).
 *
 * Not `rolling`: a rolling session answers every request with its cookie, so a request still in flight when the session
 * id is renewed (login, two-factor set up: `regenerateSession`) answered with the OLD id after the new one had been
 * set, and the browser kept the old, destroyed id: the member was signed out right after enabling two-factor (a
 * re-consent check running beside it was enough). The cookie is now sent when the session is new or changed, and a
 * signed-in session's expiry is pushed forward by changing it at most once an hour; the server side slides per request.
 */
@Injectable()
export class SessionMiddleware implements NestMiddleware {
  private readonly handler: ReturnType<typeof session>;

  constructor(config: IdentityConfig, @Inject(IDENTITY_REDIS) redis: IORedis) {
    this.handler = session({
      name: SESSION_COOKIE,
      secret: config.sessionSecret,
      store: new RedisSessionStore(redis, config.SESSION_TTL_S),
      resave: false,
      saveUninitialized: false,
      rolling: false,
      proxy: undefined,
      cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: config.SESSION_TTL_S * 1000, path: '/' },
    });
  }

  use(req: Request, res: Response, next: NextFunction) {
    // the public API authenticates by API key only: no session is read or made
    if (req.session || requestPath(req).startsWith('/health/') || requestPath(req).startsWith('/assets/') || requestPath(req).startsWith('/api/v1/')) return next();
    this.handler(req, res, (err?: unknown) => {
      const s = req.session;
      if (!err && s?.userId && Date.now() - (s.cookieRefreshedAt ?? 0) > COOKIE_REFRESH_MS) s.cookieRefreshedAt = Date.now();
      next(err as never);
    });
  }
}
