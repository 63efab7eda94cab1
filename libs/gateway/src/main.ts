import 'reflect-metadata';
import { keepIdleConnections } from './keep-alive';
import { RpcTimeoutFilter } from './rpc-timeout.filter';
import { ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express from 'express';
import helmet from 'helmet';
import path from 'node:path';
import { createLogger, PinoNestLogger, isAdminPath, requestPath } from '@registrar/infra';
import { GatewayConfig } from './gateway.config';
import { verifyJsonBody } from './http/json-depth';
import { jsonAfterAuth } from './http/big-body';
import { ApiKeyGuard } from './public-api/api-key.guard';
import { InputGuardInterceptor } from './http/input-guard';
import { GatewayModule } from './gateway.module';
import { SessionMiddleware, devToolsEnabled, expectedCsrfToken, tokensEqual } from '@registrar/identity';
import { PublicToolsConfig } from './public-whois/public-tools.config';
import { PublicWhoisService } from './public-whois/public-whois.service';
import { startRegistrarWhois } from './public-whois/whois-port43.server';
import { immutableAssets, precompressedStatic, webCacheControl } from './spa/precompressed';
import { PublicApiModule } from './public-api/public-api.module';
import { buildOpenApiDocument, OpenApiDocumentHolder } from './public-api/openapi';

/** The HTTP edge's app-level settings, shared by startGateway() and the integration tests that boot GatewayModule. */
export function configureGatewayApp(app: NestExpressApplication, webDist?: string): NestExpressApplication {
  app.set('trust proxy', process.env.TRUST_PROXY ?? 'loopback');
  app.disable('x-powered-by');
  // the web build's hashed scripts and styles, precompressed, with the headers that act on a subresource only
  if (webDist) app.use(immutableAssets(webDist));
  app.use(helmet({
    // the app is our own bundle only: no inline or foreign scripts; Mantine and React set inline styles; the 2FA QR code is a data: image
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS only on answers that came over https (directly or through a trusted proxy), never on plain-http local runs
    strictTransportSecurity: false,
  }));
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  });
  app.use(compression());
  app.use(cookieParser());
  // our JSON parser (Nest then adds none of its own): keeps the raw body and refuses deep nesting with 400 before parsing
  // zone file imports carry the file's text (up to 4 MB), read only once the caller is authenticated (a signed-in
  // session with its CSRF token, a good API key): an anonymous client never makes the gateway read or parse 5 MB;
  // every other body, and those of anyone else, keep the parser's default limit (413 for more)
  const sessions = app.get(SessionMiddleware);
  const big = express.json({ verify: verifyJsonBody, limit: '5mb' });
  app.use('/mypage/domain/dns/import', jsonAfterAuth(big, (req, res) => new Promise<boolean>((resolve, reject) => {
    sessions.use(req, res, (err?: unknown) => {
      if (err) return reject(err);
      const header = req.headers['x-csrf-token'];
      resolve(!!req.session?.userId && typeof header === 'string' && tokensEqual(header, expectedCsrfToken(req)));
    });
  })));
  const apiKeys = app.get(ApiKeyGuard);
  app.use('/api/v1/domains/:domain/zone', jsonAfterAuth(big, (req, res) => apiKeys.authenticatedBeforeBody(req, res)));
  app.use(express.json({ verify: verifyJsonBody }));
  // sessions before any module middleware (the SPA middleware puts the session's CSRF token into the page)
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => sessions.use(req, res, next));
  // admin pages and admin calls are never cached (browser, proxies, back/forward cache)
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (isAdminPath(requestPath(req))) {
      res.setHeader('Cache-Control', 'no-store, max-age=0');
      res.setHeader('Pragma', 'no-cache');
    }
    next();
  });
  // objects in queries, NUL and control bytes, numbers no column holds: 400 before any handler (issue 23, finding 9)
  app.useGlobalInterceptors(new InputGuardInterceptor());
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, transform: true, forbidNonWhitelisted: false }));
  app.useGlobalFilters(new RpcTimeoutFilter());
  // the public API's OpenAPI document, generated from its controllers and DTOs, served at /api/v1/openapi.json
  app.get(OpenApiDocumentHolder).set(buildOpenApiDocument(app, [PublicApiModule]));
  return app;
}

/**
 * The address the gateway binds: HOST when given; otherwise loopback in the local runtime (npm start, where /dev/mail
 * and /dev/sms exist) and every interface in a deployment (containers set no LOCAL_RUNTIME).
 */
export function listenHost(env: NodeJS.ProcessEnv = process.env): string {
  if (env.HOST) return env.HOST;
  return devToolsEnabled(env) ? '127.0.0.1' : '0.0.0.0';
}

/** Starts the HTTP edge: API, sessions, CSRF, and the built web app. */
export async function startGateway(): Promise<NestExpressApplication> {
  const logger = createLogger('gateway');
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule, { logger: new PinoNestLogger(logger), bodyParser: true, rawBody: true });
  const config = app.get(GatewayConfig);
  const dist = path.resolve(process.cwd(), config.WEB_DIST);
  configureGatewayApp(app, dist);
  // the build's other files (boot.js, the favicon): precompressed where the browser takes it, else as they are
  app.use(precompressedStatic(dist));
  app.use(express.static(dist, { index: false, maxAge: '1h', setHeaders: (res, file) => { if (file.includes('/assets/')) res.setHeader('Cache-Control', webCacheControl(file)); } }));
  app.enableShutdownHooks();
  await app.listen(config.PORT, listenHost());
  keepIdleConnections(app.getHttpServer());
  logger.info({ port: config.PORT, host: listenHost() }, `gateway listening on http://${listenHost()}:${config.PORT}`);
  // the port-43 WHOIS server of the domains we sponsor (docs/public-whois.md), closed with the app
  const tools = app.get(PublicToolsConfig);
  if (tools.WHOIS_PORT) {
    const whois = app.get(PublicWhoisService);
    const server = await startRegistrarWhois({ port: tools.WHOIS_PORT, host: tools.WHOIS_BIND || listenHost(), lookup: (name) => whois.whoisText(name), onError: (e) => logger.error({ err: e }, 'port-43 WHOIS answer failed') });
    logger.info({ port: server.port }, `WHOIS (port 43 protocol) on ${tools.WHOIS_BIND || listenHost()}:${server.port}`);
    const close = app.close.bind(app);
    app.close = async () => {
      await server.close();
      await close();
    };
  }
  return app;
}
