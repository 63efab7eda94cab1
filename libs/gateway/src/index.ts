export * from './gateway.module';
export * from './gateway.config';
export * from './main';
