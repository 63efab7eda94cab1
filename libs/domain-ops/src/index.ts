export * from './domain-ops.module';
export * from './shared/domain-ops.config';
export * from './domain-ops.schema';
export { DOMAIN_OPS_SCHEMA } from './shared/contacts/contacts.repository';
export { normaliseName } from './shared/ports/catalog.port';
export { LegacyQueueDrain } from './shared/queue/domain-ops.processor';
export { isProxyAddressFormat, ProxyAddressRelay } from './whois';
export {
  DomainListService, influxSince, buildWhere, countSql, ORDER_BY, pageIdsSql, pageRowsSql, portfolio, insertPortfolio,
  ApiSettingsService, apiKeyHash, ipAllowed, API_KEY_FORMAT,
} from './portfolio';
export { itemKeys, registerJobId, orderJobId } from './lifecycle';
