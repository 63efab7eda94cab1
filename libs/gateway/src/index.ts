export * from './gateway.module';
export * from './gateway.config';
export * from './main';
export * from './identity';
export { startMailCatcher, type MailCatcher, type CaughtMail } from './dev/mail-catcher';
