import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Public } from '@registrar/identity';
import { SearchRateLimiter } from '../search/search.rate-limiter';
import type { WhoisSearchResult } from '@registrar/contracts';
import { PublicWhoisService } from './public-whois.service';

/** Lookups per client per minute (each asks the registry and perhaps a registrar). */
const WHOIS_SEARCHES_PER_MINUTE = Number(process.env.WHOIS_SEARCHES_PER_MINUTE ?? 60);

/** POST whois/search {domain} -> { result: { result, data }, error_msg } (002 §7; the /whois page). */
@Controller('whois')
export class WhoisSearchController {
  constructor(private readonly whois: PublicWhoisService, private readonly limiter: SearchRateLimiter) {}

  @Post('search')
  @Public()
  @HttpCode(200)
  async search(@Body() body: { domain?: unknown }, @Req() req: Request): Promise<WhoisSearchResult> {
    await this.limiter.take(`whois:${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`, WHOIS_SEARCHES_PER_MINUTE);
    return this.whois.lookup(body?.domain);
  }
}
