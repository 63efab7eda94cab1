import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { CampaignRemainingResult, CampaignReserveResult, CATALOG_CLIENT, CatalogPatterns, MemberPricingResult, PriceGroupDto, PriceGroupPatterns, TldPriceDto, TldSummaryDto, UserPriceGroupResult } from '@registrar/contracts';
import { rpc } from '@registrar/infra';
import { applyPriceGroup, readDomainName } from '@registrar/rules';

const TTL_MS = 60_000;

export interface QuotedName {
  name: string;
  punycode: string;
  tld: string;
  isIdn: boolean;
  summary: TldSummaryDto;
  price: TldPriceDto & { restore: number };
}

/** The one domain-name rule (libs/rules parseDomainName): Unicode form, A-label and its TLD; null when refused. */
export function normaliseName(input: string): { name: string; punycode: string; tld: string } | null {
  const d = readDomainName(input);
  return d ? { name: d.name, punycode: d.punycode, tld: d.tld } : null;
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

  /**
   * The member's price group (002 custom prices), asked every time so that an admin's change applies to the next
   * quote; null = list prices. Pass it to quote() for each name of one request.
   */
  async priceGroup(userId: number): Promise<PriceGroupDto | null> {
    return (await rpc<UserPriceGroupResult>(this.client, PriceGroupPatterns.UserPriceGroup, { userId }, 10_000)).group;
  }

  /**
   * The TLD and current price of a name (the IDN price for a Japanese label where the TLD has one), as a member of
   * `group` pays it (its margin or fixed price: applyPriceGroup); null when unknown.
   */
  async quote(input: string, group: PriceGroupDto | null = null): Promise<QuotedName | null> {
    const n = normaliseName(input);
    if (!n) return null;
    const summary = (await this.tlds()).get(n.tld);
    if (!summary) return null;
    const label = n.punycode.slice(0, n.punycode.length - (summary.tld_name_punycode || n.tld).length - 1);
    const isIdn = label.split('.').some((l) => l.startsWith('xn--'));
    const listed = (isIdn && summary.idn_price) || summary.price;
    if (!listed || listed.register == null || listed.renew == null) return null;
    const price = applyPriceGroup(listed, summary.tld_name, group);
    return { ...n, isIdn, summary, price };
  }

  /** Every TLD's policy (cached for a minute). */
  async allTlds(): Promise<TldSummaryDto[]> {
    return [...new Set((await this.tlds()).values())];
  }

  /** The TLD's policy (can_proxy, can_lock, …); null for an unknown TLD. */
  async tld(tld: string): Promise<TldSummaryDto | null> {
    return (await this.tlds()).get(tld) ?? null;
  }

  /**
   * The member's price group and campaign slots left, in one request (a quote's two questions); from a catalogue of an
   * older release (no such request yet, during a rolling upgrade) or on any failure of it, asked as two.
   */
  async memberPricing(userId: number): Promise<{ group: PriceGroupDto | null; remaining: number }> {
    try {
      const r = await rpc<MemberPricingResult>(this.client, CatalogPatterns.MemberPricing, { userId }, 10_000);
      return { group: r.group, remaining: r.campaign.remaining };
    } catch {
      const [group, left] = await Promise.all([this.priceGroup(userId), this.remaining(userId)]);
      return { group, remaining: left.remaining };
    }
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
