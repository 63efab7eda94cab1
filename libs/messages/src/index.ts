export * from './messages';
export * from './product';
export * from './whois-mail';
