import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CatalogPatterns, PriceSearchRequest, PriceSearchResult } from '@registrar/contracts';

@Controller()
export class CatalogRpcController {
  @MessagePattern(CatalogPatterns.PriceSearch)
  async priceSearch(@Payload() _req: PriceSearchRequest): Promise<PriceSearchResult> {
    return { tldPrices: [] };
  }
}
