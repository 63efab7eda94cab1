import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { CATALOG_CLIENT, CatalogPatterns, PriceGroupDto, PriceGroupPatterns, TldSummaryDto, UserPriceGroupResult } from '@registrar/contracts';
import { rpc } from '@registrar/infra';

/** The TLDs on sale with their policy and current prices, as the catalog service tells them. */
export interface TldCatalog {
  all(): Promise<TldSummaryDto[]>;
  /** the member's price group (custom prices), or null for list prices */
  priceGroup(userId: number): Promise<PriceGroupDto | null>;
}
export const TLD_CATALOG = Symbol('TLD_CATALOG');

const TTL_MS = 60_000;

/** Asks the catalog service (CatalogPatterns.AllTlds) and keeps the answer for a minute. */
@Injectable()
export class CatalogRpcTlds implements TldCatalog {
  private cache: { at: number; tlds: Promise<TldSummaryDto[]> } | null = null;

  constructor(@Inject(CATALOG_CLIENT) private readonly catalog: ClientProxy) {}

  all(): Promise<TldSummaryDto[]> {
    if (this.cache && Date.now() - this.cache.at < TTL_MS) return this.cache.tlds;
    const tlds = rpc<TldSummaryDto[]>(this.catalog, CatalogPatterns.AllTlds, {}, 3_000);
    this.cache = { at: Date.now(), tlds };
    tlds.catch(() => { this.cache = null; });
    return tlds;
  }

  async priceGroup(userId: number): Promise<PriceGroupDto | null> {
    return (await rpc<UserPriceGroupResult>(this.catalog, PriceGroupPatterns.UserPriceGroup, { userId }, 3_000)).group;
  }
}
