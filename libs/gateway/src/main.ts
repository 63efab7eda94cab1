import 'reflect-metadata';
import { ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express from 'express';
import helmet from 'helmet';
import path from 'node:path';
import { createLogger, PinoNestLogger } from '@registrar/infra';
import { GatewayConfig } from './gateway.config';
import { GatewayModule } from './gateway.module';
import { SessionMiddleware } from './identity/session/session.middleware';
import { isAdminPath, requestPath } from './http/request-path';

/** The HTTP edge's app-level settings, shared by startGateway() and the integration tests that boot GatewayModule. */
export function configureGatewayApp(app: NestExpressApplication): NestExpressApplication {
  app.set('trust proxy', process.env.TRUST_PROXY ?? 'loopback');
  app.disable('x-powered-by');
  app.use(helmet({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false }));
  app.use(compression());
  app.use(cookieParser());
  // sessions before any module middleware (the SPA middleware puts the session's CSRF token into the page)
  const sessions = app.get(SessionMiddleware);
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => sessions.use(req, res, next));
  // admin pages and admin calls are never cached (browser, proxies, back/forward cache)
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (isAdminPath(requestPath(req))) {
      res.setHeader('Cache-Control', 'no-store, max-age=0');
      res.setHeader('Pragma', 'no-cache');
    }
    next();
  });
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, transform: true, forbidNonWhitelisted: false }));
  return app;
}

/** Starts the HTTP edge: API, sessions, CSRF, and the built web app. */
export async function startGateway(): Promise<NestExpressApplication> {
  const logger = createLogger('gateway');
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule, { logger: new PinoNestLogger(logger), bodyParser: true, rawBody: true });
  const config = app.get(GatewayConfig);
  configureGatewayApp(app);
  const dist = path.resolve(process.cwd(), config.WEB_DIST);
  app.use(express.static(dist, { index: false, maxAge: '1h', setHeaders: (res, file) => { if (file.includes('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable'); } }));
  app.enableShutdownHooks();
  await app.listen(config.PORT, process.env.HOST ?? '0.0.0.0');
  logger.info({ port: config.PORT }, `gateway listening on http://localhost:${config.PORT}`);
  return app;
}
