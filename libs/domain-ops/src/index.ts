export * from './domain-ops.module';
export * from './domain-ops.config';
export * from './migrations';
export { DOMAIN_OPS_SCHEMA } from './contacts/contacts.repository';
export { itemKeys } from './orders/registration-order.service';
export { registerJobId, orderJobId, DOMAIN_OPS_JOB_NAMES } from './jobs/domain-ops.queue';
export { normaliseName } from './ports/catalog.port';
export { isProxyAddressFormat } from './whois/proxy-identity.repository';
export { ApiSettingsService, apiKeyHash, ipAllowed, API_KEY_FORMAT } from './settings/api-settings.service';
