export * from './messages';
export * from './product';
