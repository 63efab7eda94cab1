import { Injectable, Logger } from '@nestjs/common';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { GatewayConfig } from '../gateway.config';
import { CATALOG_RESPONSE_CACHE_MS, CatalogResponseCache } from '../catalog/catalog-response.cache';

/** What the web app's server entry (apps/web/src/ssr/entry-server.tsx, built to dist/apps/web-ssr) exports. */
export interface PageHead {
  title: string;
  description: string;
  canonicalPath: string;
}
export interface RenderResult {
  status: number;
  html: string;
  state: unknown;
  head: PageHead;
  redirect?: string;
}
export interface PublicPageInfo {
  path: string;
  sitemap?: boolean;
  trailingSlash?: boolean;
}
interface ServerEntry {
  classify(pathname: string): 'public' | 'app' | 'unknown';
  render(url: string, origin: string): Promise<RenderResult>;
  PUBLIC_PAGES: PublicPageInfo[];
}

/** A rendered page, before the per-request parts (CSRF token, absolute URLs) go in. */
export interface RenderedPage {
  status: number;
  /** where a route's redirect sends the request */
  redirect?: string;
  /** index.html with #root filled, the query state and the page's head; `__ORIGIN__` stands for the site's origin */
  html: string;
  at: number;
  generation: number;
}

// a real dynamic import: SWC would turn a literal `import()` into require(), which cannot load the ES module bundle
const importEsm = new Function('u', 'return import(u)') as (u: string) => Promise<ServerEntry>;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Server rendering of the public pages (ADR 0012): the same route components as the browser app, rendered by the
 * web app's server entry once their loaders have run, cached per URL. The cache follows the catalogue: an import
 * (CatalogEvents.Changed) drops it with the catalogue answers, and entries live no longer than those answers
 * (GATEWAY_CATALOG_CACHE_MS), which bounds the month change at midnight on the 1st.
 */
@Injectable()
export class PageRenderer {
  private readonly logger = new Logger(PageRenderer.name);
  private readonly webDir: string;
  private readonly entryFile: string;
  private entry: { mod: ServerEntry; mtime: number } | null = null;
  private readonly templates = new Map<string, { html: string; mtime: number }>();
  private readonly pages = new Map<string, RenderedPage>();
  private readonly inflight = new Map<string, Promise<RenderedPage>>();

  constructor(config: GatewayConfig, private readonly catalogCache: CatalogResponseCache) {
    this.webDir = path.resolve(process.cwd(), config.WEB_DIST);
    this.entryFile = path.join(path.resolve(process.cwd(), config.WEB_SSR_DIST), 'entry-server.mjs');
  }

  /** The server entry, or null when the web app was built without it (then pages are served as the client app). */
  async serverEntry(): Promise<ServerEntry | null> {
    let mtime: number;
    try {
      mtime = fs.statSync(this.entryFile).mtimeMs;
    } catch {
      return null;
    }
    if (this.entry && (this.entry.mtime === mtime || process.env.NODE_ENV === 'production')) return this.entry.mod;
    const mod = await importEsm(`${pathToFileURL(this.entryFile).href}?v=${mtime}`);
    this.entry = { mod, mtime };
    this.pages.clear();
    return mod;
  }

  /** The built index.html (the client app's shell, the whole app), or null before a build. */
  shell(): string | null {
    return this.read('index.html');
  }

  /**
   * The built public.html: the shell a server-rendered public page is composed into, which starts the app with the
   * public pages' routes only (apps/web/src/public-main.tsx); index.html when the build has none.
   */
  publicShell(): string | null {
    return this.read('public.html') ?? this.shell();
  }

  private read(name: string): string | null {
    const file = path.join(this.webDir, name);
    try {
      const mtime = fs.statSync(file).mtimeMs;
      const known = this.templates.get(name);
      if (known && (known.mtime === mtime || process.env.NODE_ENV === 'production')) return known.html;
      const html = fs.readFileSync(file, 'utf8');
      this.templates.set(name, { html, mtime });
      this.pages.clear();
      return html;
    } catch {
      return null;
    }
  }

  /** `url` (path and query) rendered, from the cache when fresh; `origin` is where its loaders' API calls go. */
  async page(url: string, origin: string): Promise<RenderedPage | null> {
    const entry = await this.serverEntry();
    const shell = this.publicShell();
    if (!entry || !shell) return null;
    const generation = this.catalogCache.currentGeneration();
    const hit = this.pages.get(url);
    if (hit && hit.generation === generation && Date.now() - hit.at < CATALOG_RESPONSE_CACHE_MS) return hit;
    const pending = this.inflight.get(url);
    if (pending) return pending;
    const p = (async () => {
      const r = await entry.render(url, origin);
      const page: RenderedPage = r.redirect ? { status: r.status, redirect: r.redirect, html: '', at: Date.now(), generation } : { status: r.status, html: this.compose(shell, r), at: Date.now(), generation };
      // only known pages are kept (a crawler's stream of unknown URLs must not fill memory)
      if ((r.status === 200 || r.redirect) && CATALOG_RESPONSE_CACHE_MS > 0 && generation === this.catalogCache.currentGeneration()) {
        if (this.pages.size >= 2000) this.pages.delete(this.pages.keys().next().value!);
        this.pages.set(url, page);
      }
      return page;
    })();
    this.inflight.set(url, p);
    try {
      return await p;
    } finally {
      if (this.inflight.get(url) === p) this.inflight.delete(url);
    }
  }

  private compose(shell: string, r: RenderResult): string {
    const title = escapeHtml(r.head.title);
    const description = escapeHtml(r.head.description);
    const canonical = `__ORIGIN__${escapeHtml(r.head.canonicalPath)}`;
    const head = [
      `<meta name="description" content="${description}" />`,
      r.status === 200 ? `<link rel="canonical" href="${canonical}" />` : '<meta name="robots" content="noindex" />',
      '<meta property="og:type" content="website" />',
      '<meta property="og:site_name" content="ラッコドメイン" />',
      '<meta property="og:locale" content="ja_JP" />',
      `<meta property="og:title" content="${title}" />`,
      `<meta property="og:description" content="${description}" />`,
      `<meta property="og:url" content="${canonical}" />`,
      '<meta name="twitter:card" content="summary" />',
    ].join('\n    ');
    // the state is JSON in a non-executed script element (the CSP allows no inline scripts); `<` is escaped so no
    // text in it can close the element
    const state = JSON.stringify(r.state).replace(/</g, '\\u003c');
    // the app's code starts after the first paint (public/boot.js): the module entry and its preloads move into a meta
    // tag that boot.js reads, so on a slow link they do not compete with the page's HTML and styles
    const entry = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/.exec(shell)?.[1];
    const preloads = [...shell.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g)].map((m) => m[1]);
    let html = shell;
    if (entry) {
      html = html
        .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
        .replace(/<script type="module"[^>]*\ssrc="[^"]+"[^>]*><\/script>/, `<meta name="app-entry" content="${escapeHtml(entry)}" data-preload="${escapeHtml(preloads.join(' '))}" />\n    <script type="module" src="/boot.js"></script>`);
    }
    return html
      .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>\n    ${head}`)
      .replace('<div id="root"></div>', `<div id="root">${r.html}</div>\n    <script type="application/json" id="__QUERY_STATE__">${state}</script>`);
  }
}
