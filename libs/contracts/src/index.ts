export * from './patterns';
export * from './queues';
export * from './catalog';
export * from './availability';
export * from './clients';
export * from './http';
export * from './account';
export * from './orders';
