/** Public price table row (002 spec, section 3 "TLD price row"). Yen, tax included. */
export interface TldPriceDto {
  name: string;
  tld_name: string;
  tld_name_punycode: string;
  punycode: string;
  tld_id: number;
  ordinal: number;
  register: number | null;
  register_user: number | null;
  register_normal: number | null;
  is_register_campaign: boolean;
  is_register_special: boolean;
  renew: number | null;
  is_renew_campaign: boolean;
  is_renew_special: boolean;
  transfer: number | null;
  is_transfer_campaign: boolean;
  is_transfer_special: boolean;
  can_transfer: boolean;
  can_proxy: boolean;
  is_idn: boolean;
  is_idn_price: boolean;
  requirements: string | null;
  minimum_years: number;
  registration_unit: number;
  free_transfer: boolean;
  top_ordinal_flg: number | null;
}

export interface PriceSearchRequest {
  categoryId?: number | null;
}
export interface PriceSearchResult {
  tldPrices: TldPriceDto[];
}

export interface CategoryDto {
  id: number;
  name: string;
  ordinal: number;
}

/** Deadline page row (002 spec, section 3 "Deadline row"). */
export interface DeadlineRowDto {
  tld_id: number;
  tld_name: string;
  is_idn_price: boolean;
  renewal_deadline: string;
  grace_period: number;
  restore_period: number;
  /** restore price including the renewal fee; 0 shows as a dash */
  restore: number;
  ordinal: number;
}
export interface DeadlineSearchRequest {
  categoryId?: number | null;
}
export interface DeadlineSearchResult {
  deadlines: DeadlineRowDto[];
}

/** TLD detail page (domain/tld/{tld_name}). */
export interface TldDetailDto {
  tld: {
    tld_id: number;
    tld_name: string;
    tld_name_punycode: string;
    meaning: string;
    description: string;
    requirements: string | null;
    is_cctld: boolean;
    is_idn: boolean;
    can_proxy: boolean;
    can_lock: boolean;
    can_transfer: boolean;
    minimum_years: number;
    registration_unit: number;
    renewal_deadline: string;
    grace_period: number;
    restore_period: number;
  };
  price: TldPriceDto;
  faq: { question: string; answer: string }[];
  points: string[];
  recommended: TldPriceDto[];
  categories: CategoryDto[];
  /** the price row for Japanese-language (IDN) names where the TLD has separate ones (日本語.jp), else null */
  idn_price?: TldPriceDto | null;
}
export interface TldDetailRequest {
  tldName: string;
}

export interface CategoryListResult {
  categories: CategoryDto[];
}

/** CatalogPatterns.TldDetail answer: found false (detail null) for an unknown TLD. */
export interface TldDetailResult {
  found: boolean;
  detail: TldDetailDto | null;
  /** the IDN (日本語) price row where the TLD has separate prices for Japanese-language names */
  idn_price?: TldPriceDto | null;
}

/** CatalogPatterns.AllTlds item: a TLD's policy and its current prices (for other services). */
export interface TldSummaryDto {
  tld_id: number;
  tld_name: string;
  tld_name_punycode: string;
  is_cctld: boolean;
  is_idn: boolean;
  can_proxy: boolean;
  can_lock: boolean;
  can_transfer: boolean;
  minimum_years: number;
  registration_unit: number;
  renewal_deadline: string;
  grace_period: number;
  restore_period: number;
  /** current prices (restore includes the renewal fee, 0 = none); null when no price is effective yet */
  price: (TldPriceDto & { restore: number }) | null;
  idn_price: (TldPriceDto & { restore: number }) | null;
}

/** The three import items (002 spec: id 1 TLD, 2 TLD price, 3 TLD category), or all three in one transaction. */
export type CatalogImportKind = 'tld' | 'tld_price' | 'tld_category' | 'all';

export interface CatalogImportRequest {
  kind: CatalogImportKind;
  /** CSV text (UTF-8, header row); omitted = the bundled data/master file. Ignored for 'all'. */
  csv?: string;
  /** 'all' with uploaded files: only these are imported (validated together, one transaction); omitted = the bundled three */
  csvs?: Partial<Record<'tld' | 'tld_price' | 'tld_category', string>>;
}

/** Import answer with the spec's count names; nothing is written when result is false. */
export interface CatalogImportResult {
  result: boolean;
  message: string;
  /** per-row problems ("N行目 column: …") when result is false */
  errors: string[];
  /** rows inserted, updated or removed by this run (0 when the data was already loaded) */
  changed: number;
  updateCnt?: number;
  recordCnt?: number;
  categoryCnt?: number;
  categoryGroupCnt?: number;
}

/** CatalogPatterns.NextMonthPricesExist answer (GET admin/api/tld_price/exists). */
export interface NextMonthPricesResult {
  result: boolean;
  month: string;
}

/** Redis pub/sub channels (not RPC): the catalogue announces changes so that caches everywhere drop their copies. */
export const CatalogEvents = {
  /** published after an import changed data; the message is the import kind */
  Changed: 'catalog:changed',
} as const;
