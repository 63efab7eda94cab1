export * from './messages';
export * from './product';
export * from './whois-mail';
export * from './public-api';
export { EPP_STATUS_LABELS } from './epp-status';
export * from './registry-sync';
export { registryErrorMessage, REGISTRY_RESULT_CODES } from './registry-results';
export * from './market';
export * from './dnssec';
