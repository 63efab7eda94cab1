import { Module } from '@nestjs/common';
import { DOMAIN_OPS_CLIENT, ORDERS_CLIENT } from '@registrar/contracts';
import { rpcClientModule } from '@registrar/infra';
import { IdentityModule } from '@registrar/identity';
import { OrdersClient } from '../payments/orders.client';
import { DomainOpsClient } from '../purchase/domain-ops.client';
import { OperationsController } from './operations.controller';
import { OperationStarter } from './operation-starter';

/** The gateway's side of the domain operations and moves between members (the domain-ops service). */
@Module({
  imports: [rpcClientModule(DOMAIN_OPS_CLIENT), rpcClientModule(ORDERS_CLIENT), IdentityModule],
  controllers: [OperationsController],
  providers: [DomainOpsClient, OrdersClient, OperationStarter],
  exports: [OperationStarter],
})
export class OperationsHttpModule {}
