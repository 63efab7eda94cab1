import 'reflect-metadata';
import { loadConfig } from '@registrar/infra';
import { DnsConfig } from './dns.config';

describe('DnsConfig: where the dns service finds PowerDNS\'s API', () => {
  it('DNS_PORT + 5 by default, as scripts/dev/infra.ts starts it', () => {
    expect(loadConfig(DnsConfig, { NODE_ENV: 'development', DNS_PORT: '15353' }).pdnsApiUrl()).toBe('http://127.0.0.1:15358');
  });

  it('PDNS_API_PORT, the port infra.ts then gives PowerDNS\'s API (its port-in-use message tells to set it)', () => {
    expect(loadConfig(DnsConfig, { NODE_ENV: 'development', DNS_PORT: '15353', PDNS_API_PORT: '18081' }).pdnsApiUrl()).toBe('http://127.0.0.1:18081');
  });

  it('PDNS_API_URL over both', () => {
    expect(loadConfig(DnsConfig, { NODE_ENV: 'development', PDNS_API_PORT: '18081', PDNS_API_URL: 'http://pdns:8081/' }).pdnsApiUrl()).toBe('http://pdns:8081');
  });
});
