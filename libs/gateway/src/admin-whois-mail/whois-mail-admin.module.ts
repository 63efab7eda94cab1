import { Module } from '@nestjs/common';
import { WHOIS_MAIL_CLIENT } from '@registrar/contracts';
import { rpcClientModule } from '@registrar/infra';
import { WhoisMailAdminController } from './whois-mail-admin.controller';

/** The gateway's side of the WHOIS proxy mail inbox (the whois-mail service). */
@Module({
  imports: [rpcClientModule(WHOIS_MAIL_CLIENT)],
  controllers: [WhoisMailAdminController],
})
export class WhoisMailAdminModule {}
