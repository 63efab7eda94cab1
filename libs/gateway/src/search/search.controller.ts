import { BadRequestException, Body, Controller, HttpCode, Inject, Post, Req, Res, ServiceUnavailableException } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import type { Request, Response } from 'express';
import {
  AVAILABILITY_CLIENT, AvailabilityPatterns, CheckRequest, CheckResult, ClaimCheckRequest, ClaimCheckResult, DispatchRequest, DispatchResult, SearchPaths,
} from '@registrar/contracts';
import { rpc } from '@registrar/infra';
import { M } from '@registrar/messages';
import { readDomainName } from '@registrar/rules';
import { CheckDto, ClaimCheckDto, DispatchDto, SearchFormDto } from './search.dto';
import { SearchRateLimiter } from './search.rate-limiter';

/** The RPC waits for the check job, which itself times out after AVAILABILITY_JOB_TIMEOUT_MS (15 s by default). */
const CHECK_RPC_TIMEOUT_MS = Number(process.env.SEARCH_CHECK_TIMEOUT_MS ?? 20_000);

function sessionUserId(req: Request): number | null {
  const id = (req as Request & { session?: { userId?: number } }).session?.userId;
  return typeof id === 'number' ? id : null;
}

function clientKey(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/**
 * The domain search calls (000 §7, 002 §7). Every POST passes the CSRF middleware (X-Requested-With + X-CSRF-TOKEN);
 * the work happens in the availability service, each check batch as one BullMQ job.
 */
@Controller()
export class SearchController {
  constructor(@Inject(AVAILABILITY_CLIENT) private readonly availability: ClientProxy, private readonly limiter: SearchRateLimiter) {}

  /** keywords[] (one keyword, or the bulk lines), categoryId -> the rows to check, or result false with error_msg. */
  @Post(SearchPaths.dispatch)
  @HttpCode(200)
  async dispatch(@Body() body: DispatchDto, @Req() req: Request): Promise<DispatchResult> {
    const payload: DispatchRequest = { keywords: body.keywords, categoryId: body.categoryId ?? null, type: body.type, userId: sessionUserId(req) };
    try {
      return await rpc<DispatchResult>(this.availability, AvailabilityPatterns.Dispatch, payload, 10_000);
    } catch {
      throw new ServiceUnavailableException({ result: false, error_msg: [M.retryLater] });
    }
  }

  /** domainName + tlds[] (up to 25), or domainNames[] (up to 25) -> success, results.tlds[] {tld, status}. */
  @Post(SearchPaths.check)
  @HttpCode(200)
  async check(@Body() body: CheckDto, @Req() req: Request): Promise<CheckResult> {
    const asked = namesOf(body);
    await this.limiter.take(clientKey(req));
    let res: CheckResult;
    try {
      res = await rpc<CheckResult, CheckRequest>(this.availability, AvailabilityPatterns.Check, { names: asked.map((a) => a.name) }, CHECK_RPC_TIMEOUT_MS);
    } catch {
      throw new ServiceUnavailableException({ success: false, error_msg: [M.retryLater], results: { tlds: asked.map((a) => ({ tld: a.tld, domain: a.name, status: 3 })) } });
    }
    const byName = new Map(res.results.tlds.map((t) => [t.domain, t.status]));
    return { ...res, results: { tlds: asked.map((a) => ({ tld: a.tld, domain: a.name, status: byName.get(a.name) ?? null })) } };
  }

  /** domainNames[] -> success, results.unavailableDomains[] (the cart's claim check). */
  @Post(SearchPaths.claim)
  @HttpCode(200)
  async claim(@Body() body: ClaimCheckDto, @Req() req: Request): Promise<ClaimCheckResult> {
    await this.limiter.take(clientKey(req));
    const names = body.domainNames.map((n) => asciiName(n));
    try {
      return await rpc<ClaimCheckResult, ClaimCheckRequest>(this.availability, AvailabilityPatterns.ClaimCheck, { domainNames: names }, CHECK_RPC_TIMEOUT_MS);
    } catch {
      throw new ServiceUnavailableException({ success: false, error_msg: [M.cartAddFailed], results: { unavailableDomains: [] } });
    }
  }

  /** The top page's search form (guests): lands on the search page with the query filled in. */
  @Post(SearchPaths.guestPage)
  searchForm(@Body() body: SearchFormDto, @Res() res: Response): void {
    res.redirect(303, searchUrl(SearchPaths.guestPage, body));
  }

  /** The top page's search form (members; /mypage is member-only). */
  @Post(SearchPaths.memberPage)
  memberSearchForm(@Body() body: SearchFormDto, @Res() res: Response): void {
    res.redirect(303, searchUrl(SearchPaths.memberPage, body));
  }
}

/** The page URL with the query: ?domain=… (keyword tab) or ?domain_list=…&type=2 (bulk tab). */
export function searchUrl(page: string, body: SearchFormDto): string {
  const q = new URLSearchParams();
  if (typeof body.domain_list === 'string' && body.domain_list.trim()) {
    q.set('domain_list', body.domain_list.replace(/\r\n?/g, '\n'));
    q.set('type', '2');
  } else if (typeof body.domain === 'string' && body.domain.trim()) {
    q.set('domain', body.domain.trim());
  }
  const s = q.toString();
  return s ? `${page}?${s}` : page;
}

/** The one domain-name rule (libs/rules parseDomainName): its punycode, or 400 with the search form's message. */
function asciiName(raw: string): string {
  const d = readDomainName(raw);
  if (!d) throw new BadRequestException({ success: false, error_msg: [M.enterDomainCorrectly] });
  return d.punycode;
}

/** The names one POST search/domain asks for, each with the `tld` it is answered under. */
function namesOf(body: CheckDto): { tld: string; name: string }[] {
  if (body.domainNames?.length) {
    if (body.tlds?.length || body.domainName) throw new BadRequestException({ success: false, error_msg: [M.enterDomainCorrectly] });
    return body.domainNames.map((n) => ({ tld: n, name: asciiName(n) }));
  }
  if (!body.domainName || !body.tlds?.length) throw new BadRequestException({ success: false, error_msg: [M.enterDomainCorrectly] });
  const label = body.domainName;
  return body.tlds.map((tld) => ({ tld, name: asciiName(`${label}.${tld}`) }));
}
