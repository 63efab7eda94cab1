import { BullModule } from '@nestjs/bullmq';
import { AdminLogsRepository } from './portfolio/admin/admin-logs.repository';
import { AdminOpsRpcController } from './portfolio/admin/admin-ops.rpc.controller';
import { ContractStatsRepository } from './portfolio/stats/contract-stats.repository';
import { ContractStatsRpcController } from './portfolio/stats/contract-stats.rpc.controller';
import { Module } from '@nestjs/common';
import { PublicWhoisRepository } from './whois/public-whois/public-whois.repository';
import { PublicWhoisRpcController } from './whois/public-whois/public-whois.rpc.controller';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CATALOG_CLIENT, DNS_CLIENT, ORDERS_CLIENT, QueueName } from '@registrar/contracts';
import { schemaTypeOrmModule } from '@registrar/db';
import { EppModule, PostgresRegistrarLogSink, REGISTRAR_LOG_SINK } from '@registrar/epp';
import { bullRootModule, CLOCK, loadConfig, rpcClientModule, SystemClock } from '@registrar/infra';
import { MailModule } from '@registrar/mail';
import { ContactsRepository, DOMAIN_OPS_SCHEMA } from './shared/contacts/contacts.repository';
import { DomainOpsConfig } from './shared/domain-ops.config';
import { DomainOpsRpcController } from './domain-ops.rpc.controller';
import { ActionLogRepository } from './shared/domains/action-log.repository';
import { ActionLogRpcController } from './portfolio/list/action-log.rpc.controller';
import { OwnedDomainRepository } from './shared/domains/owned-domain.repository';
import { EstimateService } from './portfolio/estimate/estimate.service';
import { CompleteOrderJob } from './lifecycle/orders/complete-order.job';
import { DnsZoneEvents } from './shared/queue/dns-zone.events';
import { DOMAIN_OPS_FLOWS, DomainOpsQueue } from './shared/queue/domain-ops.queue';
import { DomainOpsProcessor, DomainOpsSchedules } from './shared/queue/domain-ops.processor';
import { RegisterDomainJob } from './lifecycle/orders/register-domain.job';
import { MoneyReconcilerJob } from './registry-sync/reconcile/money-reconciler.job';
import { ActionLogService } from './portfolio/list/action-log.service';
import { DomainDetailService } from './portfolio/list/domain-detail.service';
import { DomainListRepository } from './portfolio/list/domain-list.repository';
import { DomainListRpcController } from './portfolio/list/domain-list.rpc.controller';
import { DomainListService } from './portfolio/list/domain-list.service';
import { DOMAIN_OPS_MIGRATIONS } from './migrations';
import { RegistrationOrderRepository } from './lifecycle/orders/registration-order.repository';
import { RegistrationOrderService } from './lifecycle/orders/registration-order.service';
import { CatalogPort } from './shared/ports/catalog.port';
import { OrdersPort } from './shared/ports/orders.port';
import { PrereqRepository } from './portfolio/prereq/prereq.repository';
import { PrereqService } from './portfolio/prereq/prereq.service';
import { DefaultSettingsRepository } from './portfolio/settings/default-settings.repository';
import { DefaultSettingsService } from './portfolio/settings/default-settings.service';
import { ProxyIdentityRepository } from './whois/proxy-identity.repository';
import { RegistryContacts } from './whois/registry-contacts';
import { WhoisChangeJob, WhoisPendingSweep } from './whois/whois-change.job';
import { WhoisDomainRepository } from './whois/whois-domain.repository';
import { WhoisService } from './whois/whois.service';
import { WhoisOrgService } from './whois/whois-org.service';
import { ApiSettingsService } from './portfolio/settings/api-settings.service';
import { CompleteOperationJob } from './portfolio/operations/complete-operation.job';
import { DomainOperationJob } from './portfolio/operations/domain-operation.job';
import { MoveRepository } from './portfolio/operations/move.repository';
import { ExpireMoveRequestsJob, MoveService } from './portfolio/operations/move.service';
import { OperationRepository } from './portfolio/operations/operation.repository';
import { OPERATION_FLOWS, OperationService } from './portfolio/operations/operation.service';
import { OperationsRpcController } from './portfolio/operations/operations.rpc.controller';
import { MarketHoldService } from './portfolio/market/market-hold.service';
import { MarketHoldRpcController } from './portfolio/market/market-hold.rpc.controller';
import { CompleteRenewalJob } from './lifecycle/renewal/complete-renewal.job';
import { RenewDomainJob } from './lifecycle/renewal/renew-domain.job';
import { RenewalRepository } from './lifecycle/renewal/renewal.repository';
import { RenewalService } from './lifecycle/renewal/renewal.service';
import { AutoRenewSweepJob } from './lifecycle/expiry/auto-renew.job';
import { ExpiryNoticeSweepJob } from './lifecycle/expiry/expiry-notice.job';
import { LifecycleRepository } from './lifecycle/expiry/lifecycle.repository';
import { DrainPollMessagesJob, ExpireTransfersJob } from './lifecycle/transfer/poll-messages.job';
import { TransferRepository } from './lifecycle/transfer/transfer.repository';
import { TransferRpcController } from './lifecycle/transfer/transfer.rpc.controller';
import { TransferService } from './lifecycle/transfer/transfer.service';
import { TransferSettlement } from './lifecycle/transfer/transfer.settlement';
import { JpActivationService, ProvisionalDeadlineJob } from './lifecycle/activation/jp-activation.service';
import { JpActivationRpcController } from './lifecycle/activation/jp-activation.rpc.controller';

const db = schemaTypeOrmModule({ schema: DOMAIN_OPS_SCHEMA, entities: [], migrations: DOMAIN_OPS_MIGRATIONS });

/**
 * The domain-ops service: owned domains, contacts, default settings, the action log, the registrar log, and
 * registration through the registry (EPP over TLS) as BullMQ flows.
 */
import { RegistrySyncService } from './registry-sync/registry-sync.service';
import { RegistryResyncJob } from './registry-sync/registry-sync.job';
import { RegistrySyncRpcController } from './registry-sync/registry-sync.rpc.controller';
import { DemoRegistrySeeder } from './portfolio/list/demo-registry.seeder';
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
