import { Injectable, Logger, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { GatewayConfig } from '../gateway.config';
import { ensureCsrfToken } from '@registrar/identity';
import { CatalogPageStatus } from '../catalog/catalog-page-status';
import { isAdminPath, requestPath } from '@registrar/infra';
import { PageRenderer } from './page-renderer';
import { MarketPageMeta } from '../market/market-page-meta';

/** Paths that are never pages (the public API, health, RDAP, dev tools, the queue board, built files, robots/sitemap). */
export function isNeverPage(pathname: string): boolean {
  return (
    pathname.startsWith('/health') ||
    pathname.startsWith('/api/v1') ||
    pathname.startsWith('/rdap/') ||
    pathname.startsWith('/dev/') ||
    pathname.startsWith('/assets/') ||
    pathname === '/robots.txt' ||
    pathname === '/sitemap.xml' ||
    pathname === '/admin/queues' ||
    pathname.startsWith('/admin/queues/')
  );
}

/** A request the app's HTTP client did not make and that does not insist on JSON: a browser, a crawler, curl. */
export function wantsPage(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.headers['x-requested-with']) return false;
  const accept = String(req.headers.accept ?? '').toLowerCase();
  return !(accept.includes('application/json') && !accept.includes('text/html'));
}

/**
 * Pages and API calls share the spec's paths (ADR 0003): a call made by the app carries X-Requested-With and reaches
 * the controllers; any other GET of a page path is answered with HTML whatever its Accept header (crawlers, link
 * previews and monitors send `*\/*`). Public pages (apps/web/src/ssr/public-pages.ts) arrive server-rendered with
 * their content (PageRenderer); member and admin pages get the client app's shell; a path that is no page goes on to
 * the controllers, and the 404 page is answered there when no controller has it either (PageNotFoundFilter).
 */
@Injectable()
export class SpaMiddleware implements NestMiddleware {
  private readonly logger = new Logger(SpaMiddleware.name);
  constructor(
    private readonly config: GatewayConfig,
    private readonly catalogPages: CatalogPageStatus,
    private readonly renderer: PageRenderer,
    private readonly marketPages: MarketPageMeta,
  ) {}

  use(req: Request, res: Response, next: NextFunction) {
    this.serve(req, res, next).catch(next);
  }

  private async serve(req: Request, res: Response, next: NextFunction): Promise<void> {
    if (!wantsPage(req)) return next();
    const pathname = requestPath(req);
    if (isNeverPage(pathname)) return next();
    const entry = await this.renderer.serverEntry().catch((e) => {
      this.logger.error(`the web app's server entry failed to load: ${(e as Error).message}`);
      return null;
    });
    const kind = entry ? entry.classify(pathname) : 'app';
    if (kind === 'unknown') return next();
    if (kind === 'public' && (await this.sendRendered(req, res, req.originalUrl ?? req.url))) return;
    const html = this.renderer.shell();
    if (!html) return next();
    // a market listing's page carries its own title and description in the HTML (docs/market.md); without the server
    // entry, a page for something that does not exist is still a real 404 (the app shows its 404 page)
    const meta = await this.marketPages.metaFor(pathname);
    res.status(meta?.status ?? (entry ? 200 : await this.catalogPages.statusFor(pathname)));
    this.sendHtml(req, res, meta ? MarketPageMeta.apply(html, meta, `${this.siteOrigin(req)}${pathname.replace(/\/+$/, '')}`) : html, pathname);
  }

  /** Renders `url` and sends it; false when it could not be rendered (the caller falls back to the client app). */
  async sendRendered(req: Request, res: Response, url: string, status?: number): Promise<boolean> {
    let page;
    try {
      page = await this.renderer.page(url, loopbackOrigin(req));
    } catch (e) {
      this.logger.error(`server rendering of ${url.split('?')[0]} failed, serving the client app: ${(e as Error).stack ?? e}`);
      return false;
    }
    if (!page) return false;
    if (page.redirect) {
      res.redirect(page.status, page.redirect);
      return true;
    }
    res.status(status ?? page.status);
    this.sendHtml(req, res, page.html.replaceAll('__ORIGIN__', this.siteOrigin(req)), requestPath(req));
    return true;
  }

  private sendHtml(req: Request, res: Response, html: string, pathname: string): void {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Vary', 'Accept, X-Requested-With');
    // admin pages are never stored anywhere; other pages are revalidated
    res.setHeader('Cache-Control', isAdminPath(pathname) ? 'no-store, max-age=0' : 'no-cache');
    // the page's meta token (002 spec §7): the session's CSRF token, sent by the app on every state-changing call
    const token = ensureCsrfToken(req);
    res.send(html.replace(/<meta name="csrf-token" content="[^"]*"\s*\/?>/, `<meta name="csrf-token" content="${token}" />`));
  }

  /** The site's public origin for canonical and og:url: APP_URL when set, else the request's own. */
  siteOrigin(req: Request): string {
    if (this.config.APP_URL) return this.config.APP_URL.replace(/\/+$/, '');
    return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  }
}

/** The address this request came in on: the server entry's API calls go back to this same gateway process. */
export function loopbackOrigin(req: Request): string {
  const addr = req.socket.localAddress ?? '127.0.0.1';
  const host = addr === '::' || addr === '0.0.0.0' ? '127.0.0.1' : addr.startsWith('::ffff:') ? addr.slice(7) : addr.includes(':') ? `[${addr}]` : addr;
  return `http://${host}:${req.socket.localPort}`;
}
