import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { DNS_CLIENT, DOMAIN_OPS_CLIENT, QueueName } from '@registrar/contracts';
import { MailModule } from '@registrar/mail';
import { schemaTypeOrmModule } from '@registrar/db';
import { bullRootModule, loadConfig, rpcClientModule } from '@registrar/infra';
import { EmailsRepository } from './emails/emails.repository';
import { EmailsService } from './emails/emails.service';
import { ForwardMailConfig } from './forwarding/forward-mail.config';
import { ForwardMailService } from './forwarding/forward-mail.service';
import { InboundMailService } from './inbound/inbound-mail.service';
import { InboundSmtpServer } from './inbound/inbound-smtp.server';
import { WHOIS_MAIL_MIGRATIONS, WHOIS_MAIL_SCHEMA } from './migrations';
import { DomainsPort } from './ports/domains.port';
import { MailForwarder } from './processing/mail-forwarder';
import { ProcessWhoisMailJob } from './processing/process-whois-mail.job';
import { StoredBatchRunner } from './processing/stored-batch.runner';
import { UntreatedSweeper } from './processing/untreated.sweeper';
import { LegacyWhoisMailProcessor, WhoisMailProcessor } from './processing/whois-mail.processor';
import { WhoisMailQueue } from './processing/whois-mail.queue';
import { WhoisMailConfig } from './whois-mail.config';
import { WhoisMailRpcController } from './whois-mail.rpc.controller';

const whoisMailConfig = () => loadConfig(WhoisMailConfig);

/**
 * The whois-mail service: the inbound SMTP server of the WHOIS proxy addresses, classification, processing (approve,
 * confirm, forward) where a batch is stored, with BullMQ jobs for retries and recovery, and the admin inbox's calls.
 */
@Module({
  imports: [
    schemaTypeOrmModule({ schema: WHOIS_MAIL_SCHEMA, entities: [], migrations: WHOIS_MAIL_MIGRATIONS }),
    bullRootModule(),
    // the jobs of this release; the queue of older releases is still consumed (their one-mail jobs, a rolling upgrade)
    BullModule.registerQueue({ name: QueueName.WhoisMailBatches }, { name: QueueName.WhoisMail }),
    rpcClientModule(DOMAIN_OPS_CLIENT),
    // mail forwarding asks the dns service where an address of a member's domain goes
    rpcClientModule(DNS_CLIENT),
    MailModule.forSender(),
  ],
  controllers: [WhoisMailRpcController],
  providers: [
    { provide: WhoisMailConfig, useFactory: whoisMailConfig },
    EmailsRepository,
    EmailsService,
    DomainsPort,
    InboundMailService,
    InboundSmtpServer,
    WhoisMailQueue,
    MailForwarder,
    ProcessWhoisMailJob,
    StoredBatchRunner,
    WhoisMailProcessor,
    LegacyWhoisMailProcessor,
    UntreatedSweeper,
    { provide: ForwardMailConfig, useFactory: () => loadConfig(ForwardMailConfig) },
    ForwardMailService,
  ],
})
export class WhoisMailServiceModule {}
