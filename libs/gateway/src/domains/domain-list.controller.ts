import { BadRequestException, Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  DOMAIN_CSV_HEADER, DomainBannerCounts, DomainCsvChunkResult, DomainDetailDto, DomainListPatterns, DomainReadyResult, DomainSearchConditionData,
  DomainOpsPatterns, DomainSearchResult, RenewReadyResult,
} from '@registrar/contracts';
import { formatDateJst, validateDomainSearch } from '@registrar/rules';
import { ScalarBody } from '../http/input-guard';
import { Member } from '@registrar/identity';
import { MemberId } from '../payments/member';
import { DomainOpsClient } from '../purchase/domain-ops.client';
import { streamDomainCsv } from './csv-stream';

export const CSV_CHUNK = 5_000;
/** Form fields of the list's search that become the page's URL query after a form post. */
const FORM_FIELDS = ['key', 'obtainDateStart', 'obtainDateEnd', 'dueDateStart', 'dueDateEnd', 'isDomainLock', 'isGetAuthcode', 'isWhoisProxy', 'nameServer',
  'contact', 'influxLimit', 'isAutoUpdate', 'isStatus', 'isTrash', 'domainType', 'pagingNum', 'sort'] as const;

const bodyOf = (b: unknown): Record<string, unknown> => (b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : {});

/**
 * The member's domain list (001 spec §2, §7): search, select-all-pages, refresh of rows, CSV export, banner counts,
 * the advanced search's choices, the sidebar count and the read-only detail view. Every call names the member from
 * the session; another member's domain id yields nothing.
 */
@Controller('mypage/domain')
@Member()
export class DomainListController {
  constructor(private readonly domainOps: DomainOpsClient) {}

  /** POST mypage/domain (a form post of the sidebar keyword box or the advanced search) -> 303 to the list with the filters in the URL. */
  @Post()
  @ScalarBody()
  @HttpCode(303)
  formPost(@Body() body: unknown, @Res() res: Response): void {
    const b = bodyOf(body);
    const q = new URLSearchParams();
    for (const f of FORM_FIELDS) {
      const v = b[f];
      if (typeof v === 'string' && v.trim() !== '' && v.length <= 300) q.set(f, v.trim());
    }
    res.redirect(303, `/mypage/domain${q.size ? `?${q}` : ''}`);
  }

  /** POST mypage/domain/search -> { validDomains (paged), errors, expiredCount } */
  @Post('search')
  @ScalarBody()
  @HttpCode(200)
  search(@MemberId() userId: number, @Body() body: unknown): Promise<DomainSearchResult> {
    return this.domainOps.call<DomainSearchResult>(DomainListPatterns.Search, { userId, condition: bodyOf(body) });
  }

  /**
   * POST mypage/domain/ready { domainPkIds } or { allPageFlg: true, ...condition } -> { data: { domains }, notFound, errors }.
   * Select-all-pages resolves to at most 1000 rows in the service (more: 一括操作の上限は1000件です).
   */
  @Post('ready')
  @HttpCode(200)
  ready(@MemberId() userId: number, @Body() body: unknown): Promise<DomainReadyResult | RenewReadyResult> {
    const b = bodyOf(body);
    // the spec's other use of this endpoint: the renewal modal's rows ({ domainIds[] } -> user, tldPrices, domains)
    if ('domainIds' in b) {
      if (!Array.isArray(b.domainIds) || b.domainIds.length > 1000) throw new BadRequestException({ message: 'domainIds must be an array of at most 1000 ids', errors: ['domainIds must be an array of at most 1000 ids'] });
      return this.domainOps.call<RenewReadyResult>(DomainOpsPatterns.RenewReady, { userId, domainIds: b.domainIds });
    }
    const { domainPkIds, allPageFlg, ...condition } = b;
    return this.domainOps.call<DomainReadyResult>(DomainListPatterns.Ready, { userId, domainPkIds, allPageFlg, condition });
  }

  /** POST mypage/domain/ids (condition) -> { ids, total, errors }: the ids of select-all-pages, without rows. */
  @Post('ids')
  @ScalarBody()
  @HttpCode(200)
  ids(@MemberId() userId: number, @Body() body: unknown) {
    return this.domainOps.call(DomainListPatterns.Ids, { userId, condition: bodyOf(body) });
  }

  /**
   * POST /mypage/domain/csv (a form post with _token and the search data) -> the CSV of every match, streamed in
   * keyset chunks: UTF-8 with a BOM (Excel), CRLF, formula-looking cells neutralised by the service.
   */
  @Post('csv')
  @ScalarBody()
  async csv(@MemberId() userId: number, @Body() body: unknown, @Res() res: Response): Promise<void> {
    const condition = bodyOf(body);
    const v = validateDomainSearch(condition);
    if (!v.ok) {
      res.status(422).type('text/plain; charset=utf-8').send(v.errors.join('\n'));
      return;
    }
    const name = `domains_${formatDateJst(new Date()).replace(/-/g, '')}.csv`;
    await streamDomainCsv(res, name, DOMAIN_CSV_HEADER, (after) =>
      this.domainOps.call<DomainCsvChunkResult>(DomainListPatterns.CsvChunk, { userId, condition, after, limit: CSV_CHUNK }));
  }

  /** GET mypage/domain/count -> { count } domains under management (the sidebar). */
  @Get('count')
  count(@MemberId() userId: number): Promise<{ count: number }> {
    return this.domainOps.call(DomainListPatterns.Count, { userId });
  }

  /** GET mypage/domain/banner -> DomainBannerCounts */
  @Get('banner')
  banner(@MemberId() userId: number, @Req() req: Request & { user?: { email?: string } }): Promise<DomainBannerCounts> {
    // the member's e-mail finds moves addressed to it (moves by e-mail wait for the recipient's approval)
    return this.domainOps.call(DomainListPatterns.Banner, { userId, email: req.user?.email ?? null });
  }

  /** GET mypage/domain/search/condition -> { contacts, nameServers } */
  @Get('search/condition')
  condition(@MemberId() userId: number): Promise<DomainSearchConditionData> {
    return this.domainOps.call(DomainListPatterns.Condition, { userId });
  }

  /** GET mypage/domain/detail/:id -> DomainDetailDto (404 ドメイン情報がありません for an id that is not the member's) */
  @Get('detail/:id')
  detail(@MemberId() userId: number, @Param('id') id: string): Promise<DomainDetailDto> {
    return this.domainOps.call(DomainListPatterns.Detail, { userId, id: /^\d{1,18}$/.test(id) ? Number(id) : 0 });
  }
}
