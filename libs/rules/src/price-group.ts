/**
 * Members' custom prices (002 §2, §5): the input rules of the admin screen and how a price group turns a list price
 * into the price the member pays. Pure: the web form, the gateway, the catalog and domain-ops use the same code.
 */
import { M } from '@registrar/messages';

/** What applyPriceGroup needs of a group (PriceGroupDto of @registrar/contracts). */
export interface PriceGroupRule {
  marginPercent: number;
  fixed: Record<string, { register: number | null; renew: number | null; transfer: number | null }>;
}

/** The price fields a group changes (a subset of TldPriceDto, plus restore where it is known). */
export interface ListPrice {
  register: number | null;
  register_user?: number | null;
  register_normal: number | null;
  is_register_campaign: boolean;
  renew: number | null;
  is_renew_campaign: boolean;
  transfer: number | null;
  is_idn_price?: boolean;
  restore?: number;
}

/** The margin on a yen price (tax included): fractions of a yen are cut, never below 0. */
export function withMargin(yen: number, marginPercent: number): number {
  return Math.max(0, Math.floor((yen * (100 + marginPercent)) / 100 + 1e-9));
}

/**
 * The price a member of `group` pays for a TLD. The group's price (its fixed price for the TLD, else the margin on
 * the list price) replaces the list price; a running campaign price still wins where it is lower (the campaign's
 * 5-a-month rule counts as before). Fixed prices apply to the normal price row; a Japanese-name (IDN) price row takes
 * the margin. The restore price keeps its restore fee and follows the renewal part. Transfer stays null where the TLD
 * cannot be transferred, and 0 (free .jp transfer) stays 0 under a margin.
 */
export function applyPriceGroup<T extends ListPrice>(price: T, tldName: string, group: PriceGroupRule | null | undefined): T {
  if (!group) return price;
  const fixed = price.is_idn_price ? undefined : group.fixed[tldName];
  const m = (v: number | null) => (v == null ? null : withMargin(v, group.marginPercent));
  const listRegister = price.is_register_campaign ? (price.register_normal ?? price.register) : price.register;
  const register = fixed?.register ?? m(listRegister);
  const campaignWins = price.is_register_campaign && price.register != null && register != null && price.register < register;
  const renewGroup = fixed?.renew ?? m(price.renew);
  const renew = price.is_renew_campaign && price.renew != null && renewGroup != null ? Math.min(price.renew, renewGroup) : renewGroup;
  const transfer = price.transfer == null ? null : (fixed?.transfer ?? m(price.transfer));
  const out: T = {
    ...price,
    register: campaignWins ? price.register : register,
    register_normal: register,
    is_register_campaign: campaignWins,
    renew,
    is_renew_campaign: price.is_renew_campaign && renew === price.renew,
    transfer,
  };
  if ('register_user' in price) out.register_user = out.register;
  if (typeof price.restore === 'number') out.restore = price.restore > 0 && price.renew != null && renew != null ? price.restore - price.renew + renew : price.restore;
  return out;
}

/** The admin's custom-price form (002 §5): field errors with the spec's messages, or the values. */
export function validateCustomPrice(input: { userId?: unknown; priceGroup?: unknown }, needGroup = true): { userId?: number; priceGroup?: number; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  // half-width digits only (002 §5 ユーザーIDは半角数字で入力してください): full-width digits are refused, not converted
  const raw = input.userId == null ? '' : String(input.userId).trim();
  let userId: number | undefined;
  if (!raw) errors.userId = [M.enterUserId];
  else if (!/^\d{1,15}$/.test(raw) || Number(raw) < 1) errors.userId = [M.userIdDigits];
  else userId = Number(raw);
  let priceGroup: number | undefined;
  if (needGroup) {
    const g = input.priceGroup == null ? '' : String(input.priceGroup).trim();
    if (!/^\d{1,9}$/.test(g) || Number(g) < 1) errors.priceGroup = [M.selectPriceGroup];
    else priceGroup = Number(g);
  }
  return { userId, priceGroup, errors };
}
