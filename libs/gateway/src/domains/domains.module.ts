import { Module } from '@nestjs/common';
import { DOMAIN_OPS_CLIENT } from '@registrar/contracts';
import { rpcClientModule } from '@registrar/infra';
import { DomainOpsClient } from '../purchase/domain-ops.client';
import { ActionLogController } from './action-log.controller';
import { DomainListController } from './domain-list.controller';

/** The gateway's side of the domain list, detail view and action history (the domain-ops service). */
@Module({
  imports: [rpcClientModule(DOMAIN_OPS_CLIENT)],
  controllers: [DomainListController, ActionLogController],
  providers: [DomainOpsClient],
})
export class DomainsModule {}
