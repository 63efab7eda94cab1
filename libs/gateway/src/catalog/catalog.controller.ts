import { Controller, Get, Inject, NotFoundException, Param, Query, Req, Res, ServiceUnavailableException } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import type { Request, Response } from 'express';
import { gzipSync } from 'node:zlib';
import {
  CATALOG_CLIENT, CatalogPatterns, CategoryDto, CategoryListResult, DeadlineSearchRequest, DeadlineSearchResult, HttpPaths, PriceGroupDto,
  PriceGroupPatterns, PriceSearchRequest, PriceSearchResult, TldDetailDto, TldDetailRequest, TldDetailResult, TldPriceDto, UserPriceGroupResult,
} from '@registrar/contracts';
import { rpc } from '@registrar/infra';
import { M } from '@registrar/messages';
import { applyPriceGroup } from '@registrar/rules';
import { CategoryQueryDto } from './catalog.dto';
import { CachedBody, CatalogResponseCache } from './catalog-response.cache';

const RPC_MS = Number(process.env.RPC_TIMEOUT_MS ?? 10_000);
const MAX_TLD_NAME = 100;

/**
 * The public catalogue API (002 spec §7): price list, deadline list, categories and TLD details.
 * Public (guests see prices); GET only. Answers come from a short-lived cache dropped on every import. A signed-in
 * member of a price group (002 §5) sees the prices they pay: the cached list with the group applied, sent privately.
 */
@Controller()
export class CatalogController {
  constructor(@Inject(CATALOG_CLIENT) private readonly catalog: ClientProxy, private readonly cache: CatalogResponseCache) {}

  /** GET domain/price/search?categoryId -> { tldPrices } */
  @Get(HttpPaths.priceSearch)
  async priceSearch(@Query() q: CategoryQueryDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    const categoryId = q.categoryId || null;
    const body = await this.cached(`prices:${categoryId ?? 0}`, () => rpc<PriceSearchResult, PriceSearchRequest>(this.catalog, CatalogPatterns.PriceSearch, { categoryId }, RPC_MS));
    const group = await this.memberGroup(req);
    if (!group) return send(req, res, body);
    const list = JSON.parse(body.body.toString('utf8')) as PriceSearchResult;
    res.setHeader('Cache-Control', 'private, no-cache');
    res.json({ tldPrices: list.tldPrices.map((p) => priced(p, group)) } satisfies PriceSearchResult);
  }

  /** GET domain/deadline/search?categoryId -> { deadlines } */
  @Get(HttpPaths.deadlineSearch)
  async deadlineSearch(@Query() q: CategoryQueryDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    const categoryId = q.categoryId || null;
    const body = await this.cached(`deadlines:${categoryId ?? 0}`, () => rpc<DeadlineSearchResult, DeadlineSearchRequest>(this.catalog, CatalogPatterns.DeadlineSearch, { categoryId }, RPC_MS));
    send(req, res, body);
  }

  /** GET domain/category/list -> { categories } */
  @Get(HttpPaths.categories)
  async categories(@Req() req: Request, @Res() res: Response): Promise<void> {
    const body = await this.cached('categories', async (): Promise<CategoryListResult> => ({ categories: await rpc<CategoryDto[]>(this.catalog, CatalogPatterns.Categories, {}, RPC_MS) }));
    send(req, res, body);
  }

  /** GET domain/tld/{tld_name} (XHR) -> TldDetailDto; 404 for a TLD we do not sell. */
  @Get('/domain/tld/:tldName')
  async tldDetail(@Param('tldName') tldName: string, @Req() req: Request): Promise<TldDetailDto> {
    if (!tldName || tldName.length > MAX_TLD_NAME) throw new NotFoundException({ statusCode: 404, message: M.tldNotFound });
    let r: TldDetailResult;
    try {
      r = await rpc<TldDetailResult, TldDetailRequest>(this.catalog, CatalogPatterns.TldDetail, { tldName }, RPC_MS);
    } catch {
      throw new ServiceUnavailableException({ statusCode: 503, message: M.errorOccurred });
    }
    if (!r.found || !r.detail) throw new NotFoundException({ statusCode: 404, message: M.tldNotFound });
    const group = await this.memberGroup(req);
    const d: TldDetailDto = { ...r.detail, idn_price: r.idn_price ?? null };
    if (!group) return d;
    return { ...d, price: priced(d.price, group), idn_price: d.idn_price ? priced(d.idn_price, group) : null, recommended: d.recommended.map((p) => priced(p, group)) };
  }

  /** The signed-in member's price group, or null (a guest, no group, or the catalogue did not answer: list prices). */
  private async memberGroup(req: Request): Promise<PriceGroupDto | null> {
    const userId = (req as Request & { session?: { userId?: number } }).session?.userId;
    if (!userId) return null;
    try {
      return (await rpc<UserPriceGroupResult>(this.catalog, PriceGroupPatterns.UserPriceGroup, { userId }, 3_000)).group;
    } catch {
      return null;
    }
  }

  private async cached(key: string, load: () => Promise<unknown>): Promise<CachedBody> {
    try {
      return await this.cache.get(key, load);
    } catch {
      throw new ServiceUnavailableException({ statusCode: 503, message: M.errorOccurred });
    }
  }
}

/** A price row as a member of the group pays it (the TLD's row name is its key in the group's fixed prices). */
const priced = (p: TldPriceDto, group: PriceGroupDto): TldPriceDto => applyPriceGroup(p, p.tld_name, group);

/**
 * Sends a cached JSON body with its ETag (a matching If-None-Match gets 304), gzip-compressed once per cache entry
 * for clients that accept it (the compression middleware leaves a response that already has a Content-Encoding).
 */
function send(req: Request, res: Response, c: CachedBody): void {
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('ETag', c.etag);
  res.setHeader('Vary', 'Accept-Encoding');
  res.type('application/json');
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  if (req.acceptsEncodings('gzip', 'identity') === 'gzip') {
    c.gzip ??= gzipSync(c.body);
    res.setHeader('Content-Encoding', 'gzip');
    res.send(c.gzip);
    return;
  }
  res.send(c.body);
}
