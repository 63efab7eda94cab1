export * from './catalog.module';
export * from './import/csv';
export * from './import/master-data.columns';
