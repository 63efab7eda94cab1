export * from './gateway.module';
export * from './gateway.config';
export * from './main';
export { startMailCatcher, type MailCatcher, type CaughtMail } from './dev/mail-catcher';
export { PublicWhoisService } from './public-whois/public-whois.service';
export { PublicToolsConfig } from './public-whois/public-tools.config';
export { startRegistrarWhois, type RunningWhoisServer } from './public-whois/whois-port43.server';
