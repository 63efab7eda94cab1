import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module, Provider } from '@nestjs/common';
import { QueueName } from '@registrar/contracts';
import { schemaTypeOrmModule } from '@registrar/db';
import { loadConfig, redisOptions } from '@registrar/infra';
import { MailLogRepository, MAIL_SCHEMA } from './mail-log.repository';
import { MailConfig } from './mail.config';
import { MailOutbox } from './mail.outbox';
import { MailBatchProcessor, MailProcessor } from './mail.processor';
import { MailTransport } from './mail.transport';
import { MAIL_MIGRATIONS } from './migrations';

/** The BullMQ connections of QueueName.Mail and QueueName.MailBatches, read when the module boots (tests set REDIS_URL first). */
export function mailQueue() {
  const useFactory = () => {
    const o = redisOptions(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    return { connection: { host: o.host, port: o.port, password: o.password, db: o.db, maxRetriesPerRequest: null } };
  };
  // QueueName.MailBatches: several mails in one job (ADR 0046), a queue only workers of this release consume
  return BullModule.registerQueueAsync({ name: QueueName.Mail, useFactory }, { name: QueueName.MailBatches, useFactory });
}

/**
 * The one outbound mail module (docs/mail.md).
 * - `MailModule.forSender()`: any service that sends mail; provides `MailOutbox`.
 * - `MailModule.forWorker({ recipients })`: the process that sends it (the gateway, owner of the members' addresses):
 *   the queue's worker, nodemailer, the `mail` schema with the sent log (`MailLogRepository`), and `MailOutbox`.
 */
@Module({})
export class MailModule {
  static forSender(): DynamicModule {
    return { module: MailModule, imports: [mailQueue()], providers: [MailOutbox], exports: [MailOutbox] };
  }

  static forWorker(o: { recipients: Provider }): DynamicModule {
    return {
      module: MailModule,
      imports: [mailQueue(), schemaTypeOrmModule({ schema: MAIL_SCHEMA, entities: [], migrations: MAIL_MIGRATIONS })],
      providers: [{ provide: MailConfig, useFactory: () => loadConfig(MailConfig) }, o.recipients, MailOutbox, MailLogRepository, MailTransport, MailProcessor, MailBatchProcessor],
      exports: [MailOutbox, MailLogRepository],
    };
  }
}
