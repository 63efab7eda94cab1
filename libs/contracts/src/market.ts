/**
 * The market service (docs/market.md): members list domains they hold, others buy them with points; every trade runs
 * as BullMQ jobs (pay into escrow, local move, credit the seller) with a per-step state both sides follow.
 * Every member payload carries the calling member's userId (set by the gateway).
 */
export const MARKET_CLIENT = 'MARKET_CLIENT';

export const MarketPatterns = {
  /** MarketSearchRequest -> MarketSearchResult (active listings only; public) */
  Search: 'market.listing.search',
  /** { id, viewerId? } -> MarketListingDto (NOT_FOUND for a listing that is not public, unless the viewer is its seller) */
  Get: 'market.listing.get',
  /** { userId } -> MarketCandidateDto[] the member's domains and whether each may be listed */
  Candidates: 'market.listing.candidates',
  /** CreateListingRequest -> MarketListingDto */
  Create: 'market.listing.create',
  /** { userId, id } -> MarketListingDto (status cancelled; refused while a trade runs) */
  Cancel: 'market.listing.cancel',
  /** { userId } -> MarketListingDto[] the member's listings (every status) */
  Mine: 'market.listing.mine',
  /** { userId, listingId, key, payment?: MarketBuyPayment } -> MarketTradeDto (answers at once; the trade runs as jobs) */
  Buy: 'market.trade.buy',
  /** { userId, listingId, amount, message? } -> MarketOfferDto */
  Offer: 'market.offer.create',
  /** { userId, offerId, accept, key } -> { offer, trade? } (the seller answers an offer) */
  AnswerOffer: 'market.offer.answer',
  /** { userId } -> { received: MarketOfferDto[]; sent: MarketOfferDto[] } */
  Offers: 'market.offer.list',
  /** { userId, id } -> MarketTradeDto (buyer, seller) */
  Trade: 'market.trade.get',
  /** { userId } -> { bought: MarketTradeDto[]; sold: MarketTradeDto[] } */
  Trades: 'market.trade.mine',
  /** { userId } -> MarketSalesResult (売上管理) */
  Sales: 'market.sales.summary',
  /** PayoutRequest -> MarketPayoutDto */
  RequestPayout: 'market.payout.request',
  /** { userId } -> MarketNoticesResult: the bell's market events (10 latest, unread count) */
  Notices: 'market.notice.list',
  /** { userId } -> { marked } */
  ReadNotices: 'market.notice.read',
  /** {} -> { data: Array<{ id, updated_at }> } every public listing (up to 45,000), for sitemap.xml */
  SitemapListings: 'market.listing.sitemap',
  /** { userId } -> { sellDomainsCount } the sidebar badge */
  Count: 'market.listing.count',
  /**
   * { userId, id, payment: MarketBuyPayment } -> MarketTradeDto: the buyer pays a trade from an accepted offer that awaits
   * their payment (points, or points first and the rest by card / wallet, as a purchase at the fixed price)
   */
  PayTrade: 'market.trade.pay',
  /** { userId, id } -> MarketTradeDto: the buyer is back from 3-D Secure or the wallet; the pay step runs now */
  ConfirmPayment: 'market.trade.confirm-payment',
  /** { userId, id } -> MarketTradeDto: the buyer confirms receipt; the escrow goes to the seller now */
  ConfirmReceipt: 'market.trade.confirm-receipt',
  /** { userId, tradeId, reason, staff? } -> MarketDisputeDto (buyer or seller, before the escrow is released; staff: the super admins' ids, mailed and notified) */
  OpenDispute: 'market.dispute.open',
  /** { userId | adminId, tradeId, body, staff? } -> MarketDisputeDto (a message in the trade's dispute; a party's message tells the staff) */
  DisputeMessage: 'market.dispute.message',
  /** { userId | admin, tradeId } -> MarketDisputeDto | null */
  Dispute: 'market.dispute.get',
  /** { status? } -> { data: MarketDisputeDto[] } (super admins) */
  AdminDisputes: 'market.admin.disputes',
  /** { adminId, tradeId, outcome: 'release' | 'refund', note } -> MarketDisputeDto */
  AdminResolveDispute: 'market.admin.dispute.resolve',
  /** AdminTradesRequest -> AdminTradesResult (super admins: trades, steps, payouts) */
  AdminTrades: 'market.admin.trades',
  /** AdminListingsRequest -> AdminListingsResult */
  AdminListings: 'market.admin.listings',
  /** { adminId, tradeId, reason } -> MarketTradeDto (cancels a trade not yet moved and refunds the buyer) */
  AdminCancelTrade: 'market.admin.trade.cancel',
  /** { adminId, listingId, hidden, reason } -> MarketListingDto */
  AdminHideListing: 'market.admin.listing.hide',
  /** { adminId, payoutId, action: 'paid' | 'rejected', note? } -> MarketPayoutDto */
  AdminPayout: 'market.admin.payout',
} as const;

