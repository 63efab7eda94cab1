export * from './whois-mail.module';
export * from './whois-mail.config';
export { WHOIS_MAIL_MIGRATIONS, WHOIS_MAIL_SCHEMA } from './migrations';
export { CLASSIFICATION_RULES, classifyWhoisMail, LINK_TYPES } from './classification/classification.rules';
export { InboundSmtpServer } from './inbound/inbound-smtp.server';
export { InboundMailService } from './inbound/inbound-mail.service';
export { EmailsRepository } from './emails/emails.repository';
export { processJobId, WhoisMailQueue } from './processing/whois-mail.queue';
export { LegacyWhoisMailProcessor, WhoisMailProcessor } from './processing/whois-mail.processor';
