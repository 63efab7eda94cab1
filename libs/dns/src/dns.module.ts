import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DOMAIN_OPS_CLIENT, QueueName } from '@registrar/contracts';
import { schemaTypeOrmModule } from '@registrar/db';
import { EppModule, PostgresRegistrarLogSink, REGISTRAR_LOG_SINK } from '@registrar/epp';
import { bullRootModule, CLOCK, loadConfig, rpcClientModule, SystemClock } from '@registrar/infra';
import { DnsConfig } from './dns.config';
import { DnsRpcController } from './dns.rpc.controller';
import { DnssecRepository } from './dnssec/dnssec.repository';
import { DnssecRpcController } from './dnssec/dnssec.rpc.controller';
import { DnssecService } from './dnssec/dnssec.service';
import { PdnsApiClient } from './dnssec/pdns-api.client';
import { DnsProcessor, DnssecDueJob, DnsSchedules, IssueForwardCertJob, ReconcileZonesJob, RenewForwardCertsJob, SyncZoneJob } from './jobs/dns.processor';
import { ForwardingConfig } from './forwarding/forwarding.config';
import { ForwardingRepository } from './forwarding/forwarding.repository';
import { ForwardingRpcController } from './forwarding/forwarding.rpc.controller';
import { ForwardingService } from './forwarding/forwarding.service';
import { ForwardCertService } from './forwarding/forward-cert.service';
import { DNS_MIGRATIONS } from './migrations';
import { DomainOpsPort } from './ports/domain-ops.port';
import { DNS_SCHEMA, ZONE_EXTRA_ROWS, ZoneRepository } from './zones/zone.repository';
import { ZoneService } from './zones/zone.service';
import { DnsToolsRpcController } from './zonefile/dns-tools.rpc.controller';
import { DnsToolsService } from './zonefile/dns-tools.service';

const db = schemaTypeOrmModule({ schema: DNS_SCHEMA, entities: [], migrations: DNS_MIGRATIONS });
const config = () => loadConfig(DnsConfig);

/**
 * The dns service: the DNS records of held domains, the zones PowerDNS serves from the dns schema (its gpgsql tables,
 * written with our records in one transaction), and DS records at the registry (EPP secDNS).
 */
@Module({
  imports: [
    db,
    EppModule.forRoot({
      imports: [db],
      sinkProvider: { provide: REGISTRAR_LOG_SINK, useFactory: (ds: DataSource) => new PostgresRegistrarLogSink(ds, { schema: DNS_SCHEMA }), inject: [getDataSourceToken(DNS_SCHEMA)] },
    }),
    bullRootModule(),
    // QueueName.Dns: SyncZone, ReconcileZones, DnssecDue, IssueForwardCert, RenewForwardCerts (DnsProcessor), their schedulers (DnsSchedules)
    BullModule.registerQueue({ name: QueueName.Dns }),
    rpcClientModule(DOMAIN_OPS_CLIENT),
  ],
  controllers: [DnsRpcController, DnssecRpcController, DnsToolsRpcController, ForwardingRpcController],
  providers: [
    { provide: DnsConfig, useFactory: config },
    { provide: CLOCK, useFactory: () => new SystemClock() },
    DomainOpsPort,
    ZoneRepository,
    ZoneService,
    DnsToolsService,
    SyncZoneJob,
    ReconcileZonesJob,
    DnsProcessor,
    DnsSchedules,
    // DNSSEC (docs/dns.md "DNSSEC")
    PdnsApiClient,
    DnssecRepository,
    DnssecService,
    DnssecDueJob,
    // URL and mail forwarding (docs/forwarding.md): their rows join every published zone
    { provide: ForwardingConfig, useFactory: () => loadConfig(ForwardingConfig) },
    ForwardingRepository,
    { provide: ZONE_EXTRA_ROWS, useExisting: ForwardingRepository },
    ForwardingService,
    // HTTPS certificates of forwarded hosts over ACME (ADR 0030)
    ForwardCertService,
    IssueForwardCertJob,
    RenewForwardCertsJob,
  ],
})
export class DnsServiceModule {}
