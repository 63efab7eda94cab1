export * from './dns.module';
export * from './dns.config';
export * from './migrations';
export { DNS_SCHEMA } from './zones/zone.repository';
export { pdnsRecords, shouldServe, txtContent, nextSerial, SOA } from './zones/zone-content';
export { DNS_JOB_NAMES } from './jobs/dns.processor';
export * from './zonefile/zonefile';
export { DnsToolsService, recordsBase } from './zonefile/dns-tools.service';
export { ZoneRepository } from './zones/zone.repository';
