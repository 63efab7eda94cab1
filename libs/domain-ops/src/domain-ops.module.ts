import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CATALOG_CLIENT, DNS_CLIENT, JobName, ORDERS_CLIENT, QueueName } from '@registrar/contracts';
import { schemaTypeOrmModule } from '@registrar/db';
import { EppModule, PostgresRegistrarLogSink, REGISTRAR_LOG_SINK } from '@registrar/epp';
import { bullRootModule, CLOCK, loadConfig, rpcClientModule, SystemClock } from '@registrar/infra';
import { MailModule } from '@registrar/mail';
import { LIFECYCLE_CONTROLLERS, LIFECYCLE_JOBS, LIFECYCLE_PROVIDERS } from './lifecycle';
import { DOMAIN_OPS_MIGRATIONS } from './domain-ops.schema';
import { OPERATION_FLOWS, PORTFOLIO_CONTROLLERS, PORTFOLIO_JOBS, PORTFOLIO_PROVIDERS } from './portfolio';
import { REGISTRY_SYNC_CONTROLLERS, REGISTRY_SYNC_JOBS, REGISTRY_SYNC_PROVIDERS } from './registry-sync';
import { ContactsRepository, DOMAIN_OPS_SCHEMA } from './shared/contacts/contacts.repository';
import { DomainOpsConfig } from './shared/domain-ops.config';
import { ActionLogRepository } from './shared/domains/action-log.repository';
import { OwnedDomainRepository } from './shared/domains/owned-domain.repository';
import { CatalogPort } from './shared/ports/catalog.port';
import { OrdersPort } from './shared/ports/orders.port';
import { DnsZoneEvents } from './shared/queue/dns-zone.events';
import { DomainOpsSchedules, LegacyQueueDrain } from './shared/queue/domain-ops.processor';
import { DOMAIN_OPS_FLOWS, featureJobProviders, FeatureJobs, jobNamesOf, queueOfJob } from './shared/queue/domain-ops.queue';
import { WHOIS_CONTROLLERS, WHOIS_JOBS, WHOIS_PROVIDERS } from './whois';

const db = schemaTypeOrmModule({ schema: DOMAIN_OPS_SCHEMA, entities: [], migrations: DOMAIN_OPS_MIGRATIONS });

/** Every feature's jobs, each on its own queue, bottom layer first (README.md: the layers; ADR 0036). */
export const DOMAIN_OPS_FEATURE_JOBS: readonly FeatureJobs[] = [WHOIS_JOBS, PORTFOLIO_JOBS, LIFECYCLE_JOBS, REGISTRY_SYNC_JOBS];

/** The job names of every feature; each must have exactly one handler, or the service refuses to start. */
export const DOMAIN_OPS_JOB_NAMES = jobNamesOf(DOMAIN_OPS_FEATURE_JOBS);

/** The feature queue that runs a domain-ops job name (tests and benchmarks add or watch jobs there). */
export function domainOpsQueueOf(name: JobName): QueueName {
  const queue = queueOfJob(DOMAIN_OPS_FEATURE_JOBS, name);
  if (!queue) throw new Error(`${name} is no domain-ops job`);
  return queue;
}

/** Every queue of domain-ops's features (not the old one being drained). */
export const DOMAIN_OPS_QUEUES: readonly QueueName[] = DOMAIN_OPS_FEATURE_JOBS.map((f) => f.queue);

/**
 * The domain-ops service: owned domains, contacts, default settings, the action log, the registrar log, and
 * registration through the registry (EPP over TLS) as BullMQ flows. Composed of its features (whois, portfolio,
 * lifecycle, registry-sync: each brings its providers, controllers and jobs) over the shared layer (config, ports,
 * repositories every feature reads, the queue plumbing); see ../README.md.
 */
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
    // each feature's own queue, and the old one that is drained (ADR 0036)
    BullModule.registerQueue(...DOMAIN_OPS_FEATURE_JOBS.map((f) => ({ name: f.queue })), { name: QueueName.DomainOps }),
    BullModule.registerFlowProducer({ name: DOMAIN_OPS_FLOWS }, { name: OPERATION_FLOWS }),
    // producer only: zone changes for the dns service (QueueName.Dns)
    BullModule.registerQueue({ name: QueueName.Dns }),
    MailModule.forSender(),
  ],
  controllers: [...WHOIS_CONTROLLERS, ...PORTFOLIO_CONTROLLERS, ...LIFECYCLE_CONTROLLERS, ...REGISTRY_SYNC_CONTROLLERS],
  providers: [
    // shared
    { provide: DomainOpsConfig, useFactory: () => loadConfig(DomainOpsConfig) },
    { provide: CLOCK, useFactory: () => new SystemClock() },
    OrdersPort,
    CatalogPort,
    ContactsRepository,
    OwnedDomainRepository,
    ActionLogRepository,
    DnsZoneEvents,
    // the features
    ...WHOIS_PROVIDERS,
    ...PORTFOLIO_PROVIDERS,
    ...LIFECYCLE_PROVIDERS,
    ...REGISTRY_SYNC_PROVIDERS,
    // each feature's handlers and worker on its own queue, their schedules, and the drain of the old queue
    ...featureJobProviders(DOMAIN_OPS_FEATURE_JOBS),
    DomainOpsSchedules,
    LegacyQueueDrain,
  ],
})
export class DomainOpsServiceModule {}
