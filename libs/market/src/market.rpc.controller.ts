import { Controller, UseFilters } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AdminListingsRequest, AdminTradesRequest, CreateListingRequest, MarketBuyPayment, MarketPatterns, MarketSearchRequest, PayoutRequest } from '@registrar/contracts';
import { MarketRpcErrorFilter } from './common/market.exception';
import { ListingService } from './listings/listing.service';
import { SalesService } from './sales/sales.service';
import { NoticeService } from './notices/notice.service';
import { TradeService } from './trades/trade.service';
import { DisputeService } from './disputes/dispute.service';

const id = (v: unknown) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};
type P = Record<string, any>;
/** The super admins to tell (ids the gateway passes; at most 100). */
const staffOf = (q: P): number[] => (Array.isArray(q?.staff) ? q.staff.slice(0, 100).map(id).filter((x: number) => x > 0) : []);
/** How the buyer pays (a purchase, or an accepted offer), as the gateway passed it. */
const payment = (v: unknown): MarketBuyPayment => {
  const p: P = v && typeof v === 'object' ? v : {};
  return {
    method: p.method, stripeCardId: p.stripeCardId == null ? undefined : String(p.stripeCardId), pointsToUse: p.pointsToUse == null ? null : Number(p.pointsToUse),
    amount: p.amount == null ? undefined : Number(p.amount), appUrl: p.appUrl == null ? undefined : String(p.appUrl),
  };
};

/** The market service's request/response handlers on the Redis transport (the gateway calls them; docs/market.md). */
@Controller()
@UseFilters(MarketRpcErrorFilter)
export class MarketRpcController {
  constructor(private readonly listings: ListingService, private readonly trades: TradeService, private readonly sales: SalesService, private readonly notices: NoticeService, private readonly disputes: DisputeService) {}

  @MessagePattern(MarketPatterns.Notices)
  noticeList(@Payload() q: P) {
    return this.notices.list(id(q?.userId));
  }

  @MessagePattern(MarketPatterns.ReadNotices)
  noticeRead(@Payload() q: P) {
    return this.notices.read(id(q?.userId));
  }

  @MessagePattern(MarketPatterns.SitemapListings)
  async sitemap() {
    return { data: await this.listings.sitemap() };
  }

  @MessagePattern(MarketPatterns.Search)
  search(@Payload() q: MarketSearchRequest) {
    return this.listings.search(q ?? {});
  }

  @MessagePattern(MarketPatterns.Get)
  get(@Payload() q: P) {
    return this.listings.get(id(q?.id), q?.viewerId ? id(q.viewerId) : null, !!q?.admin);
  }

  @MessagePattern(MarketPatterns.Candidates)
  candidates(@Payload() q: P) {
    return this.listings.candidates(id(q?.userId));
  }

  @MessagePattern(MarketPatterns.Create)
  create(@Payload() q: CreateListingRequest) {
    return this.listings.create({ ...q, userId: id(q?.userId) });
  }

  @MessagePattern(MarketPatterns.Cancel)
  cancel(@Payload() q: P) {
    return this.listings.cancel(id(q?.userId), id(q?.id));
  }

  @MessagePattern(MarketPatterns.Mine)
  mine(@Payload() q: P) {
    return this.listings.mine(id(q?.userId));
  }

  @MessagePattern(MarketPatterns.Count)
  count(@Payload() q: P) {
    return this.listings.count(id(q?.userId));
  }

  @MessagePattern(MarketPatterns.Buy)
  buy(@Payload() q: P) {
    return this.trades.buy(id(q?.userId), id(q?.listingId), String(q?.key ?? ''), payment(q?.payment));
  }

  @MessagePattern(MarketPatterns.PayTrade)
  payTrade(@Payload() q: P) {
    return this.trades.payOffer(id(q?.userId), id(q?.id), payment(q?.payment));
  }

  @MessagePattern(MarketPatterns.ConfirmPayment)
  confirmPayment(@Payload() q: P) {
    return this.trades.confirmPayment(id(q?.userId), id(q?.id));
  }

