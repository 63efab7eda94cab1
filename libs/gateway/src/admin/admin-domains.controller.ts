import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import type { Request, Response } from 'express';
import {
  ADMIN_DOMAIN_CSV_HEADER_PREFIX, DOMAIN_CSV_HEADER, DOMAIN_OPS_CLIENT, DomainCsvChunkResult, DomainListPatterns, DomainSearchConditionData, DomainSearchResult,
} from '@registrar/contracts';
import { M } from '@registrar/messages';
import { formatDateJst, validateDomainSearch } from '@registrar/rules';
import { Admin, audit, AuditAction, ReadOnlyCall } from '@registrar/identity';
import { CSV_CHUNK } from '../domains/domain-list.controller';
import { streamDomainCsv } from '../domains/csv-stream';
import { adminRpc, fieldErrors } from './admin-rpc';
import { ScalarBody } from '../http/input-guard';

/** Fields of the posted conditions that are not the search's own (the CSRF token of a form post, the member filter). */
const NOT_CONDITION = new Set(['_token', 'userId']);

/**
 * The admin domain list (002 §2 /admin/domains, §7): the member domain-list search service of domain-ops in its
 * admin mode (every member, or one member when userId is given). No second search: the same condition, validation,
 * indexes and CSV chunks as /mypage/domain.
 */
export function adminSearchOf(body: unknown): { payload: { userId?: number; allMembers?: true; condition: Record<string, unknown> }; errors: Record<string, string[]> } {
  const b = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const condition: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(b)) if (!NOT_CONDITION.has(k)) condition[k] = v;
  // the admin list shows expired domains too (their flags as dashes): without a status, both tabs
  if (condition.isStatus === undefined || condition.isStatus === '') {
    if (condition.domainType === undefined || condition.domainType === '') condition.domainType = 0;
  }
  const raw = b.userId === undefined || b.userId === null ? '' : String(b.userId).normalize('NFKC').trim();
  if (!raw) return { payload: { allMembers: true, condition }, errors: {} };
  if (!/^\d{1,15}$/.test(raw) || Number(raw) < 1) return { payload: { allMembers: true, condition }, errors: { userId: [M.userIdDigits] } };
  return { payload: { userId: Number(raw), condition }, errors: {} };
}

@Controller()
@Admin()
export class AdminDomainsController {
  constructor(@Inject(DOMAIN_OPS_CLIENT) private readonly domainOps: ClientProxy) {}

  /** POST /admin/api/domains (search conditions, optional userId) -> { result, domains: {data, current_page, last_page, total} } or 422 { errors }. */
  @Post('admin/api/domains')
  @ScalarBody()
  @HttpCode(200)
  @ReadOnlyCall()
  async search(@Body() body: unknown) {
    const { payload, errors } = adminSearchOf(body);
    if (Object.keys(errors).length) throw fieldErrors(errors);
    const r = await adminRpc<DomainSearchResult>(this.domainOps, DomainListPatterns.Search, payload, 30_000);
    if (r.errors.length || !r.validDomains) throw fieldErrors({ condition: r.errors.length ? r.errors : [M.unexpectedError] });
    return { result: true, domains: r.validDomains };
  }

  /** GET /admin/api/domains/search/condition -> { result, data: { nameServers } } (the advanced search's name-server choices). */
  @Get('admin/api/domains/search/condition')
  async condition() {
    const r = await adminRpc<DomainSearchConditionData>(this.domainOps, DomainListPatterns.Condition, { allMembers: true }, 30_000);
    return { result: true, data: { nameServers: r.nameServers } };
  }

  /**
   * POST /admin/domains/download (a form post of the conditions with _token) -> the CSV of every match across
   * members (or of one member), streamed in keyset chunks; the first column is the member's id.
   */
  @Post('admin/domains/download')
  @ScalarBody()
  @AuditAction('domains.download')
  async download(@Req() req: Request, @Body() body: unknown, @Res() res: Response): Promise<void> {
    const { payload, errors } = adminSearchOf(body);
    // an export of members' data is recorded (who took which list), not only the searches' screens
    audit(req, { target: payload.userId ?? 'all', after: { condition: payload.condition } });
    const v = validateDomainSearch(payload.condition);
    const problems = [...Object.values(errors).flat(), ...(v.ok ? [] : v.errors)];
    if (problems.length) {
      res.status(422).type('text/plain; charset=utf-8').send(problems.join('\n'));
      return;
    }
    const name = `admin_domains_${formatDateJst(new Date()).replace(/-/g, '')}.csv`;
    const header = [...ADMIN_DOMAIN_CSV_HEADER_PREFIX, ...DOMAIN_CSV_HEADER];
    await streamDomainCsv(res, name, header, (after) =>
      adminRpc<DomainCsvChunkResult>(this.domainOps, DomainListPatterns.CsvChunk, { ...payload, withMemberId: true, after, limit: CSV_CHUNK }, 60_000));
  }
}
