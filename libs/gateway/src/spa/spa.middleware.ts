import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import fs from 'node:fs';
import path from 'node:path';
import { GatewayConfig } from '../gateway.config';
import { ensureCsrfToken } from '../identity/session/csrf';
import { CatalogPageStatus } from '../catalog/catalog-page-status';
import { isAdminPath, requestPath } from '../http/request-path';
import { MarketPageMeta } from '../market/market-page-meta';

/**
 * Serves the single-page app. Page URLs and API paths share the spec's names (GET domain/price is a page,
 * GET domain/price/search is a call), so a GET that a browser navigates to (Accept: text/html, no X-Requested-With)
 * gets index.html, and every call made by the app (X-Requested-With: XMLHttpRequest) reaches the controllers.
 */
@Injectable()
export class SpaMiddleware implements NestMiddleware {
  private indexHtml: string | null = null;
  private readonly distDir: string;
  constructor(config: GatewayConfig, private readonly catalogPages: CatalogPageStatus, private readonly marketPages: MarketPageMeta) {
    this.distDir = path.resolve(process.cwd(), config.WEB_DIST);
  }

  use(req: Request, res: Response, next: NextFunction) {
    this.serve(req, res, next).catch(next);
  }

  private async serve(req: Request, res: Response, next: NextFunction): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.headers['x-requested-with']) return next();
    const pathname = requestPath(req);
    if (pathname.startsWith('/health') || pathname.startsWith('/api/v1') || pathname.startsWith('/rdap/') || pathname.startsWith('/dev/') || pathname === '/admin/queues' || pathname.startsWith('/admin/queues/')) return next();
    const accept = String(req.headers.accept ?? '');
    if (!accept.includes('text/html')) return next();
    const html = this.load();
    if (!html) return next();
    // a page for something that does not exist is a real 404 (the app shows its 404 page either way)
    // a market listing's page carries its own title and description in the HTML (docs/market.md)
    const meta = await this.marketPages.metaFor(pathname);
    res.status(meta?.status ?? (await this.catalogPages.statusFor(pathname)));
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    // admin pages are never stored anywhere; other pages are revalidated
    res.setHeader('Cache-Control', isAdminPath(pathname) ? 'no-store, max-age=0' : 'no-cache');
    // the page's meta token (002 spec §7): the session's CSRF token, sent by the app on every state-changing call
    const token = ensureCsrfToken(req);
    const page = meta ? MarketPageMeta.apply(html, meta) : html;
    res.send(page.replace(/<meta name="csrf-token" content="[^"]*"\s*\/?>/, `<meta name="csrf-token" content="${token}" />`));
  }

  private load(): string | null {
    if (this.indexHtml && process.env.NODE_ENV === 'production') return this.indexHtml;
    const file = path.join(this.distDir, 'index.html');
    this.indexHtml = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
    return this.indexHtml;
  }
}
