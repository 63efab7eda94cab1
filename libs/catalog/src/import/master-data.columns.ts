/**
 * Columns of the three master-data sets (002 spec, TLD import ids 1 TLD, 2 TLD price, 3 TLD category).
 * data/master/*.csv are written with exactly these headers (UTF-8, header row), and the import reads them by name.
 */
export const TLD_COLUMNS = [
  'tld_name', 'meaning', 'description', 'requirements', 'is_cctld', 'is_idn', 'can_proxy', 'can_lock', 'can_transfer',
  'minimum_years', 'registration_unit', 'renewal_deadline', 'grace_period', 'restore_period', 'ordinal', 'top_ordinal_flg',
] as const;

export const TLD_PRICE_COLUMNS = [
  'tld_name', 'effective_month', 'is_idn_price', 'register', 'renew', 'transfer', 'restore',
  'register_normal', 'renew_normal', 'transfer_normal',
  'is_register_campaign', 'is_register_special', 'is_renew_campaign', 'is_renew_special', 'is_transfer_campaign', 'is_transfer_special',
] as const;

export const TLD_CATEGORY_COLUMNS = ['category_id', 'category_name', 'category_ordinal', 'tld_name'] as const;

export type TldColumn = (typeof TLD_COLUMNS)[number];
export type TldPriceColumn = (typeof TLD_PRICE_COLUMNS)[number];
export type TldCategoryColumn = (typeof TLD_CATEGORY_COLUMNS)[number];

/** The three import items of the admin TLD import screen. */
export enum ImportKind {
  Tld = 'tld',
  TldPrice = 'tld_price',
  TldCategory = 'tld_category',
}

export const MASTER_FILES: Record<ImportKind, string> = {
  [ImportKind.Tld]: 'tld.csv',
  [ImportKind.TldPrice]: 'tld_price.csv',
  [ImportKind.TldCategory]: 'tld_category.csv',
};
