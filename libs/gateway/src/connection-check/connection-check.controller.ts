import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Public } from '@registrar/identity';
import { SearchRateLimiter } from '../search/search.rate-limiter';
import type { ConnectionCheckResponse } from '@registrar/contracts';
import { ConnectionCheckService } from './connection-check.service';

/** Checks per client per minute (each makes DNS queries and up to six connections). */
const CHECKS_PER_MINUTE = Number(process.env.CONNECTION_CHECKS_PER_MINUTE ?? 20);

/** POST tool/websiteConnectionCheck {domain, url} -> { result, error, checkResults[] } (002 §7). */
@Controller('tool')
export class ConnectionCheckController {
  constructor(private readonly checks: ConnectionCheckService, private readonly limiter: SearchRateLimiter) {}

  @Post('websiteConnectionCheck')
  @Public()
  @HttpCode(200)
  async check(@Body() body: { domain?: unknown; url?: unknown }, @Req() req: Request): Promise<ConnectionCheckResponse> {
    await this.limiter.take(`conncheck:${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`, CHECKS_PER_MINUTE);
    const input = typeof body?.url === 'string' && body.url.trim() ? body.url : body?.domain;
    return this.checks.check(input);
  }
}
