import { Module } from '@nestjs/common';
import { CatalogRpcController } from './catalog.rpc.controller';

/** The catalog service: TLDs, categories, prices, campaigns, imports. */
@Module({
  controllers: [CatalogRpcController],
})
export class CatalogServiceModule {}
