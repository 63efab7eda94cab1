import { Controller, Get, Header, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { CatalogPageStatus } from '../catalog/catalog-page-status';
import { MarketPageMeta } from '../market/market-page-meta';
import { PageRenderer } from './page-renderer';
import { SpaMiddleware } from './spa.middleware';

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** robots.txt and sitemap.xml: the public pages (apps/web/src/ssr/public-pages.ts) and every TLD's detail page. */
@ApiExcludeController()
@Controller()
export class SeoController {
  constructor(private readonly renderer: PageRenderer, private readonly catalogPages: CatalogPageStatus, private readonly spa: SpaMiddleware, private readonly marketPages: MarketPageMeta) {}

  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  robots(@Req() req: Request): string {
    const origin = this.spa.siteOrigin(req);
    // the member and admin areas, sign-in flows and the app's own calls are not for search engines
    const disallow = ['/admin', '/mypage', '/me', '/account_statement', '/credit', '/point', '/notifications', '/security', '/login', '/logout', '/register', '/password', '/session', '/cart', '/purchase', '/dev/'];
    return ['User-agent: *', ...disallow.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
  }

  @Get('sitemap.xml')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  async sitemap(@Req() req: Request): Promise<string> {
    const origin = this.spa.siteOrigin(req);
    const entry = await this.renderer.serverEntry();
    const pages = (entry?.PUBLIC_PAGES ?? []).filter((p) => p.sitemap).map((p) => (p.path === '/' ? p.path : p.trailingSlash ? p.path.replace(/\/*$/, '/') : p.path.replace(/\/+$/, '')));
    const tlds = await this.catalogPages.tldNamesList();
    const urls = [...pages, ...tlds.map((t) => `/domain/tld/${encodeURIComponent(t)}`)].map((path) => ({ path, lastmod: '' }));
    // the domain market and each of its public listings (docs/market.md)
    const market = (await this.marketPages.sitemapPaths()).filter((m) => !urls.some((u) => u.path === m.path));
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...[...urls, ...market].map((u) => `  <url><loc>${xml(origin + u.path)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`),
      '</urlset>',
      '',
    ].join('\n');
  }
}