  @MessagePattern(MarketPatterns.ConfirmReceipt)
  confirmReceipt(@Payload() q: P) {
    return this.trades.confirmReceipt(id(q?.userId), id(q?.id));
  }

  @MessagePattern(MarketPatterns.OpenDispute)
  openDispute(@Payload() q: P) {
    return this.disputes.open(id(q?.userId), id(q?.tradeId), String(q?.reason ?? ''), staffOf(q));
  }

  @MessagePattern(MarketPatterns.DisputeMessage)
  disputeMessage(@Payload() q: P) {
    const who = q?.adminId ? { adminId: id(q.adminId) } : { userId: id(q?.userId) };
    return this.disputes.message(who, id(q?.tradeId), String(q?.body ?? ''), staffOf(q));
  }

  @MessagePattern(MarketPatterns.Dispute)
  async dispute(@Payload() q: P) {
    return { dispute: await this.disputes.get(q?.admin === true ? null : id(q?.userId), id(q?.tradeId)) };
  }

  @MessagePattern(MarketPatterns.AdminDisputes)
  adminDisputes(@Payload() q: P) {
    return this.disputes.list(q?.status ? String(q.status) : undefined);
  }

  @MessagePattern(MarketPatterns.AdminResolveDispute)
  adminResolve(@Payload() q: P) {
    return this.disputes.resolve(id(q?.adminId), id(q?.tradeId), String(q?.outcome ?? ''), String(q?.note ?? '').slice(0, 2000));
  }

  @MessagePattern(MarketPatterns.Offer)
  offer(@Payload() q: P) {
    return this.trades.offer(id(q?.userId), id(q?.listingId), Number(q?.amount), String(q?.message ?? ''));
  }

  @MessagePattern(MarketPatterns.AnswerOffer)
  answerOffer(@Payload() q: P) {
    return this.trades.answerOffer(id(q?.userId), id(q?.offerId), q?.accept === true);
  }

  @MessagePattern(MarketPatterns.Offers)
  offers(@Payload() q: P) {
    return this.trades.offers(id(q?.userId));
  }

  @MessagePattern(MarketPatterns.Trade)
  trade(@Payload() q: P) {
    return this.trades.trade(id(q?.userId), id(q?.id));
  }

  @MessagePattern(MarketPatterns.Trades)
  myTrades(@Payload() q: P) {
    return this.trades.mine(id(q?.userId));
  }

  @MessagePattern(MarketPatterns.Sales)
  salesSummary(@Payload() q: P) {
    return this.sales.sales(id(q?.userId));
  }

  @MessagePattern(MarketPatterns.RequestPayout)
  payout(@Payload() q: PayoutRequest) {
    return this.sales.requestPayout({ ...q, userId: id(q?.userId), amount: Number(q?.amount) });
  }

  @MessagePattern(MarketPatterns.AdminTrades)
  adminTrades(@Payload() q: AdminTradesRequest) {
    return this.sales.adminTrades(q ?? {});
  }

  @MessagePattern(MarketPatterns.AdminListings)
  adminListings(@Payload() q: AdminListingsRequest) {
    return this.sales.adminListings(q ?? {});
  }

  @MessagePattern(MarketPatterns.AdminCancelTrade)
  adminCancel(@Payload() q: P) {
    return this.trades.adminCancel(id(q?.tradeId), String(q?.reason ?? ''));
  }

  @MessagePattern(MarketPatterns.AdminHideListing)
  adminHide(@Payload() q: P) {
    return this.sales.adminHide(id(q?.adminId), id(q?.listingId), q?.hidden === true, String(q?.reason ?? ''));
  }

  @MessagePattern(MarketPatterns.AdminPayout)
  adminPayout(@Payload() q: P) {
    return this.sales.adminPayout(id(q?.payoutId), q?.action, q?.note ? String(q.note).slice(0, 500) : null);
  }
}
