import { Injectable, Logger } from '@nestjs/common';
import { EstimateItem } from '@registrar/contracts';
import { fmt, M } from '@registrar/messages';
import { campaignPrices, needsPrereq } from '@registrar/rules';
import { CatalogPort, QuotedName } from '../../shared/ports/catalog.port';

/** The first-year prices of a list of names for a member: campaign rows get the campaign price while slots remain. */
export interface PricedName {
  input: string;
  quote: QuotedName | null;
  registerPrice: number;
  isCampaign: boolean;
}

/** GET mypage/domain/price/estimate/campaign (000 spec §3): prices for this member now. */
@Injectable()
export class EstimateService {
  private readonly logger = new Logger(EstimateService.name);

  constructor(private readonly catalog: CatalogPort) {}

  /** Quotes names in order against `remaining` campaign slots (the member's, unless given). */
  async price(userId: number, names: string[], remaining?: number): Promise<PricedName[]> {
    // the member's price group (custom prices) applies to every name of the request, and the campaign slots left:
    // both asked of the catalogue in one request
    const { group, remaining: left } = remaining === undefined
      ? await this.catalog.memberPricing(userId)
      : { group: await this.catalog.priceGroup(userId), remaining };
    const quotes = await Promise.all(names.map((n) => this.catalog.quote(n, group).catch((e) => { this.logger.warn(`quote ${n}: ${(e as Error).message}`); return null; })));
    const prices = campaignPrices(
      quotes.map((q) => (q ? { register: q.price.register!, register_normal: q.price.register_normal ?? q.price.register!, is_register_campaign: q.price.is_register_campaign } : null)),
      left,
    );
    return names.map((input, i) => ({ input, quote: quotes[i], registerPrice: prices[i]?.price ?? 0, isCampaign: prices[i]?.isCampaign ?? false }));
  }

  async estimate(userId: number, names: string[]): Promise<EstimateItem[]> {
    const priced = await this.price(userId, names);
    return priced.map(({ input, quote: q, registerPrice, isCampaign }) => {
      if (!q) {
        return {
          requestDomain: input, registerPrice: 0, renewPrice: 0, registerNormalPrice: 0, isCampaign: false, isSpecial: false, punycode: '', idn: input,
          is_idn: false, minimum_years: 1, registration_unit: 1, can_proxy: false, needs_prereq: false, error: fmt(M.priceFetchFailed, { domain: input }),
        };
      }
      return {
        requestDomain: input,
        registerPrice,
        renewPrice: q.price.renew!,
        registerNormalPrice: q.price.register_normal ?? q.price.register!,
        isCampaign,
        isSpecial: q.price.is_register_special,
        punycode: q.punycode,
        idn: q.name,
        is_idn: q.isIdn,
        minimum_years: q.summary.minimum_years,
        registration_unit: q.summary.registration_unit,
        can_proxy: q.summary.can_proxy,
        needs_prereq: needsPrereq(q.name),
        error: null,
      };
    });
  }
}
