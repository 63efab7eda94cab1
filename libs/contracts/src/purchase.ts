import type { PaymentType } from './orders';

/**
 * The purchase flow (000 spec §2 "Domain purchase screen", §3, §4, §7): price estimates, the order that registers
 * domains through the registry as a BullMQ flow, its status resource, .co.jp WHOIS pre-registration and default settings.
 * Paths are the spec's; the web app sends X-Requested-With and X-CSRF-TOKEN.
 */

export const PurchasePaths = {
  /** GET ?domainNames[]=… -> EstimateItem[] (one per requested name, in order; a failed one has error set) */
  estimate: '/mypage/domain/price/estimate/campaign',
  /** GET -> CampaignSlotsResult: the member's campaign registrations left this Tokyo month (the search's prices) */
  campaignSlots: '/mypage/domain/price/campaign',
  /** POST CreateDomainsRequest -> CreateDomainsResult (answers at once; the order runs as jobs) */
  create: '/mypage/domain/create',
  /** GET ?orderId= -> OrderStatusResult (the result step polls it until done) */
  createStatus: '/mypage/domain/create/status',
  /** POST PrereqRequest -> PrereqResult (.co.jp WHOIS registration modal) */
  prereq: '/mypage/domain/create/prereq',
  /** GET -> DefaultSettingResult */
  defaults: '/mypage/domain/default',
  /** POST WhoisContactRequest -> WhoisContactResult (the WHOIS-add dialog; update_ng_contacts=1 from the cart) */
  whoisContact: '/mypage/domain/whois',
} as const;

/** The member's campaign slots this Tokyo month (5 per member, 000 spec "campaign price applies to 5 domains"). */
export interface CampaignSlotsResult {
  limit: number;
  used: number;
  remaining: number;
}

/** Price estimate item (000 spec §3), with what the purchase rows need besides. Yen, tax included. */
export interface EstimateItem {
  requestDomain: string;
  /** first-year price for this member now: the campaign price while the member has campaign slots left this month */
  registerPrice: number;
  renewPrice: number;
  /** the first-year price without campaign, for the tooltip */
  registerNormalPrice: number;
  isCampaign: boolean;
  isSpecial: boolean;
  punycode: string;
  idn: string;
  is_idn: boolean;
  minimum_years: number;
  registration_unit: number;
  can_proxy: boolean;
  /** co.jp etc.: a WHOIS registration (prereq) is required before purchase */
  needs_prereq: boolean;
  /** set when the price could not be found: the page shows '{domain}の価格取得に失敗しました' */
  error?: string | null;
}

export interface CreateDomainItem {
  /** the domain name as shown (Unicode for IDN) */
  name: string;
  /** years, a valid option of registrationPeriodOptions */
  period: number;
  /** the total the page computed for this row (registrationTotal); the server recomputes and refuses a mismatch */
  point: number;
}

export interface CreateDomainsRequest {
  domains: CreateDomainItem[];
  /** sum of the rows */
  totalFee: number;
  /** points to spend (the lesser of balance and total) */
  point: number;
  /** how the shortfall was bought: a paid payment session (card or wallet) when points did not cover the total */
  payment: { type: PaymentType; sessionId?: string | null };
  /** one key per submit: a retried submit never registers or charges twice */
  idempotencyKey: string;
}

export type OrderItemStatus = 'processing' | 'error' | 'accepted' | 'done';

/** One row of the result step (000 spec §3 "After purchase"). */
export interface OrderItemResult {
  domain_name: string;
  /** registry-side id (ROID); null while processing or when accepted but pending */
  domain_id: string | null;
  /** our primary key of the owned domain; null while processing or pending */
  domain_pk_id: number | null;
  status: OrderItemStatus;
  error_msg: string | null;
  info: string | null;
}

export interface CreateDomainsResult {
  result: boolean;
  orderId: string | null;
  domains: OrderItemResult[];
  /** page-level errors (price failure, too many domains, terms, payment) */
  errors: string[];
  /**
   * true when no order was made only because a row's price moved since the quote the request carries (the member's
   * campaign slots taken or given back meanwhile, or a new month's price): the same request with a fresh quote may be
   * ordered. Absent from an older domain-ops.
   */
  stalePrice?: boolean;
}

