import { Module } from '@nestjs/common';
import { CATALOG_CLIENT } from '@registrar/contracts';
import { createRedis, rpcClientModule } from '@registrar/infra';
import { CatalogController } from './catalog.controller';
import { CatalogPageStatus } from './catalog-page-status';
import { CATALOG_CACHE_SUB, CatalogResponseCache } from './catalog-response.cache';

/** The public catalogue at the HTTP edge (prices, deadlines, categories, TLD details). */
@Module({
  imports: [rpcClientModule(CATALOG_CLIENT)],
  controllers: [CatalogController],
  providers: [
    { provide: CATALOG_CACHE_SUB, useFactory: () => createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') },
    CatalogResponseCache,
    CatalogPageStatus,
  ],
  exports: [CatalogResponseCache, CatalogPageStatus],
})
export class CatalogHttpModule {}
