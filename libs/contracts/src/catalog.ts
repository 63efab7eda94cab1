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
}
export interface TldDetailRequest {
  tldName: string;
}

export interface CategoryListResult {
  categories: CategoryDto[];
}
