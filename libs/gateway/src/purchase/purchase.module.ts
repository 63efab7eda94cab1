import { Module } from '@nestjs/common';
import { rpcClientModule } from '@registrar/infra';
import { CATALOG_CLIENT, DOMAIN_OPS_CLIENT } from '@registrar/contracts';
import { DomainOpsClient } from './domain-ops.client';
import { PurchaseController } from './purchase.controller';
import { RenewalController } from './renewal.controller';
import { TransferController } from './transfer.controller';

/** The gateway's side of the purchase flow (the domain-ops service). */
@Module({
  imports: [rpcClientModule(DOMAIN_OPS_CLIENT), rpcClientModule(CATALOG_CLIENT)],
  controllers: [PurchaseController, RenewalController, TransferController],
  providers: [DomainOpsClient],
})
export class PurchaseModule {}
