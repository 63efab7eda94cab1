export * from './templates';
export * from './mail.types';
export * from './mail.outbox';
export * from './mail.module';
export * from './mail-log.repository';
export { MailConfig } from './mail.config';
export { MailBatchProcessor, MailProcessor } from './mail.processor';
