/**
 * Rules of the domain market (docs/market.md), shared by the web forms and the market service (the server decides).
 */
import { MK } from '@registrar/messages';

export const MARKET_PRICE_MIN = 1_000;
export const MARKET_PRICE_MAX = 100_000_000;
export const MARKET_DESCRIPTION_MAX = 2_000;
export const MARKET_MAX_DAYS = 180;
export const MARKET_PAYOUT_MIN = 1_000;

const isYen = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v);

/** The commission on a price (whole yen, rounded down) and what the seller is credited. */
export function marketCommission(price: number, percent: number): { commission: number; payout: number } {
  const commission = Math.floor((price * percent) / 100);
  return { commission, payout: price - commission };
}

export interface ListingInput {
  price: unknown;
  minOffer?: unknown;
  description?: unknown;
  endsAt: unknown;
}

/** The listing form's errors by field (empty when it may be listed). `now` is the business clock. */
export function listingErrors(i: ListingInput, now: Date): Partial<Record<'price' | 'minOffer' | 'description' | 'endsAt', string>> {
  const e: Partial<Record<'price' | 'minOffer' | 'description' | 'endsAt', string>> = {};
  const price = typeof i.price === 'string' && i.price.trim() !== '' ? Number(i.price) : i.price;
  if (price === undefined || price === null || price === '') e.price = MK.priceRequired;
  else if (!isYen(price) || (price as number) < MARKET_PRICE_MIN || (price as number) > MARKET_PRICE_MAX) e.price = MK.priceRange;
  const min = typeof i.minOffer === 'string' ? (i.minOffer.trim() === '' ? null : Number(i.minOffer)) : i.minOffer ?? null;
  if (min !== null && (!isYen(min) || (min as number) < MARKET_PRICE_MIN || (isYen(price) && (min as number) >= (price as number)))) e.minOffer = MK.minOfferRange;
  if (typeof i.description === 'string' && i.description.length > MARKET_DESCRIPTION_MAX) e.description = MK.descriptionTooLong;
  const ends = typeof i.endsAt === 'string' ? new Date(i.endsAt) : null;
  const day = 24 * 3600_000;
  if (!ends || Number.isNaN(ends.getTime()) || ends.getTime() < now.getTime() + day / 2 || ends.getTime() > now.getTime() + (MARKET_MAX_DAYS + 1) * day) e.endsAt = MK.endsAtInvalid;
  return e;
}

/** The label of a domain name without its TLD (what a buyer means by "length"). */
export function sldLength(domain: string, tld: string): number {
  const label = domain.endsWith(`.${tld}`) ? domain.slice(0, -(tld.length + 1)) : domain.split('.')[0] ?? domain;
  return [...label].length;
}

export const BANK_ACCOUNT_TYPES = ['普通', '当座', '貯蓄'] as const;

export function payoutErrors(i: { amount: unknown; bankName: unknown; branchName: unknown; accountType: unknown; accountNumber: unknown; accountHolder: unknown }): string | null {
  if (!isYen(i.amount) || (i.amount as number) < MARKET_PAYOUT_MIN) return MK.payoutMin;
  for (const k of ['bankName', 'branchName', 'accountHolder'] as const) {
    const v = i[k];
    if (typeof v !== 'string' || !v.trim() || v.length > 100) return MK.bankRequired;
  }
  if (!BANK_ACCOUNT_TYPES.includes(i.accountType as (typeof BANK_ACCOUNT_TYPES)[number])) return MK.bankRequired;
  if (typeof i.accountNumber !== 'string' || !/^\d{7}$/.test(i.accountNumber)) return MK.accountNumberInvalid;
  return null;
}
