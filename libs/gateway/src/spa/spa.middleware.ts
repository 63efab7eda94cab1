import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import fs from 'node:fs';
import path from 'node:path';
import { GatewayConfig } from '../gateway.config';
import { ensureCsrfToken } from '../identity/session/csrf';

/**
 * Serves the single-page app. Page URLs and API paths share the spec's names (GET domain/price is a page,
 * GET domain/price/search is a call), so a GET that a browser navigates to (Accept: text/html, no X-Requested-With)
 * gets index.html, and every call made by the app (X-Requested-With: XMLHttpRequest) reaches the controllers.
 */
@Injectable()
export class SpaMiddleware implements NestMiddleware {
  private indexHtml: string | null = null;
  private readonly distDir: string;
  constructor(config: GatewayConfig) {
    this.distDir = path.resolve(process.cwd(), config.WEB_DIST);
  }

  use(req: Request, res: Response, next: NextFunction) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.headers['x-requested-with']) return next();
    if (req.path.startsWith('/health') || req.path.startsWith('/api/v1') || req.path.startsWith('/dev/')) return next();
    const accept = String(req.headers.accept ?? '');
    if (!accept.includes('text/html')) return next();
    const html = this.load();
    if (!html) return next();
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    // the page's meta token (002 spec §7): the session's CSRF token, sent by the app on every state-changing call
    const token = ensureCsrfToken(req);
    res.send(html.replace(/<meta name="csrf-token" content="[^"]*"\s*\/?>/, `<meta name="csrf-token" content="${token}" />`));
  }

  private load(): string | null {
    if (this.indexHtml && process.env.NODE_ENV === 'production') return this.indexHtml;
    const file = path.join(this.distDir, 'index.html');
    this.indexHtml = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
    return this.indexHtml;
  }
}
