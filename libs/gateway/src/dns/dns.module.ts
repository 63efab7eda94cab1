import { Module } from '@nestjs/common';
import { DNS_CLIENT, DOMAIN_OPS_CLIENT } from '@registrar/contracts';
import { rpcClientModule } from '@registrar/infra';
import { DomainOpsClient } from '../purchase/domain-ops.client';
import { DnsClient } from './dns.client';
import { DnsController } from './dns.controller';
import { DnsToolsController } from './dns-tools.controller';

/** The gateway's side of the DNS modal (the dns service). */
@Module({
  imports: [rpcClientModule(DNS_CLIENT), rpcClientModule(DOMAIN_OPS_CLIENT)],
  controllers: [DnsController, DnsToolsController],
  providers: [DnsClient, DomainOpsClient],
})
export class DnsHttpModule {}
