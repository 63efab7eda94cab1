export * from './messages';
export * from './product';
export * from './whois-mail';
export * from './public-api';
