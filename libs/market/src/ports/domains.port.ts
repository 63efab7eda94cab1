import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { DOMAIN_OPS_CLIENT, DomainMarketPatterns, MarketCandidateDto, MarketHoldResult, MarketMoveRequest, MarketMoveResult } from '@registrar/contracts';
import { rpc } from '@registrar/infra';

/** domain-ops, owner of the domains: which may be listed, the hold of a listed domain, the move to a buyer. */
@Injectable()
export class DomainsPort {
  constructor(@Inject(DOMAIN_OPS_CLIENT) private readonly client: ClientProxy) {}

  candidates(userId: number): Promise<MarketCandidateDto[]> {
    return rpc<MarketCandidateDto[]>(this.client, DomainMarketPatterns.Candidates, { userId }, 15_000);
  }

  hold(userId: number, domainId: number, listingId: number): Promise<MarketHoldResult> {
    return rpc<MarketHoldResult>(this.client, DomainMarketPatterns.Hold, { userId, domainId, listingId }, 15_000);
  }

  release(domainId: number, listingId: number): Promise<{ released: boolean }> {
    return rpc(this.client, DomainMarketPatterns.Release, { domainId, listingId }, 15_000);
  }

  move(req: MarketMoveRequest): Promise<MarketMoveResult> {
    return rpc<MarketMoveResult>(this.client, DomainMarketPatterns.Move, req, 30_000);
  }

  giveBack(domainId: number, tradeId: number): Promise<{ returned: boolean; reason: string | null }> {
    return rpc(this.client, DomainMarketPatterns.Return, { domainId, tradeId }, 30_000);
  }

  owner(domainId: number): Promise<{ userId: number | null; listingId: number | null; movedByTrade: number | null }> {
    return rpc(this.client, DomainMarketPatterns.Owner, { domainId }, 15_000);
  }
}
