import { Module } from '@nestjs/common';
import { DOMAIN_OPS_CLIENT } from '@registrar/contracts';
import { rpcClientModule } from '@registrar/infra';
import { AdminOpsController } from './admin-ops.controller';

/** The gateway's side of the admin back office (docs/admin.md). Roles: RolesGuard; audit: AdminAuditInterceptor. */
@Module({
  imports: [rpcClientModule(DOMAIN_OPS_CLIENT)],
  controllers: [AdminOpsController],
})
export class AdminHttpModule {}
