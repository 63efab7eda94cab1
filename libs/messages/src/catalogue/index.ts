/**
 * The one Japanese message catalogue shared by the server and the web app, read as `M` (`M.sessionTimeout`;
 * messages.ts). Messages quoted in the specifications are reproduced exactly; do not edit their text.
 * Templates use {name} placeholders, filled by `fmt`.
 *
 * Each message is an export of its own (not a property of one object), so a bundle keeps only the messages its code
 * reads: a public page's first load does not carry the member and admin pages' texts (docs/web-public-pages.md).
 * The messages are grouped by area, one module each: a module goes into a bundle's chunk whole, so a page's first
 * load carries only the areas its code reads (a public page: general; not the accounts' or the admin's).
 */
export * from '../dns';
export * from '../dns-tools';
export * from '../forwarding';
export * from '../public-tools';

export * from './general';
export * from './notifications';
export * from './search';
export * from './purchase';
export * from './cojp-whois';
export * from './transfer';
export * from './user-info';
export * from './domains';
export * from './tools-admin';
export * from './accounts';
export * from './legal-help';
