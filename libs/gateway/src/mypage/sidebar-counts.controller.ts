import { Controller, Get } from '@nestjs/common';
import { Member } from '@registrar/identity';

/**
 * Counts for the member sidebar (001 spec §2 "Sidebar", §7). PLACEHOLDERS answering 0: server and market (sites)
 * counts belong to sibling services of the account; the domain-market count is the market service's (market/market.controller.ts). The domain count is real (domains/domain-list.controller.ts).
 */
@Controller('mypage')
@Member()
export class SidebarCountsController {
  @Get('server_contracts/count')
  serverContracts() {
    return { serverContractsCount: 0 };
  }

  @Get('market/count')
  market() {
    return { sellSitesCount: 0 };
  }
}
