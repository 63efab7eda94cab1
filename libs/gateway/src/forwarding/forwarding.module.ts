import { Module } from '@nestjs/common';
import { DNS_CLIENT } from '@registrar/contracts';
import { rpcClientModule } from '@registrar/infra';
import { DnsClient } from '../dns/dns.client';
import { ForwardingController } from './forwarding.controller';

/** The gateway's side of 転送設定 (the dns service owns the rules). */
@Module({
  imports: [rpcClientModule(DNS_CLIENT)],
  controllers: [ForwardingController],
  providers: [DnsClient],
})
export class ForwardingHttpModule {}
