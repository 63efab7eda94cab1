export * from './availability.module';
export * from './availability.config';
export * from './registry/registry.port';
export * from './check/availability.service';
export * from './check/availability.queue';
export * from './check/check-availability.job';
export * from './dispatch/dispatch.service';
