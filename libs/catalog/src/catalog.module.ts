import { Inject, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { QueueName } from '@registrar/contracts';
import { bullRootModule, CLOCK, createRedis, loadConfig, SystemClock } from '@registrar/infra';
import { schemaTypeOrmModule } from '@registrar/db';
import { CatalogChangeNotifier } from './cache/catalog-change.notifier';
import { CatalogConfig } from './catalog.config';
import { CATALOG_REDIS_PUB, CATALOG_REDIS_SUB, CATALOG_SCHEMA } from './catalog.constants';
import { CatalogRpcController } from './catalog.rpc.controller';
import { CampaignRepository } from './campaign/campaign.repository';
import { CampaignResetScheduler, CatalogProcessor, ResetCampaignCountersJob } from './campaign/campaign-reset.scheduler';
import { CampaignRpcController } from './campaign/campaign.rpc.controller';
import { CampaignService } from './campaign/campaign.service';
import { CATALOG_ENTITIES } from './entities';
import { CatalogImportRepository } from './import/catalog-import.repository';
import { CatalogImportService } from './import/catalog-import.service';
import { CATALOG_MIGRATIONS } from './migrations';
import { PriceGroupRepository } from './price-groups/price-group.repository';
import { PriceGroupRpcController } from './price-groups/price-group.rpc.controller';
import { PriceGroupService } from './price-groups/price-group.service';
import { CatalogQueryService } from './tlds/catalog-query.service';
import { CatalogRepository } from './tlds/catalog.repository';

export const catalogConfig = () => loadConfig(CatalogConfig);

/** The catalog service: TLDs, categories, prices by effective month, TLD content, the master-data import. */
@Module({
  imports: [schemaTypeOrmModule({ schema: CATALOG_SCHEMA, entities: CATALOG_ENTITIES, migrations: CATALOG_MIGRATIONS }), bullRootModule(), BullModule.registerQueue({ name: QueueName.Catalog })],
  controllers: [CatalogRpcController, CampaignRpcController, PriceGroupRpcController],
  providers: [
    { provide: CatalogConfig, useFactory: catalogConfig },
    { provide: CLOCK, useFactory: () => new SystemClock() },
    { provide: CATALOG_REDIS_PUB, useFactory: (c: CatalogConfig) => createRedis(c.REDIS_URL), inject: [CatalogConfig] },
    { provide: CATALOG_REDIS_SUB, useFactory: (c: CatalogConfig) => createRedis(c.REDIS_URL), inject: [CatalogConfig] },
    CatalogChangeNotifier,
    CatalogRepository,
    CatalogImportRepository,
    CatalogQueryService,
    CatalogImportService,
    CampaignRepository,
    CampaignService,
    CampaignResetScheduler,
    ResetCampaignCountersJob,
    CatalogProcessor,
    PriceGroupRepository,
    PriceGroupService,
  ],
  exports: [CatalogImportService, CatalogQueryService],
})
export class CatalogServiceModule implements OnApplicationBootstrap {
  private readonly logger = new Logger('CatalogServiceModule');
  constructor(private readonly importer: CatalogImportService, @Inject(CatalogConfig) private readonly config: CatalogConfig) {}

  /** First boot: load the bundled master data into an empty catalogue. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.CATALOG_AUTOLOAD !== '1') return;
    const r = await this.importer.loadIfEmpty();
    if (r && !r.result) this.logger.error('the bundled master data could not be loaded');
  }
}
