import { Module } from '@nestjs/common';
import { DNS_CLIENT } from '@registrar/contracts';
import { rpcClientModule } from '@registrar/infra';
import { DnsClient } from './dns.client';
import { DnsController } from './dns.controller';

/** The gateway's side of the DNS modal (the dns service). */
@Module({
  imports: [rpcClientModule(DNS_CLIENT)],
  controllers: [DnsController],
  providers: [DnsClient],
})
export class DnsHttpModule {}
