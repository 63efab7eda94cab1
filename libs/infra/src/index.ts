export * from './config';
export * from './logger';
export * from './redis';
export * from './clock';
export * from './rpc';
export * from './bootstrap';
export * from './jobs';
export * from './whois-port43';
