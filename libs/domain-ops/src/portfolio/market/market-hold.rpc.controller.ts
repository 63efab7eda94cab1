import { Controller, UseFilters } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DomainMarketPatterns, MarketCandidateDto, MarketHoldRequest, MarketHoldResult, MarketMoveRequest, MarketMoveResult } from '@registrar/contracts';
import { DomainOpsRpcErrorFilter } from '../../shared/common/rpc-errors.filter';
import { MarketHoldService } from './market-hold.service';

const num = (v: unknown) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

/** What the market service asks domain-ops (services only; the gateway never calls these). */
@Controller()
@UseFilters(DomainOpsRpcErrorFilter)
export class MarketHoldRpcController {
  constructor(private readonly market: MarketHoldService) {}

  @MessagePattern(DomainMarketPatterns.Candidates)
  candidates(@Payload() req: { userId: number }): Promise<MarketCandidateDto[]> {
    return this.market.candidates(num(req?.userId));
  }

  @MessagePattern(DomainMarketPatterns.Hold)
  hold(@Payload() req: MarketHoldRequest): Promise<MarketHoldResult> {
    return this.market.hold({ userId: num(req?.userId), domainId: num(req?.domainId), listingId: num(req?.listingId) });
  }

  @MessagePattern(DomainMarketPatterns.Release)
  release(@Payload() req: { domainId: number; listingId: number }): Promise<{ released: boolean }> {
    return this.market.release(num(req?.domainId), num(req?.listingId));
  }

  @MessagePattern(DomainMarketPatterns.Move)
  move(@Payload() req: MarketMoveRequest): Promise<MarketMoveResult> {
    return this.market.move({ domainId: num(req?.domainId), listingId: num(req?.listingId), fromUserId: num(req?.fromUserId), toUserId: num(req?.toUserId), tradeId: num(req?.tradeId) });
  }

  @MessagePattern(DomainMarketPatterns.Return)
  giveBack(@Payload() req: { domainId: number; tradeId: number }): Promise<{ returned: boolean; reason: string | null }> {
    return this.market.giveBack(num(req?.domainId), num(req?.tradeId));
  }

  @MessagePattern(DomainMarketPatterns.Owner)
  owner(@Payload() req: { domainId: number }) {
    return this.market.owner(num(req?.domainId));
  }
}
