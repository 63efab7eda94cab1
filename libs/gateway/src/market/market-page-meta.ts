import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { MARKET_CLIENT, MarketListingDto, MarketPatterns } from '@registrar/contracts';
import { rpc } from '@registrar/infra';
import { PRODUCT } from '@registrar/messages';

export interface PageMeta {
  status: number;
  title?: string;
  description?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;
const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('ja-JP', { timeZone: 'Asia/Tokyo' }) : '—');

/**
 * A listing page (/market/{id}) as served to a browser or a crawler: its own <title> and meta description in the HTML
 * itself (search engines index it without running the app), and a real 404 for a listing that is not public. Any
 * failure of the market service leaves the page as it is (200, the app decides).
 */
@Injectable()
export class MarketPageMeta {
  constructor(@Inject(MARKET_CLIENT) private readonly market: ClientProxy) {}

  async metaFor(pathname: string): Promise<PageMeta | null> {
    const m = /^\/market\/(\d{1,15})\/?$/.exec(pathname);
    if (!m) return null;
    try {
      const l = await rpc<MarketListingDto>(this.market, MarketPatterns.Get, { id: Number(m[1]), viewerId: null }, 3_000);
      return {
        status: 200,
        title: `${l.domain}（${yen(l.price)}）｜ドメインマーケット | ${PRODUCT.serviceName}`,
        description: `${l.domain} を${yen(l.price)}で販売中。.${l.tld}・${l.length}文字・登録日${day(l.registered_at)}・有効期限${day(l.expires_at)}。${l.description}`.slice(0, 160),
      };
    } catch (e) {
      return (e as { code?: string })?.code === 'MARKET_NOT_FOUND' ? { status: 404 } : null;
    }
  }

  /** Every public listing's page for sitemap.xml (none when the market does not answer: the sitemap still serves the rest). */
  async sitemapPaths(): Promise<Array<{ path: string; lastmod: string }>> {
    try {
      const r = await rpc<{ data: Array<{ id: number; updated_at: string }> }>(this.market, MarketPatterns.SitemapListings, {}, 5_000);
      return [{ path: '/market', lastmod: '' }, ...r.data.map((l) => ({ path: `/market/${l.id}`, lastmod: l.updated_at.slice(0, 10) }))];
    } catch {
      return [{ path: '/market', lastmod: '' }];
    }
  }

  /** The app's HTML with this page's title, description, canonical URL and Open Graph tags (url: the page's absolute address). */
  static apply(html: string, meta: PageMeta, url?: string): string {
    let out = html;
    if (meta.title) out = out.replace(/<title>[^<]*<\/title>/, `<title>${esc(meta.title)}</title>`);
    const head: string[] = [];
    if (meta.description) head.push(`<meta name="description" content="${esc(meta.description)}" />`);
    if (meta.status === 200 && url) {
      head.push(`<link rel="canonical" href="${esc(url)}" />`, '<meta property="og:type" content="product" />', `<meta property="og:url" content="${esc(url)}" />`);
      if (meta.title) head.push(`<meta property="og:title" content="${esc(meta.title)}" />`);
      if (meta.description) head.push(`<meta property="og:description" content="${esc(meta.description)}" />`);
    }
    if (meta.status === 404) head.push('<meta name="robots" content="noindex" />');
    if (head.length) out = out.replace('</head>', `${head.join('\n')}\n</head>`);
    return out;
  }
}
