export * from './data-source';
export * from './typeorm-module';
export * from './safe-logger';
export * from './prepared';
export * from './service-data-source';
