import type { PriceGroupDto } from './price-groups';
/**
 * Message patterns of the request/response calls between the gateway and the services
 * (BullMQ command queues rpc-<service>, the service being the first segment; ADR 0008). Never write these strings anywhere else.
 */
export const CatalogPatterns = {
  /** PriceSearchRequest -> PriceSearchResult */
  PriceSearch: 'catalog.price.search',
  /** DeadlineSearchRequest -> DeadlineSearchResult */
  DeadlineSearch: 'catalog.deadline.search',
  /** TldDetailRequest -> TldDetailResult (found false for an unknown TLD) */
  TldDetail: 'catalog.tld.detail',
  /** void -> CategoryDto[] */
  Categories: 'catalog.categories',
  /** void -> TldPriceDto[] the top page's tiles (rows with a top_ordinal_flg, ascending) */
  TopTiles: 'catalog.top.tiles',
  /** CatalogImportRequest -> CatalogImportResult */
  Import: 'catalog.import',
  /** void -> NextMonthPricesResult: next month's prices exist */
  NextMonthPricesExist: 'catalog.price.next-month-exists',
  /** void -> TldSummaryDto[] every TLD with its policy and current price */
  AllTlds: 'catalog.tld.all',
  /** { userId } -> CampaignRemainingResult: campaign registrations left this Tokyo month */
  CampaignRemaining: 'catalog.campaign.remaining',
  /** CampaignReserveRequest -> CampaignReserveResult: takes one slot atomically (idempotent per key) */
  CampaignReserve: 'catalog.campaign.reserve',
  /** { key } -> { released: boolean }: gives a reserved slot back (a refunded item); idempotent */
  CampaignRelease: 'catalog.campaign.release',
  /** { userId } -> MemberPricingResult: the member's price group and campaign slots left, in one request (a quote's two questions) */
  MemberPricing: 'catalog.member-pricing',
} as const;

export interface CampaignRemainingResult { userId: number; month: string; used: number; limit: number; remaining: number }
export interface CampaignReserveRequest { userId: number; key: string }
export interface CampaignReserveResult { reserved: boolean; month: string; used: number; limit: number }
/** What a member's quote depends on besides the TLDs: the price group (null = list prices) and the campaign slots left. */
export interface MemberPricingResult { userId: number; group: PriceGroupDto | null; campaign: CampaignRemainingResult }

export type CatalogPattern = (typeof CatalogPatterns)[keyof typeof CatalogPatterns];
