import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { CATALOG_CLIENT, CatalogPatterns, TldSummaryDto } from '@registrar/contracts';
import { rpc } from '@registrar/infra';

const TTL_MS = 60_000;

/**
 * The HTTP status of catalogue pages served as the app: /domain/tld/{tld_name} for a TLD we do not sell is a real 404
 * (the app renders its 404 page; crawlers and link checkers see the status). Any failure answers 200 and lets the app decide.
 */
@Injectable()
export class CatalogPageStatus {
  private names: { set: Set<string>; at: number } | null = null;

  constructor(@Inject(CATALOG_CLIENT) private readonly catalog: ClientProxy) {}

  async statusFor(pathname: string): Promise<number> {
    const m = /^\/domain\/tld\/([^/]+)\/?$/.exec(pathname);
    if (!m) return 200;
    try {
      const name = decodeURIComponent(m[1]).normalize('NFKC').toLowerCase().replace(/^\./, '');
      const set = await this.tldNames();
      return set.has(name) ? 200 : 404;
    } catch {
      return 200;
    }
  }

  /** The names of the TLDs we sell, as their detail pages are addressed (/domain/tld/{tld_name}), for sitemap.xml. */
  async tldNamesList(): Promise<string[]> {
    const all = await rpc<TldSummaryDto[]>(this.catalog, CatalogPatterns.AllTlds, {}, 3_000);
    return [...new Set(all.map((t) => t.tld_name))];
  }

  private async tldNames(): Promise<Set<string>> {
    if (this.names && Date.now() - this.names.at < TTL_MS) return this.names.set;
    const all = await rpc<TldSummaryDto[]>(this.catalog, CatalogPatterns.AllTlds, {}, 3_000);
    const set = new Set<string>();
    for (const t of all) {
      set.add(t.tld_name.toLowerCase());
      if (t.tld_name_punycode) set.add(t.tld_name_punycode.toLowerCase());
    }
    this.names = { set, at: Date.now() };
    return set;
  }
}
