export * from './sort';
export * from './yen';
export * from './price-cell';
export * from './idn-marker';
export * from './sortable-th';
export * from './states';
export * from './page-container';
