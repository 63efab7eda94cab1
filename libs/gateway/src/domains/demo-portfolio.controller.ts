import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { DomainListPatterns } from '@registrar/contracts';
import { Member } from '@registrar/identity';
import { MemberId } from '../payments/member';
import { DomainOpsClient } from '../purchase/domain-ops.client';

/**
 * POST /dev/demo/portfolio { count?, viaRegistry?, onlyIfEmpty? } — gives the signed-in member a demo portfolio (every state of the domain list).
 * Registered only where the dev tools are (local runtime and tests; devToolsEnabled), and domain-ops refuses it
 * elsewhere too. Browser tests use it to fill a member's list.
 */
@Controller('dev/demo')
@Member()
export class DemoPortfolioController {
  constructor(private readonly domainOps: DomainOpsClient) {}

  @Post('portfolio')
  @HttpCode(200)
  seed(@MemberId() userId: number, @Body() body: { count?: unknown; viaRegistry?: unknown; onlyIfEmpty?: unknown }): Promise<{ inserted: number; checked?: number; repaired?: number; failed?: number }> {
    // viaRegistry: registered at the registry as the demo member's are (docs/registry-sync.md); else only in our database
    const viaRegistry = body?.viaRegistry === true;
    return this.domainOps.call(DomainListPatterns.SeedDemo, { userId, count: Number(body?.count) || 60, onlyIfEmpty: viaRegistry && body?.onlyIfEmpty === true, viaRegistry }, viaRegistry ? 300_000 : undefined);
  }
}