export type MarketPattern = (typeof MarketPatterns)[keyof typeof MarketPatterns];

export type ListingStatus = 'pending' | 'active' | 'trading' | 'sold' | 'cancelled' | 'expired';
/** Steps of a trade in order; refunded and cancelled end a trade that did not complete. */
export type TradeStatus = 'paying' | 'escrowed' | 'moving' | 'moved' | 'completed' | 'refunding' | 'refunded' | 'cancelled';
/** The market list's orders (the web app's search params accept these and no others). */
export const MARKET_SORTS = ['new', 'price_asc', 'price_desc', 'ending', 'name', 'length'] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];

export interface MarketSearchRequest {
  keyword?: string;
  tld?: string;
  priceMin?: number;
  priceMax?: number;
  lengthMin?: number;
  lengthMax?: number;
  sort?: MarketSort;
  page?: number;
  perPage?: number;
}

export interface MarketListingDto {
  id: number;
  domain: string;
  tld: string;
  length: number;
  price: number;
  min_offer: number | null;
  description: string;
  ends_at: string;
  status: ListingStatus;
  registered_at: string | null;
  expires_at: string | null;
  created_at: string;
  /** only for its seller and super admins */
  seller_id?: number;
  hidden?: boolean;
  hidden_reason?: string | null;
  is_mine?: boolean;
}

export interface MarketSearchResult {
  data: MarketListingDto[];
  /** matches, counted up to 1,000 (total_capped: there are more) */
  total: number;
  total_capped?: boolean;
  current_page: number;
  last_page: number;
  tlds: string[];
}

export interface MarketCandidateDto {
  id: number;
  name: string;
  tld: string;
  listable: boolean;
  reason: string | null;
}

export interface CreateListingRequest {
  userId: number;
  domainId: number;
  price: number;
  minOffer?: number | null;
  description?: string;
  endsAt: string;
}

export interface MarketTradeStepDto {
  step: string;
  status: string;
  message: string | null;
  at: string;
}

export interface MarketTradeDto {
  id: number;
  listing_id: number;
  domain: string;
  price: number;
  commission: number;
  payout: number;
  status: TradeStatus;
  role?: 'buyer' | 'seller' | 'admin';
  buyer_id?: number;
  seller_id?: number;
  error: string | null;
  created_at: string;
  updated_at: string;
  steps: MarketTradeStepDto[];
  /**
   * how the buyer pays: points, or a card / wallet that buys the points short (charge) besides points_used; null: a
   * trade from an accepted offer awaiting the buyer's payment (POST /market/trade/{id}/pay) until pay_due_at
   */
  pay_method?: MarketPayMethod | null;
  pay_due_at?: string | null;
  points_used?: number | null;
  charge?: number | null;
  /** after the move: when the escrow goes to the seller unless the buyer confirms earlier or a dispute is open */
  release_at?: string | null;
  receipt_at?: string | null;
  /** the trade's dispute, if any (status and who opened it; the thread via MarketPatterns.Dispute) */
  dispute?: { id: number; status: DisputeStatus; opener_role: 'buyer' | 'seller'; created_at: string } | null;
  /** only in the answer to a card / wallet purchase: where the browser goes next (3-D Secure, the wallet's approval) */
  payment_url?: string | null;
}

export type MarketPayMethod = 'points' | 'card' | 'wallet';
export type DisputeStatus = 'open' | 'released' | 'refunded';

/** How the buyer pays a listing (POST /market/{id}/buy). card / wallet: amount is the charge the page showed. */
export interface MarketBuyPayment {
  method?: MarketPayMethod;
  stripeCardId?: string;
  pointsToUse?: number | null;
  amount?: number;
  appUrl?: string;
}

export interface MarketDisputeMessageDto {
  id: number;
  author_role: 'buyer' | 'seller' | 'admin';
  body: string;
  created_at: string;
}

