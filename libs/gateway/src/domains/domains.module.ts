import { Module } from '@nestjs/common';
import { DOMAIN_OPS_CLIENT } from '@registrar/contracts';
import { rpcClientModule } from '@registrar/infra';
import { DomainOpsClient } from '../purchase/domain-ops.client';
import { devToolsEnabled, IdentityModule } from '@registrar/identity';
import { ActionLogController } from './action-log.controller';
import { DemoPortfolioController } from './demo-portfolio.controller';
import { DemoPortfolioSeeder } from './demo-portfolio.seeder';
import { DomainListController } from './domain-list.controller';

/** The gateway's side of the domain list, detail view and action history (the domain-ops service). */
@Module({
  imports: [rpcClientModule(DOMAIN_OPS_CLIENT), IdentityModule],
  controllers: [DomainListController, ActionLogController, ...(devToolsEnabled() ? [DemoPortfolioController] : [])],
  providers: [DomainOpsClient, DemoPortfolioSeeder],
})
export class DomainsModule {}
