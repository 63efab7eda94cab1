import { BullModule } from '@nestjs/bullmq';
import { AdminLogsRepository } from './admin/admin-logs.repository';
import { AdminOpsRpcController } from './admin/admin-ops.rpc.controller';
import { ContractStatsRepository } from './stats/contract-stats.repository';
import { ContractStatsRpcController } from './stats/contract-stats.rpc.controller';
import { Module } from '@nestjs/common';
import { PublicWhoisRepository } from './public-whois/public-whois.repository';
import { PublicWhoisRpcController } from './public-whois/public-whois.rpc.controller';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CATALOG_CLIENT, DNS_CLIENT, ORDERS_CLIENT, QueueName } from '@registrar/contracts';
import { schemaTypeOrmModule } from '@registrar/db';
import { EppModule, PostgresRegistrarLogSink, REGISTRAR_LOG_SINK } from '@registrar/epp';
import { bullRootModule, CLOCK, loadConfig, rpcClientModule, SystemClock } from '@registrar/infra';
import { MailModule } from '@registrar/mail';
import { ContactsRepository, DOMAIN_OPS_SCHEMA } from './contacts/contacts.repository';
import { DomainOpsConfig } from './domain-ops.config';
import { DomainOpsRpcController } from './domain-ops.rpc.controller';
import { ActionLogRepository } from './domains/action-log.repository';
import { ActionLogRpcController } from './domains/action-log.rpc.controller';
import { OwnedDomainRepository } from './domains/owned-domain.repository';
import { EstimateService } from './estimate/estimate.service';
import { CompleteOrderJob } from './jobs/complete-order.job';
import { DnsZoneEvents } from './jobs/dns-zone.events';
import { DOMAIN_OPS_FLOWS, DomainOpsQueue } from './jobs/domain-ops.queue';
import { DomainOpsProcessor, DomainOpsSchedules } from './jobs/domain-ops.processor';
import { RegisterDomainJob } from './jobs/register-domain.job';
import { MoneyReconcilerJob } from './reconcile/money-reconciler.job';
import { ActionLogService } from './list/action-log.service';
import { DomainDetailService } from './list/domain-detail.service';
import { DomainListRepository } from './list/domain-list.repository';
import { DomainListRpcController } from './list/domain-list.rpc.controller';
import { DomainListService } from './list/domain-list.service';
import { DOMAIN_OPS_MIGRATIONS } from './migrations';
import { RegistrationOrderRepository } from './orders/registration-order.repository';
import { RegistrationOrderService } from './orders/registration-order.service';
import { CatalogPort } from './ports/catalog.port';
import { OrdersPort } from './ports/orders.port';
import { PrereqRepository } from './prereq/prereq.repository';
import { PrereqService } from './prereq/prereq.service';
import { DefaultSettingsRepository } from './settings/default-settings.repository';
import { DefaultSettingsService } from './settings/default-settings.service';
import { ProxyIdentityRepository } from './whois/proxy-identity.repository';
import { RegistryContacts } from './whois/registry-contacts';
import { WhoisChangeJob, WhoisPendingSweep } from './whois/whois-change.job';
import { WhoisDomainRepository } from './whois/whois-domain.repository';
import { WhoisService } from './whois/whois.service';
import { WhoisOrgService } from './whois/whois-org.service';
import { ApiSettingsService } from './settings/api-settings.service';
import { CompleteOperationJob } from './operations/complete-operation.job';
import { DomainOperationJob } from './operations/domain-operation.job';
import { MoveRepository } from './operations/move.repository';
import { ExpireMoveRequestsJob, MoveService } from './operations/move.service';
import { OperationRepository } from './operations/operation.repository';
import { OPERATION_FLOWS, OperationService } from './operations/operation.service';
import { OperationsRpcController } from './operations/operations.rpc.controller';
import { MarketHoldService } from './market/market-hold.service';
import { MarketHoldRpcController } from './market/market-hold.rpc.controller';
import { CompleteRenewalJob } from './renewal/complete-renewal.job';
import { RenewDomainJob } from './renewal/renew-domain.job';
import { RenewalRepository } from './renewal/renewal.repository';
import { RenewalService } from './renewal/renewal.service';
import { AutoRenewSweepJob } from './lifecycle/auto-renew.job';
import { ExpiryNoticeSweepJob } from './lifecycle/expiry-notice.job';
import { LifecycleRepository } from './lifecycle/lifecycle.repository';
import { DrainPollMessagesJob, ExpireTransfersJob } from './transfer/poll-messages.job';
import { TransferRepository } from './transfer/transfer.repository';
import { TransferRpcController } from './transfer/transfer.rpc.controller';
import { TransferService } from './transfer/transfer.service';
import { TransferSettlement } from './transfer/transfer.settlement';
import { JpActivationService, ProvisionalDeadlineJob } from './activation/jp-activation.service';
import { JpActivationRpcController } from './activation/jp-activation.rpc.controller';

