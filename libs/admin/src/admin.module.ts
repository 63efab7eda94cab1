import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { DOMAIN_OPS_CLIENT, QueueName } from '@registrar/contracts';
import { schemaTypeOrmModule } from '@registrar/db';
import { bullRootModule, CLOCK, loadConfig, rpcClientModule, SystemClock } from '@registrar/infra';
import { AdminConfig } from './admin.config';
import { AdminRpcController } from './admin.rpc.controller';
import { ADMIN_SCHEMA, AdminRepository } from './admin.repository';
import { DomainOpsPort } from './domain-ops.port';
import { ADMIN_MIGRATIONS } from './migrations';
import { AdminProcessor, AdminSchedules, StatsSnapshotJob } from './stats-snapshot.job';

/**
 * The admin service (docs/admin.md): the back office's statistics, import runs, logs and command console behind the
 * gateway's admin controllers. It owns the admin schema (import runs, the console's history, statistics snapshots)
 * and asks domain-ops for what domain-ops owns.
 */
@Module({
  imports: [
    schemaTypeOrmModule({ schema: ADMIN_SCHEMA, entities: [], migrations: ADMIN_MIGRATIONS }),
    bullRootModule(),
    BullModule.registerQueue({ name: QueueName.Admin }),
    rpcClientModule(DOMAIN_OPS_CLIENT),
  ],
  controllers: [AdminRpcController],
  providers: [
    { provide: AdminConfig, useFactory: () => loadConfig(AdminConfig) },
    { provide: CLOCK, useFactory: () => new SystemClock() },
    AdminRepository,
    DomainOpsPort,
    StatsSnapshotJob,
    AdminSchedules,
    AdminProcessor,
  ],
})
export class AdminServiceModule {}
