import { Module } from '@nestjs/common';
import { DNS_CLIENT, DOMAIN_OPS_CLIENT } from '@registrar/contracts';
import { rpcClientModule } from '@registrar/infra';
import { DomainOpsClient } from '../purchase/domain-ops.client';
import { DnsClient } from './dns.client';
import { DnsController } from './dns.controller';
import { DnssecController } from '../dnssec/dnssec.controller';
import { DnsToolsController } from './dns-tools.controller';
import { OperationsHttpModule } from '../operations/operations.module';

/** The gateway's side of the DNS modal (the dns service). */
@Module({
  imports: [rpcClientModule(DNS_CLIENT), rpcClientModule(DOMAIN_OPS_CLIENT), OperationsHttpModule],
  // the DNSSEC panel (docs/dns.md "DNSSEC") next to the DNS modal
  controllers: [DnsController, DnssecController, DnsToolsController],
  providers: [DnsClient, DomainOpsClient],
  exports: [DnsClient],
})
export class DnsHttpModule {}
