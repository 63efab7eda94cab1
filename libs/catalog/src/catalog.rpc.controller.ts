import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CatalogImportRequest, CatalogImportResult, CatalogPatterns, CategoryDto, DeadlineSearchRequest, DeadlineSearchResult, NextMonthPricesResult,
  PriceSearchRequest, PriceSearchResult, TldDetailRequest, TldPriceDto, TldDetailResult, TldSummaryDto,
} from '@registrar/contracts';
import { CatalogImportService } from './import/catalog-import.service';
import { CatalogQueryService } from './tlds/catalog-query.service';

/** A category id from a payload: a positive integer, else null (all categories). The gateway validates first. */
export function categoryIdOf(req: { categoryId?: unknown } | null | undefined): number | null {
  const n = Number(req?.categoryId);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** The catalog service's request/response handlers on the request transport (BullMQ command queues). */
@Controller()
export class CatalogRpcController {
  constructor(private readonly query: CatalogQueryService, private readonly importer: CatalogImportService) {}

  @MessagePattern(CatalogPatterns.PriceSearch)
  async priceSearch(@Payload() req: PriceSearchRequest): Promise<PriceSearchResult> {
    return { tldPrices: await this.query.prices(categoryIdOf(req)) };
  }

  @MessagePattern(CatalogPatterns.DeadlineSearch)
  async deadlineSearch(@Payload() req: DeadlineSearchRequest): Promise<DeadlineSearchResult> {
    return { deadlines: await this.query.deadlines(categoryIdOf(req)) };
  }

  @MessagePattern(CatalogPatterns.Categories)
  categories(): Promise<CategoryDto[]> {
    return this.query.categories();
  }

  /** The top page's price tiles (TldPriceDto rows with a top_ordinal_flg, ascending). */
  @MessagePattern(CatalogPatterns.TopTiles)
  topTiles(): Promise<TldPriceDto[]> {
    return this.query.topTiles();
  }

  @MessagePattern(CatalogPatterns.TldDetail)
  async tldDetail(@Payload() req: TldDetailRequest): Promise<TldDetailResult> {
    const name = typeof req?.tldName === 'string' ? req.tldName.slice(0, 100) : '';
    return name ? this.query.detail(name) : { found: false, detail: null };
  }

  @MessagePattern(CatalogPatterns.AllTlds)
  allTlds(): Promise<TldSummaryDto[]> {
    return this.query.allTlds();
  }

  @MessagePattern(CatalogPatterns.NextMonthPricesExist)
  nextMonthPricesExist(): Promise<NextMonthPricesResult> {
    return this.query.nextMonthPricesExist();
  }

  @MessagePattern(CatalogPatterns.Import)
  import(@Payload() req: CatalogImportRequest): Promise<CatalogImportResult> {
    const csvs = req?.csvs && typeof req.csvs === 'object'
      ? Object.fromEntries(Object.entries(req.csvs).filter(([k, v]) => ['tld', 'tld_price', 'tld_category'].includes(k) && typeof v === 'string'))
      : undefined;
    return this.importer.import({ kind: req?.kind, csv: typeof req?.csv === 'string' ? req.csv : undefined, csvs });
  }
}
