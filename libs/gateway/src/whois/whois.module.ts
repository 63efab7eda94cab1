import { Module } from '@nestjs/common';
import { DOMAIN_OPS_CLIENT } from '@registrar/contracts';
import { rpcClientModule } from '@registrar/infra';
import { DomainOpsClient } from '../purchase/domain-ops.client';
import { WhoisController } from './whois.controller';
import { JpActivationController } from './jp-activation.controller';

/** The gateway's side of WHOIS management, default settings and API settings (the domain-ops service). */
@Module({
  imports: [rpcClientModule(DOMAIN_OPS_CLIENT)],
  controllers: [WhoisController, JpActivationController],
  providers: [DomainOpsClient],
})
export class WhoisHttpModule {}
