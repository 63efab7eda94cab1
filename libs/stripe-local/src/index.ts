export * from './stripe-local.server';
export * from './cards';
export * from './form';
export * from './runtime';
export * from './wallet-local.server';
