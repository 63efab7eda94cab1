export * from './registry-sim';
export * from './config/registry-sim.config';
export * from './policy/registry-policy';
export * from './names/tld-catalogue';
export * from './names/name-rules';
export * from './faults/fault-injector';
export { SERVER_ID } from './epp/epp-server';
export { schedStat, ServiceStats, type ProcessUsage } from './epp/service-stats';
