import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  AdminListingsResult, AdminTradesResult, MarketCandidateDto, MarketDisputeDto, MarketListingDto, MarketOfferDto, MarketPatterns, MarketPayoutDto, MarketSalesResult, MarketSearchResult,
  MarketTradeDto,
} from '@registrar/contracts';
import { audit, AuthedRequest, Member, Public, SuperAdmin, UsersRepository } from '@registrar/identity';
import { GatewayConfig } from '../gateway.config';
import { appUrlFor, MemberId } from '../payments/member';
import { MarketClient } from './market.client';
import { AnswerOfferBody, BuyBody, CancelTradeBody, CreateListingBody, DisputeBody, DisputeMessageBody, HideListingBody, OfferBody, PayoutActionBody, PayTradeBody, PayoutBody, ResolveDisputeBody } from './market.dto';

const viewerOf = (req: AuthedRequest) => (req.user?.id ? Number(req.user.id) : null);
/** On a public route the guard loads no account: the signed-in member's id from the session (their own hidden listing). */
const sessionViewer = (req: AuthedRequest) => {
  const id = Number((req as unknown as { session?: { userId?: unknown } }).session?.userId ?? 0);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * The domain market's calls (docs/market.md). Pages and calls share paths (ADR 0003): `/market` and `/market/{id}`
 * are the public list and a listing's page; the member's calls are under `mypage/market`, `market/{id}/buy|offer`,
 * `market/trade/{id}` and `sales`.
 */
@Controller()
export class MarketController {
  constructor(private readonly market: MarketClient, private readonly config: GatewayConfig, private readonly users: UsersRepository) {}

  /** GET /market?keyword&tld&priceMin&priceMax&lengthMin&lengthMax&sort&page -> { data, total, current_page, last_page, tlds } */
  @Get('market')
  @Public()
  search(@Query() q: Record<string, string>): Promise<MarketSearchResult> {
    return this.market.call(MarketPatterns.Search, {
      keyword: q.keyword, tld: q.tld, priceMin: q.priceMin, priceMax: q.priceMax, lengthMin: q.lengthMin, lengthMax: q.lengthMax, sort: q.sort, page: q.page, perPage: q.perPage,
    });
  }

  /** GET /market/trade/{id} -> MarketTradeDto (the buyer's and the seller's view of the steps) */
  @Get('market/trade/:id')
  @Member()
  trade(@MemberId() userId: number, @Param('id', ParseIntPipe) id: number): Promise<MarketTradeDto> {
    return this.market.call(MarketPatterns.Trade, { userId, id });
  }

  /** GET /market/{id} -> MarketListingDto (public; a hidden listing only for its seller, with the reason) */
  @Get('market/:id')
  @Public()
  listing(@Req() req: AuthedRequest, @Param('id', ParseIntPipe) id: number): Promise<MarketListingDto> {
    return this.market.call(MarketPatterns.Get, { id, viewerId: sessionViewer(req) });
  }

  /** POST /market/{id}/buy {key} -> MarketTradeDto (answers at once; follow it at /market/trade/{id}) */
  @Post('market/:id/buy')
  @Member()
  @HttpCode(200)
  buy(@Req() req: Request, @MemberId() userId: number, @Param('id', ParseIntPipe) listingId: number, @Body() b: BuyBody): Promise<MarketTradeDto> {
    const payment = { method: b.method ?? 'points', stripeCardId: b.stripeCardId, pointsToUse: b.pointsToUse, amount: b.amount, appUrl: appUrlFor(req, this.config.APP_URL) };
    // a card charge may wait on the card company (the orders service's own limit is below this)
    return this.market.call(MarketPatterns.Buy, { userId, listingId, key: b.key, payment }, 55_000);
  }

  /**
   * POST /market/trade/{id}/pay {method, stripeCardId, pointsToUse, amount} -> MarketTradeDto: the buyer pays an accepted
   * offer awaiting their payment, as a purchase (payment_url for 3-D Secure / the wallet)
   */
  @Post('market/trade/:id/pay')
  @Member()
  @HttpCode(200)
  payTrade(@Req() req: Request, @MemberId() userId: number, @Param('id', ParseIntPipe) id: number, @Body() b: PayTradeBody): Promise<MarketTradeDto> {
    const payment = { method: b.method ?? 'points', stripeCardId: b.stripeCardId, pointsToUse: b.pointsToUse, amount: b.amount, appUrl: appUrlFor(req, this.config.APP_URL) };
    return this.market.call(MarketPatterns.PayTrade, { userId, id, payment }, 55_000);
  }

  /** POST /market/trade/{id}/confirm-payment -> MarketTradeDto (back from 3-D Secure or the wallet: the pay step now) */
  @Post('market/trade/:id/confirm-payment')
  @Member()
  @HttpCode(200)
  confirmPayment(@MemberId() userId: number, @Param('id', ParseIntPipe) id: number): Promise<MarketTradeDto> {
    return this.market.call(MarketPatterns.ConfirmPayment, { userId, id }, 45_000);
  }

  /** POST /market/trade/{id}/receipt -> MarketTradeDto (the buyer confirms receipt: the escrow goes to the seller now) */
  @Post('market/trade/:id/receipt')
  @Member()
  @HttpCode(200)
  receipt(@MemberId() userId: number, @Param('id', ParseIntPipe) id: number): Promise<MarketTradeDto> {
    return this.market.call(MarketPatterns.ConfirmReceipt, { userId, id });
  }

  /** GET /market/trade/{id}/dispute -> { dispute: MarketDisputeDto | null } (buyer, seller) */
  @Get('market/trade/:id/dispute')
  @Member()
  dispute(@MemberId() userId: number, @Param('id', ParseIntPipe) tradeId: number) {
    return this.market.call(MarketPatterns.Dispute, { userId, tradeId });
  }

  /** POST /market/trade/{id}/dispute {reason} -> MarketDisputeDto (buyer or seller, while the price is in escrow) */
  @Post('market/trade/:id/dispute')
  @Member()
  @HttpCode(200)
  async openDispute(@MemberId() userId: number, @Param('id', ParseIntPipe) tradeId: number, @Body() b: DisputeBody) {
    // the super admins are mailed and notified by the market service: the accounts are here, so their ids go with the call
    return this.market.call(MarketPatterns.OpenDispute, { userId, tradeId, reason: b.reason, staff: await this.users.superAdminIds() });
  }

  /** POST /market/trade/{id}/dispute/message {body} -> MarketDisputeDto */
  @Post('market/trade/:id/dispute/message')
  @Member()
  @HttpCode(200)
  async disputeMessage(@MemberId() userId: number, @Param('id', ParseIntPipe) tradeId: number, @Body() b: DisputeMessageBody) {
    return this.market.call(MarketPatterns.DisputeMessage, { userId, tradeId, body: b.body, staff: await this.users.superAdminIds() });
  }

  /** POST /market/{id}/offer {amount, message} -> MarketOfferDto */
  @Post('market/:id/offer')
  @Member()
  @HttpCode(200)
  offer(@MemberId() userId: number, @Param('id', ParseIntPipe) listingId: number, @Body() b: OfferBody): Promise<MarketOfferDto> {
    return this.market.call(MarketPatterns.Offer, { userId, listingId, amount: b.amount, message: b.message ?? '' });
  }

  /** GET mypage/market/candidates -> MarketCandidateDto[] (the listing form's domains) */
  @Get('mypage/market/candidates')
  @Member()
  candidates(@MemberId() userId: number): Promise<MarketCandidateDto[]> {
    return this.market.call(MarketPatterns.Candidates, { userId });
  }

  /** GET mypage/market/listings -> MarketListingDto[] the member's listings */
  @Get('mypage/market/listings')
  @Member()
  mine(@MemberId() userId: number): Promise<MarketListingDto[]> {
    return this.market.call(MarketPatterns.Mine, { userId });
  }

  /** POST mypage/market/listing {domainId, price, minOffer, description, endsAt} -> MarketListingDto */
  @Post('mypage/market/listing')
  @Member()
  @HttpCode(200)
  create(@MemberId() userId: number, @Body() b: CreateListingBody): Promise<MarketListingDto> {
    return this.market.call(MarketPatterns.Create, { userId, domainId: b.domainId, price: b.price, minOffer: b.minOffer ?? null, description: b.description ?? '', endsAt: b.endsAt });
  }

  /** POST mypage/market/listing/{id}/cancel -> MarketListingDto */
  @Post('mypage/market/listing/:id/cancel')
  @Member()
  @HttpCode(200)
  cancel(@MemberId() userId: number, @Param('id', ParseIntPipe) id: number): Promise<MarketListingDto> {
    return this.market.call(MarketPatterns.Cancel, { userId, id });
  }

  /** GET mypage/market/offers -> { received, sent } */
  @Get('mypage/market/offers')
  @Member()
  offers(@MemberId() userId: number) {
    return this.market.call(MarketPatterns.Offers, { userId });
  }

  /** POST mypage/market/offer/{id}/answer {accept} -> { offer, trade } */
  @Post('mypage/market/offer/:id/answer')
  @Member()
  @HttpCode(200)
  answer(@MemberId() userId: number, @Param('id', ParseIntPipe) offerId: number, @Body() b: AnswerOfferBody) {
    return this.market.call(MarketPatterns.AnswerOffer, { userId, offerId, accept: b.accept });
  }

  /** GET mypage/market/trades -> { bought, sold } */
  @Get('mypage/market/trades')
  @Member()
  trades(@MemberId() userId: number) {
    return this.market.call(MarketPatterns.Trades, { userId });
  }

  /** GET mypage/market/notices -> { data (10 latest), unread } (the bell's market section) */
  @Get('mypage/market/notices')
  @Member()
  notices(@MemberId() userId: number) {
    return this.market.call(MarketPatterns.Notices, { userId }, 10_000);
  }

  /** POST mypage/market/notices/read -> { marked } (opening the bell) */
  @Post('mypage/market/notices/read')
  @Member()
  @HttpCode(200)
  readNotices(@MemberId() userId: number) {
    return this.market.call(MarketPatterns.ReadNotices, { userId }, 10_000);
  }

  /** GET mypage/domain_market/count -> { sellDomainsCount } (the sidebar badge, 001 §7) */
  @Get('mypage/domain_market/count')
  @Member()
  count(@MemberId() userId: number) {
    return this.market.call(MarketPatterns.Count, { userId }, 10_000);
  }

  /** GET /sales -> MarketSalesResult (売上管理) */
  @Get('sales')
  @Member()
  sales(@MemberId() userId: number): Promise<MarketSalesResult> {
    return this.market.call(MarketPatterns.Sales, { userId });
  }

  /** POST /sales/payout {amount, key, bank…} -> MarketPayoutDto */
  @Post('sales/payout')
  @Member()
  @HttpCode(200)
  payout(@MemberId() userId: number, @Body() b: PayoutBody): Promise<MarketPayoutDto> {
    return this.market.call(MarketPatterns.RequestPayout, { userId, ...b });
  }
}

/** ドメイン売買 for super admins (002 §6: /admin/market, /admin/market/list); every action is in the admin audit log. */
@Controller('admin/api/market')
@SuperAdmin()
export class MarketAdminController {
  constructor(private readonly market: MarketClient) {}

  /** GET admin/api/market?status=&keyword=&page= -> { trades, payouts, counts } */
  @Get()
  trades(@Query('status') status?: string, @Query('keyword') keyword?: string, @Query('page') page?: string): Promise<AdminTradesResult> {
    return this.market.call(MarketPatterns.AdminTrades, { status: status ?? '', keyword: keyword ?? '', page: Number(page) || 1 });
  }

  /** GET admin/api/market/list?keyword=&status=&hidden=&page= -> { data, total, current_page, last_page } */
  @Get('list')
  listings(@Query('keyword') keyword?: string, @Query('status') status?: string, @Query('hidden') hidden?: string, @Query('page') page?: string): Promise<AdminListingsResult> {
    return this.market.call(MarketPatterns.AdminListings, { keyword: keyword ?? '', status: status || undefined, hidden: hidden === '0' || hidden === '1' ? hidden : undefined, page: Number(page) || 1 });
  }

  /** POST admin/api/market/trade/{id}/cancel {reason} -> MarketTradeDto (refund of the buyer follows as a job) */
  @Post('trade/:id/cancel')
  @HttpCode(200)
  async cancel(@Req() req: Request & AuthedRequest, @Param('id', ParseIntPipe) tradeId: number, @Body() b: CancelTradeBody): Promise<MarketTradeDto> {
    audit(req, { action: 'market.trade.cancel', target: tradeId });
    const t = await this.market.call<MarketTradeDto>(MarketPatterns.AdminCancelTrade, { adminId: viewerOf(req), tradeId, reason: b.reason });
    audit(req, { after: { status: t.status, reason: b.reason } });
    return t;
  }

  /** GET admin/api/market/disputes?status= -> { data: MarketDisputeDto[] } (open first) */
  @Get('disputes')
  disputes(@Query('status') status?: string) {
    return this.market.call(MarketPatterns.AdminDisputes, { status: status ?? '' });
  }

  /** GET admin/api/market/trade/{id}/dispute -> { dispute } */
  @Get('trade/:id/dispute')
  dispute(@Param('id', ParseIntPipe) tradeId: number) {
    return this.market.call(MarketPatterns.Dispute, { admin: true, tradeId });
  }

  /** POST admin/api/market/trade/{id}/dispute/message {body} -> MarketDisputeDto (as 運営) */
  @Post('trade/:id/dispute/message')
  @HttpCode(200)
  disputeMessage(@Req() req: Request & AuthedRequest, @Param('id', ParseIntPipe) tradeId: number, @Body() b: DisputeMessageBody) {
    audit(req, { action: 'market.dispute.message', target: tradeId });
    return this.market.call(MarketPatterns.DisputeMessage, { adminId: viewerOf(req), tradeId, body: b.body });
  }

  /** POST admin/api/market/trade/{id}/dispute/resolve {outcome: release|refund, note} -> MarketDisputeDto */
  @Post('trade/:id/dispute/resolve')
  @HttpCode(200)
  async resolve(@Req() req: Request & AuthedRequest, @Param('id', ParseIntPipe) tradeId: number, @Body() b: ResolveDisputeBody): Promise<MarketDisputeDto> {
    audit(req, { action: `market.dispute.${b.outcome}`, target: tradeId });
    const d = await this.market.call<MarketDisputeDto>(MarketPatterns.AdminResolveDispute, { adminId: viewerOf(req), tradeId, outcome: b.outcome, note: b.note }, 45_000);
    audit(req, { after: { status: d.status, note: b.note } });
    return d;
  }

  /** POST admin/api/market/list/{id}/hide {hidden, reason} -> MarketListingDto */
  @Post('list/:id/hide')
  @HttpCode(200)
  async hide(@Req() req: Request & AuthedRequest, @Param('id', ParseIntPipe) listingId: number, @Body() b: HideListingBody): Promise<MarketListingDto> {
    audit(req, { action: b.hidden ? 'market.listing.hide' : 'market.listing.show', target: listingId });
    return this.market.call(MarketPatterns.AdminHideListing, { adminId: viewerOf(req), listingId, hidden: b.hidden, reason: b.reason ?? '' });
  }

  /** POST admin/api/market/payout/{id} {action: paid|rejected, note} -> MarketPayoutDto */
  @Post('payout/:id')
  @HttpCode(200)
  async payout(@Req() req: Request & AuthedRequest, @Param('id', ParseIntPipe) payoutId: number, @Body() b: PayoutActionBody): Promise<MarketPayoutDto> {
    audit(req, { action: `market.payout.${b.action}`, target: payoutId });
    return this.market.call(MarketPatterns.AdminPayout, { adminId: viewerOf(req), payoutId, action: b.action, note: b.note ?? null });
  }
}
