import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { createRedis, loadConfig, rpcClientModule } from '@registrar/infra';
import { CATALOG_CLIENT } from '@registrar/contracts';
import { GatewayConfig } from './gateway.config';
import { CatalogHttpModule } from './catalog/catalog-http.module';
import { HealthController } from './health/health.controller';
import { AdminHttpModule } from './admin/admin-http.module';
import { QueueBoardModule } from './admin/queue-board.module';
import { PaymentsModule } from './payments/payments.module';
import { PurchaseModule } from './purchase/purchase.module';
import { DomainsModule } from './domains/domains.module';
import { WhoisHttpModule } from './whois/whois.module';
import { PublicWhoisModule } from './public-whois/public-whois.module';
import { DnsHttpModule } from './dns/dns.module';
import { ForwardingHttpModule } from './forwarding/forwarding.module';
import { devToolsEnabled, IdentityModule } from '@registrar/identity';
import { DevToolsController } from './dev/dev-tools.controller';
import { SidebarCountsController } from './mypage/sidebar-counts.controller';
import { SearchModule } from './search/search.module';
import { SpaMiddleware } from './spa/spa.middleware';
import { PageRenderer } from './spa/page-renderer';
import { PageNotFoundFilter } from './spa/page-not-found.filter';
import { SeoController } from './spa/seo.controller';
import { APP_FILTER } from '@nestjs/core';
import { WhoisMailAdminModule } from './admin-whois-mail/whois-mail-admin.module';
import { GATEWAY_REDIS } from './tokens';
import { NotificationsModule } from './notifications/notifications.module';
import { LegalModule } from './legal/legal.module';
import { MarketHttpModule } from './market/market.module';

export const gatewayConfig = () => loadConfig(GatewayConfig);

import { OperationsHttpModule } from './operations/operations.module';
import { PublicApiModule } from './public-api/public-api.module';
@Module({
  imports: [IdentityModule, AdminHttpModule, QueueBoardModule, rpcClientModule(CATALOG_CLIENT), SearchModule, PaymentsModule, PurchaseModule, DomainsModule, CatalogHttpModule, WhoisMailAdminModule, DnsHttpModule, ForwardingHttpModule, WhoisHttpModule, OperationsHttpModule, PublicApiModule, NotificationsModule, PublicWhoisModule, LegalModule, MarketHttpModule],
  // the member sidebar's sibling-service counts, and the development mail and SMS inboxes (never in production)
  controllers: [HealthController, SeoController, SidebarCountsController, ...(devToolsEnabled() ? [DevToolsController] : [])],
  providers: [
    { provide: GatewayConfig, useFactory: gatewayConfig },
    { provide: GATEWAY_REDIS, useFactory: (c: GatewayConfig) => createRedis(c.REDIS_URL), inject: [GatewayConfig] },
    PageRenderer,
    SpaMiddleware,
    { provide: APP_FILTER, useClass: PageNotFoundFilter },
  ],
  exports: [GatewayConfig, GATEWAY_REDIS],
})
export class GatewayModule implements NestModule {
  configure(consumer: MiddlewareConsumer) {
    consumer.apply(SpaMiddleware).forRoutes('*');
  }
}
