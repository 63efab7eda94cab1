import { Inject, Injectable, Logger } from '@nestjs/common';
import { CartAddResult, CartResult } from '@registrar/contracts';
import { fmt, M } from '@registrar/messages';
import { OrdersConfig } from '../orders.config';
import { CartRepository } from './cart.repository';
import { CART_CLAIM_CHECK, ClaimCheck } from './claim-check.port';
import { normaliseDomain, NormalisedDomain } from './domain-name';

/**
 * The member's cart. Adding skips names already in it, refuses names that cannot be registered (syntax, or the claim
 * check) with the spec's message, and stops at the maximum cart size with a clear message.
 */
@Injectable()
export class CartService {
  private readonly logger = new Logger(CartService.name);

  constructor(
    private readonly repo: CartRepository,
    private readonly config: OrdersConfig,
    @Inject(CART_CLAIM_CHECK) private readonly claims: ClaimCheck,
  ) {}

  async get(userId: number): Promise<CartResult> {
    return { domains: await this.repo.list(userId) };
  }

  async add(userId: number, domainNames: string[]): Promise<CartAddResult> {
    const errors: string[] = [];
    const candidates: NormalisedDomain[] = [];
    const seen = new Set<string>();
    const skipped: string[] = [];
    for (const raw of domainNames) {
      const d = normaliseDomain(raw);
      if (!d) {
        errors.push(fmt(M.unregistrableDomain, { name: String(raw ?? '').trim() }));
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
      return { domains: await this.repo.list(userId), added: [], skipped: [], errors: [M.cartAddFailed] };
    }
    const allowed = candidates.filter((d) => {
      if (!refused.has(d.punycode)) return true;
      errors.push(fmt(M.unregistrableDomain, { name: d.name }));
      return false;
    });
    const max = this.config.CART_MAX_SIZE;
    const added: string[] = [];
    const domains = await this.repo.locked(userId, async (tx) => {
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
    return { domains, added, skipped, errors };
  }

  async remove(userId: number, domainNames: string[]): Promise<CartResult> {
    const punycodes = domainNames.map((n) => normaliseDomain(n)?.punycode).filter((p): p is string => !!p);
    await this.repo.remove(userId, punycodes);
    return this.get(userId);
  }
}