export interface OrderStatusResult {
  orderId: string;
  /** true when every item has ended (error, accepted or done): the follow-up buttons enable */
  done: boolean;
  domains: OrderItemResult[];
  /** points charged, refunded and the balance after, for the summary */
  pointsCharged: number;
  pointsRefunded: number;
  balance: number;
}

/** Staff/registrant contact of the .co.jp WHOIS form (000 spec §3 "Staff contact"). */
export interface JpContact {
  role?: 'individual' | 'organization';
  first_name?: string; last_name?: string; first_name_jp?: string; last_name_jp?: string;
  organization?: string; organization_jp?: string; department?: string; department_jp?: string;
  position?: string; position_jp?: string;
  cc?: string; pc?: string; sp?: string; city?: string; city_jp?: string;
  street1?: string; street1_jp?: string; street2?: string; street2_jp?: string;
  phone_country_code?: string; phone?: string; fax_country_code?: string; fax?: string; email?: string;
}
export interface JpOrgContact extends JpContact {
  organization_type?: number;
  organization_kana?: string;
  /** YYYY/MM/DD; hidden and not required when preRegister */
  registration_date?: string;
  registration_address?: string;
  name?: string; name_jp?: string;
}

export interface PrereqRequest {
  domainName: string;
  contact: { org?: JpOrgContact; reg?: JpContact; tec?: JpContact; adm?: JpContact; bil?: JpContact };
  preRegister: boolean;
  isDifferentTec: boolean;
  isDifferentAdm: boolean;
  isDifferentBil: boolean;
}
export interface PrereqResult {
  result: boolean;
  errorMsg: string[];
  /** per section, per field */
  errors: Partial<Record<'org' | 'reg' | 'tec' | 'adm' | 'bil', Record<string, string>>>;
}

/** WHOIS contact record (001 spec §3 "Contact"). */
export interface WhoisContactDto {
  id: number;
  domain_num: number;
  email: string;
  first_name: string; last_name: string;
  first_name_jp?: string | null; last_name_jp?: string | null;
  role: 1 | 2;
  organization: string | null; organization_jp?: string | null;
  cc: string; pc: string; sp: string; city: string; city_jp?: string | null;
  street1: string; street1_jp?: string | null; street2: string | null; street2_jp?: string | null;
  phone_country_code: string; phone: string; fax_country_code: string | null; fax: string | null;
}

export interface WhoisContactRequest {
  email: string; first_name: string; last_name: string; role: 1 | 2; organization?: string;
  cc: string; pc: string; sp: string; city: string; street1: string; street2?: string;
  phone_country_code: string; phone: string; fax_country_code?: string | null; fax?: string;
  update_ng_contacts?: 0 | 1;
}
export interface WhoisContactResult {
  status: 1 | 0;
  contact: WhoisContactDto | null;
  errors: Record<string, string[]>;
  error_msg: string | null;
}

/** Default settings for new domains (001 spec §3 "Default setting"). */
export interface DefaultSettingDto {
  domain_create_is_domain_lock_enabled_flg: 0 | 1;
  domain_create_is_auto_update_enabled_flg: 0 | 1;
  domain_create_is_whois_proxy_enabled_flg: 0 | 1;
  domain_create_reg_record_id: number | null;
  domain_create_adm_contact_id: number | null;
  domain_create_tec_contact_id: number | null;
  domain_create_bil_contact_id: number | null;
  domain_create_name_servers: string[];
  whois_proxy_disabled_reg_record_id: number | null;
  whois_proxy_disabled_adm_contact_id: number | null;
  whois_proxy_disabled_tec_contact_id: number | null;
  whois_proxy_disabled_bil_contact_id: number | null;
}
export interface DefaultSettingResult {
  defaultSetting: DefaultSettingDto;
  contacts: WhoisContactDto[];
}
