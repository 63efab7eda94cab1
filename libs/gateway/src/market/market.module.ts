import { Module } from '@nestjs/common';
import { MARKET_CLIENT } from '@registrar/contracts';
import { loadConfig, rpcClientModule } from '@registrar/infra';
import { GatewayConfig } from '../gateway.config';
import { IdentityModule } from '@registrar/identity';
import { MarketClient } from './market.client';
import { MarketAdminController, MarketController } from './market.controller';
import { MarketPageMeta } from './market-page-meta';

/** The gateway's side of the domain market (the market service, docs/market.md). */
@Module({
  imports: [rpcClientModule(MARKET_CLIENT), IdentityModule],
  controllers: [MarketController, MarketAdminController],
  providers: [MarketClient, MarketPageMeta, { provide: GatewayConfig, useFactory: () => loadConfig(GatewayConfig) }],
  exports: [MarketPageMeta],
})
export class MarketHttpModule {}
