import { Module } from '@nestjs/common';
import { ADMIN_CLIENT, CATALOG_CLIENT, DOMAIN_OPS_CLIENT, ORDERS_CLIENT } from '@registrar/contracts';
import { rpcClientModule } from '@registrar/infra';
import { IdentityModule } from '@registrar/identity';
import { AdminCatalogController } from './admin-catalog.controller';
import { AdminDomainsController } from './admin-domains.controller';
import { AdminOpsController } from './admin-ops.controller';
import { RegistrySyncController } from './registry-sync.controller';
import { AdminOrdersController, AdminUserOpsController } from './admin-user-ops.controller';
import { AdminStatsController } from './admin-stats.controller';

/** The gateway's side of the admin back office (docs/admin.md). Roles: RolesGuard; audit: AdminAuditInterceptor. */
@Module({
  imports: [rpcClientModule(ADMIN_CLIENT), rpcClientModule(DOMAIN_OPS_CLIENT), rpcClientModule(ORDERS_CLIENT), rpcClientModule(CATALOG_CLIENT), IdentityModule],
  controllers: [AdminCatalogController, AdminDomainsController, AdminOpsController, AdminUserOpsController, AdminOrdersController, AdminStatsController, RegistrySyncController],
})
export class AdminHttpModule {}