const db = schemaTypeOrmModule({ schema: DOMAIN_OPS_SCHEMA, entities: [], migrations: DOMAIN_OPS_MIGRATIONS });

/**
 * The domain-ops service: owned domains, contacts, default settings, the action log, the registrar log, and
 * registration through the registry (EPP over TLS) as BullMQ flows.
 */
import { RegistrySyncService } from './registry-sync/registry-sync.service';
import { RegistryResyncJob } from './registry-sync/registry-sync.job';
import { RegistrySyncRpcController } from './registry-sync/registry-sync.rpc.controller';
import { DemoRegistrySeeder } from './registry-sync/demo-registry.seeder';
@Module({
  imports: [
    db,
    EppModule.forRoot({
      imports: [db],
      sinkProvider: { provide: REGISTRAR_LOG_SINK, useFactory: (ds: DataSource) => new PostgresRegistrarLogSink(ds), inject: [getDataSourceToken(DOMAIN_OPS_SCHEMA)] },
    }),
    rpcClientModule(ORDERS_CLIENT),
    rpcClientModule(CATALOG_CLIENT),
    // the DNS records of the detail view
    rpcClientModule(DNS_CLIENT),
    bullRootModule(),
    BullModule.registerQueue({ name: QueueName.DomainOps }),
    BullModule.registerFlowProducer({ name: DOMAIN_OPS_FLOWS }, { name: OPERATION_FLOWS }),
    // producer only: zone changes for the dns service (QueueName.Dns)
    BullModule.registerQueue({ name: QueueName.Dns }),
    MailModule.forSender(),
  ],
  controllers: [PublicWhoisRpcController, DomainOpsRpcController, OperationsRpcController, DomainListRpcController, AdminOpsRpcController, TransferRpcController, ContractStatsRpcController, JpActivationRpcController, RegistrySyncRpcController, MarketHoldRpcController, ActionLogRpcController],
  providers: [
    MarketHoldService,
    { provide: DomainOpsConfig, useFactory: () => loadConfig(DomainOpsConfig) },
    RegistrySyncService,
    RegistryResyncJob,
    DemoRegistrySeeder,
    { provide: CLOCK, useFactory: () => new SystemClock() },
    OrdersPort,
    AdminLogsRepository,
    ContractStatsRepository,
    CatalogPort,
    ContactsRepository,
    DefaultSettingsRepository,
    DefaultSettingsService,
    PrereqRepository,
    PrereqService,
    EstimateService,
    RegistrationOrderRepository,
    RegistrationOrderService,
    OwnedDomainRepository,
    ActionLogRepository,
    DomainListRepository,
    DomainListService,
    DomainDetailService,
    ActionLogService,
    RegisterDomainJob,
    CompleteOrderJob,
    DomainOpsQueue,
    DomainOpsProcessor,
    DomainOpsSchedules,
    DnsZoneEvents,
    ProxyIdentityRepository,
    PublicWhoisRepository,
    RegistryContacts,
    WhoisDomainRepository,
    WhoisService,
    WhoisChangeJob,
    WhoisPendingSweep,
    WhoisOrgService,
    ApiSettingsService,
    OperationRepository,
    OperationService,
    DomainOperationJob,
    CompleteOperationJob,
    MoveRepository,
    MoveService,
    ExpireMoveRequestsJob,
    RenewalRepository,
    RenewalService,
    RenewDomainJob,
    CompleteRenewalJob,
    LifecycleRepository,
    AutoRenewSweepJob,
    ExpiryNoticeSweepJob,
    TransferRepository,
    TransferSettlement,
    TransferService,
    DrainPollMessagesJob,
    ExpireTransfersJob,
    MoneyReconcilerJob,
    JpActivationService,
    ProvisionalDeadlineJob,
  ],
})
export class DomainOpsServiceModule {}
