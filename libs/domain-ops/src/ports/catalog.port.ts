import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { CampaignRemainingResult, CampaignReserveResult, CATALOG_CLIENT, CatalogPatterns, TldPriceDto, TldSummaryDto } from '@registrar/contracts';
import { rpc } from '@registrar/infra';
import { domainToASCII, domainToUnicode } from 'node:url';
import { tldOf } from '@registrar/rules';

const TTL_MS = 60_000;

export interface QuotedName {
  name: string;
  punycode: string;
  tld: string;
  isIdn: boolean;
  summary: TldSummaryDto;
  price: TldPriceDto & { restore: number };
}

/** Normalises a domain name: Unicode form, A-label and its TLD; null when it cannot be a domain name. */
export function normaliseName(input: string): { name: string; punycode: string; tld: string } | null {
  const t = String(input ?? '').normalize('NFKC').trim().toLowerCase().replace(/\.$/, '');
  if (!t || /\s/.test(t) || t.length > 253) return null;
  const punycode = domainToASCII(t);
  if (!punycode || !punycode.includes('.')) return null;
  if (punycode.split('.').some((l) => !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l))) return null;
  const name = domainToUnicode(punycode);
  return { name, punycode, tld: tldOf(name) };
}

/** The catalog service as domain-ops uses it: TLD policy and current prices, and the campaign counters. */
@Injectable()
export class CatalogPort {
  private cache: { at: number; byName: Promise<Map<string, TldSummaryDto>> } | null = null;

  constructor(@Inject(CATALOG_CLIENT) private readonly client: ClientProxy) {}

  private tlds(): Promise<Map<string, TldSummaryDto>> {
    if (this.cache && Date.now() - this.cache.at < TTL_MS) return this.cache.byName;
    const byName = rpc<TldSummaryDto[]>(this.client, CatalogPatterns.AllTlds, {}, 10_000).then((all) => {
      const m = new Map<string, TldSummaryDto>();
      for (const t of all) {
        m.set(t.tld_name, t);
        if (t.tld_name_punycode) m.set(t.tld_name_punycode, t);
      }
      return m;
    });
    this.cache = { at: Date.now(), byName };
    byName.catch(() => { this.cache = null; });
    return byName;
  }

  /** The TLD and current price of a name (the IDN price for a Japanese label where the TLD has one); null when unknown. */
  async quote(input: string): Promise<QuotedName | null> {
    const n = normaliseName(input);
    if (!n) return null;
    const summary = (await this.tlds()).get(n.tld);
    if (!summary) return null;
    const label = n.punycode.slice(0, n.punycode.length - (summary.tld_name_punycode || n.tld).length - 1);
    const isIdn = label.split('.').some((l) => l.startsWith('xn--'));
    const price = (isIdn && summary.idn_price) || summary.price;
    if (!price || price.register == null || price.renew == null) return null;
    return { ...n, isIdn, summary, price };
  }

  /** Every TLD's policy (cached for a minute). */
  async allTlds(): Promise<TldSummaryDto[]> {
    return [...new Set((await this.tlds()).values())];
  }

  remaining(userId: number): Promise<CampaignRemainingResult> {
    return rpc<CampaignRemainingResult>(this.client, CatalogPatterns.CampaignRemaining, { userId }, 10_000);
  }

  reserve(userId: number, key: string): Promise<CampaignReserveResult> {
    return rpc<CampaignReserveResult>(this.client, CatalogPatterns.CampaignReserve, { userId, key }, 10_000);
  }

  async release(key: string): Promise<boolean> {
    return (await rpc<{ released: boolean }>(this.client, CatalogPatterns.CampaignRelease, { key }, 10_000)).released;
  }
}
