import { Inject, Injectable, Logger } from '@nestjs/common';
import { CartAddResult, CartDomainDto, CartResult, PriceGroupDto, TldSummaryDto } from '@registrar/contracts';
import { fmt, M } from '@registrar/messages';
import { applyPriceGroup } from '@registrar/rules';
import { OrdersConfig } from '../orders.config';
import { CartItem, CartRepository } from './cart.repository';
import { CART_CLAIM_CHECK, ClaimCheck } from './claim-check.port';
import { normaliseDomain, NormalisedDomain } from './domain-name';
import { TLD_CATALOG, TldCatalog } from './tld-catalog.port';

type TldIndex = Map<string, TldSummaryDto>;

/**
 * The member's cart. Adding skips names already in it, refuses names that cannot be registered (syntax, a TLD we do
 * not sell, or the claim check) with the spec's message, and stops at the maximum cart size with a clear message.
 * Listing shows each domain with its register price and proxy availability from the catalog.
 */
@Injectable()
export class CartService {
  private readonly logger = new Logger(CartService.name);

  constructor(
    private readonly repo: CartRepository,
    private readonly config: OrdersConfig,
    @Inject(CART_CLAIM_CHECK) private readonly claims: ClaimCheck,
    @Inject(TLD_CATALOG) private readonly tlds: TldCatalog,
  ) {}

  async get(userId: number): Promise<CartResult> {
    const index = await this.tldIndex().catch(() => null);
    return { domains: this.view(await this.repo.list(userId), index, index ? await this.group(userId) : null) };
  }

  /** The member's price group (custom prices); list prices when the catalogue cannot say (the checkout asks again). */
  private group(userId: number): Promise<PriceGroupDto | null> {
    return this.tlds.priceGroup(userId).catch((e) => { this.logger.warn(`price group of ${userId}: ${(e as Error).message}`); return null; });
  }

  async add(userId: number, domainNames: string[]): Promise<CartAddResult> {
    const failed = async (index: TldIndex | null): Promise<CartAddResult> => ({ domains: this.view(await this.repo.list(userId), index, index ? await this.group(userId) : null), added: [], skipped: [], errors: [M.cartAddFailed] });
    let index: TldIndex;
    try {
      index = await this.tldIndex();
    } catch (e) {
      this.logger.warn(`catalog unavailable: ${(e as Error).message}`);
      return failed(null);
    }
    const errors: string[] = [];
    const candidates: NormalisedDomain[] = [];
    const seen = new Set<string>();
    const skipped: string[] = [];
    for (const raw of domainNames) {
      const d = normaliseDomain(raw);
      if (!d || !index.has(d.tld)) {
        errors.push(fmt(M.unregistrableDomain, { name: d?.name ?? String(raw ?? '').trim() }));
        continue;
      }
      if (seen.has(d.punycode)) {
        skipped.push(d.name);
        continue;
      }
      seen.add(d.punycode);
      candidates.push(d);
    }
    let refused: Set<string>;
    try {
      refused = new Set(candidates.length ? await this.claims.unregistrable(candidates.map((d) => d.punycode)) : []);
    } catch (e) {
      this.logger.warn(`claim check failed: ${(e as Error).message}`);
      return failed(index);
    }
    const allowed = candidates.filter((d) => {
      if (!refused.has(d.punycode)) return true;
      errors.push(fmt(M.unregistrableDomain, { name: d.name }));
      return false;
    });
    const max = this.config.CART_MAX_SIZE;
    const added: string[] = [];
    const items = await this.repo.locked(userId, async (tx) => {
      const inCart = new Set((await tx.items()).map((i) => i.punycode));
      for (const d of allowed) {
        if (inCart.has(d.punycode)) {
          skipped.push(d.name);
          continue;
        }
        if (inCart.size >= max) {
          errors.push(fmt(M.cartFull, { max, name: d.name }));
          break;
        }
        await tx.add(d);
        inCart.add(d.punycode);
        added.push(d.name);
      }
      return tx.items();
    });
    return { domains: this.view(items, index, await this.group(userId)), added, skipped, errors };
  }

  /** Takes names out of the cart; answers the cart left, or nothing when `view` is false (a checkout clearing what it bought). */
  async remove(userId: number, domainNames: string[], view = true): Promise<CartResult> {
    const punycodes = domainNames.map((n) => normaliseDomain(n)?.punycode).filter((p): p is string => !!p);
    await this.repo.remove(userId, punycodes);
    return view ? this.get(userId) : { domains: [] };
  }

  /** TLDs by Unicode name and by punycode (co.jp, みんな and xn--q9jyb4c alike). */
  private async tldIndex(): Promise<TldIndex> {
    const index: TldIndex = new Map();
    for (const t of await this.tlds.all()) {
      index.set(t.tld_name, t);
      index.set(t.tld_name_punycode, t);
    }
    return index;
  }

  private view(items: CartItem[], index: TldIndex | null, group: PriceGroupDto | null = null): CartDomainDto[] {
    return items.map((i) => {
      const tld = index?.get(i.tld) ?? null;
      const japaneseLabel = i.name !== i.punycode && /[^\x00-\x7f]/.test(i.name.slice(0, i.name.length - i.tld.length));
      const listed = (japaneseLabel && tld?.idn_price) || tld?.price || null;
      const price = listed && tld ? applyPriceGroup(listed, tld.tld_name, group) : listed;
      return {
        name: i.name,
        punycode: i.punycode,
        tld: i.tld,
        addedAt: i.addedAt,
        register: price?.register ?? null,
        renew: price?.renew ?? null,
        can_proxy: tld ? tld.can_proxy : null,
        is_idn: i.name !== i.punycode,
        minimum_years: tld?.minimum_years ?? null,
        registration_unit: tld?.registration_unit ?? null,
      };
    });
  }
}