export interface MarketDisputeDto {
  id: number;
  trade_id: number;
  domain: string;
  opener_role: 'buyer' | 'seller';
  reason: string;
  status: DisputeStatus;
  resolution: string | null;
  created_at: string;
  resolved_at: string | null;
  messages: MarketDisputeMessageDto[];
  /** admin views */
  buyer_id?: number;
  seller_id?: number;
  trade_status?: TradeStatus;
}

export interface MarketOfferDto {
  id: number;
  listing_id: number;
  domain: string;
  amount: number;
  message: string;
  status: 'pending' | 'accepted' | 'declined' | 'withdrawn';
  trade_id: number | null;
  created_at: string;
}

export interface MarketPayoutDto {
  id: number;
  user_id?: number;
  amount: number;
  bank: { bank_name: string; branch_name: string; account_type: string; account_number: string; account_holder: string };
  status: 'requested' | 'paid' | 'rejected';
  note: string | null;
  requested_at: string;
  ended_at: string | null;
}

export interface PayoutRequest {
  userId: number;
  amount: number;
  key: string;
  bankName: string;
  branchName: string;
  accountType: string;
  accountNumber: string;
  accountHolder: string;
}

export interface MarketSalesResult {
  totals: { sales: number; commission: number; credited: number; in_progress: number; paid_out: number; requested: number };
  commission_percent: number;
  sales: MarketTradeDto[];
  payouts: MarketPayoutDto[];
  /** statements by Tokyo month: YYYY-MM, sales, commission, credited, payouts */
  statements: Array<{ month: string; count: number; sales: number; commission: number; credited: number; paid_out: number }>;
}

export interface AdminTradesRequest {
  status?: string;
  keyword?: string;
  page?: number;
}

export interface AdminTradesResult {
  trades: { data: MarketTradeDto[]; total: number; current_page: number; last_page: number };
  payouts: MarketPayoutDto[];
  counts: Record<string, number>;
}

export interface AdminListingsRequest {
  keyword?: string;
  status?: string;
  hidden?: '0' | '1';
  page?: number;
}

export interface AdminListingsResult {
  data: MarketListingDto[];
  total: number;
  current_page: number;
  last_page: number;
}

export interface MarketNoticesResult {
  data: Array<{ id: number; title: string; link: string; created_at: string; is_read: boolean }>;
  unread: number;
}

export interface MarketTradeJobData {
  tradeId: number;
}

export enum MarketErrorCode {
  NotFound = 'MARKET_NOT_FOUND',
  Invalid = 'MARKET_INVALID',
  Conflict = 'MARKET_CONFLICT',
  Forbidden = 'MARKET_FORBIDDEN',
  InsufficientPoints = 'MARKET_INSUFFICIENT_POINTS',
  /** the card or wallet did not pay (declined, failed authentication): the trade is cancelled, nothing taken */
  PaymentFailed = 'MARKET_PAYMENT_FAILED',
  Internal = 'MARKET_INTERNAL',
}

export interface MarketRpcError {
  code: MarketErrorCode;
  message: string;
}

export function isMarketRpcError(e: unknown): e is MarketRpcError {
  return !!e && typeof e === 'object' && Object.values(MarketErrorCode).includes((e as MarketRpcError).code);
}

// ---- what the market asks domain-ops (the domain's hold and its move)

export const DomainMarketPatterns = {
  /** { userId } -> MarketCandidateDto[] */
  Candidates: 'domain-ops.market.candidates',
  /** MarketHoldRequest -> MarketHoldResult: holds the domain for a listing (refuses when it cannot be listed) */
  Hold: 'domain-ops.market.hold',
  /** { domainId, listingId } -> { released: boolean } */
  Release: 'domain-ops.market.release',
  /** MarketMoveRequest -> MarketMoveResult: moves a held domain to the buyer (idempotent) */
  Move: 'domain-ops.market.move',
  /** { domainId, tradeId } -> { returned, reason }: a dispute refunded after the move gives the domain back to its seller (idempotent) */
  Return: 'domain-ops.market.return',
  /** { domainId } -> { userId: number | null; listingId: number | null } who holds it now */
  Owner: 'domain-ops.market.owner',
} as const;

export interface MarketHoldRequest {
  userId: number;
  domainId: number;
  listingId: number;
}

export interface MarketHoldResult {
  held: boolean;
  reason: string | null;
  domain?: { id: number; name: string; tld: string; registered_at: string | null; expires_at: string | null };
}

export interface MarketMoveRequest {
  domainId: number;
  listingId: number;
  fromUserId: number;
  toUserId: number;
  tradeId: number;
}

export interface MarketMoveResult {
  moved: boolean;
  reason: string | null;
}
