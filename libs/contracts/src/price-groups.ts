/**
 * Price groups and members' custom prices (002 §2 "Admin user custom price", §3 "Custom price user", "Price group"),
 * owned by the catalog service. A member in a group pays the group's price (a margin on the list price, or a fixed
 * price per TLD) in estimates, checkout and renewals: domain-ops asks UserPriceGroup and applies
 * `applyPriceGroup` (@registrar/rules) to the catalogue's price.
 */
export const PriceGroupPatterns = {
  /** { userId } -> UserPriceGroupResult: the member's group with its rules, or null (list prices) */
  UserPriceGroup: 'catalog.price-group.of-user',
  /** void -> PriceGroupDto[] every group (the admin's choices) */
  List: 'catalog.price-group.list',
  /** { userId? } -> CustomPriceUserDto[] members with a group (one member when userId is given) */
  Search: 'catalog.custom-price.search',
  /** { userId, priceGroup, adminId } -> CustomPriceChangeResult */
  Register: 'catalog.custom-price.register',
  /** { userId, adminId } -> CustomPriceChangeResult */
  Remove: 'catalog.custom-price.remove',
} as const;

/** A group's own prices for one TLD (yen, tax included); null = the group's margin on the list price. */
export interface PriceGroupTldPrice {
  register: number | null;
  renew: number | null;
  transfer: number | null;
}

/** Price group (002 §3: id, jpName) with its rules. */
export interface PriceGroupDto {
  id: number;
  jpName: string;
  /** percent added to every list price (negative = a discount), e.g. -10 */
  marginPercent: number;
  /** fixed prices by TLD name (Unicode, as the catalogue names TLDs), overriding the margin */
  fixed: Record<string, PriceGroupTldPrice>;
}

export interface UserPriceGroupResult {
  userId: number;
  group: PriceGroupDto | null;
}

/** Custom price user (002 §3: id, price_group) with the group's name for the list. */
export interface CustomPriceUserDto {
  id: number;
  price_group: number;
  jpName: string;
  updated_at: string;
  updated_by: number | null;
}

export interface CustomPriceChangeResult {
  result: boolean;
  /** the member's group before and after (for the audit log) */
  before: number | null;
  after: number | null;
  errors: string[];
}
