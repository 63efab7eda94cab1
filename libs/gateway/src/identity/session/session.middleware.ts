import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import session from 'express-session';
import IORedis from 'ioredis';
import { IdentityConfig } from '../identity.config';
import { IDENTITY_REDIS, SESSION_COOKIE } from '../identity.constants';
import { RedisSessionStore } from './redis-session.store';
import './session.types';
import { requestPath } from '../../http/request-path';

/**
 * Sessions in Redis. The cookie is HttpOnly and SameSite=Lax, Secure when the request came over TLS
 * (directly or through a trusted proxy: `trust proxy` is set by the gateway).
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
      rolling: true,
      proxy: undefined,
      cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: config.SESSION_TTL_S * 1000, path: '/' },
    });
  }

  use(req: Request, res: Response, next: NextFunction) {
    // the public API authenticates by API key only: no session is read or made
    if (req.session || requestPath(req).startsWith('/health/') || requestPath(req).startsWith('/assets/') || requestPath(req).startsWith('/api/v1/')) return next();
    this.handler(req, res, next);
  }
}
