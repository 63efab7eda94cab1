export * from './data-source';
export * from './typeorm-module';
