import { DNS_TYPE, emptyRecord, normaliseDnsRecord } from '@registrar/rules';
import type { OwnedDomainDto } from '@registrar/contracts';
import { nextSerial, pdnsRecords, shouldServe, txtContent } from './zone-content';

const Z = 'example.com';
const rec = (o: Record<string, unknown>) => normaliseDnsRecord({ ...emptyRecord(), ...o } as any, Z);
const domain = (o: Partial<OwnedDomainDto> = {}): OwnedDomainDto => ({
  id: 1, user_id: 1, name: Z, idn: Z, punycode: Z, tld: 'com', domain_id: 'D1', due_date: '2099-01-01T00:00:00.000Z', status: 'active',
  is_auto_update_enabled_flg: 1, is_whois_proxy_enabled_flg: 1, is_domain_lock_enabled_flg: 0, is_trash_flg: 0, is_whois_processing_flg: 0, admin_lock_status: 0,
  reg_contact_id: null, adm_contact_id: null, tec_contact_id: null, bil_contact_id: null,
  name_servers: ['01.dnsv.jp', '02.dnsv.jp', '03.dnsv.jp', '04.dnsv.jp'], created_at: '2026-01-01T00:00:00.000Z', ...o,
});

describe('what PowerDNS serves for a zone', () => {
  it('SOA, the fixed NS, then the records; MX and SRV priorities in prio; DS left to the parent', () => {
    const rows = pdnsRecords(Z, [
      rec({ host_name: 'www', recode_type: DNS_TYPE.CNAME, record: 'Example.NET.' }),
      rec({ recode_type: DNS_TYPE.MX }),
      rec({ recode_type: DNS_TYPE.SRV, service_name: 'sip', protocol: 'tcp', priority: 1, weight: 2, port: 5060, record: 'sip.example.com' }),
      rec({ recode_type: DNS_TYPE.DS, key_tag: 1, alg: 8, digest_type: 1, digest: 'a'.repeat(40) }),
    ], 42);
    expect(rows).toEqual([
      { name: Z, type: 'SOA', content: '01.dnsv.jp. hostmaster.dnsv.jp. 42 10800 3600 604800 3600', ttl: 3600, prio: 0 },
      ...['01', '02', '03', '04'].map((n) => ({ name: Z, type: 'NS', content: `${n}.dnsv.jp.`, ttl: 86400, prio: 0 })),
      { name: `www.${Z}`, type: 'CNAME', content: 'example.net.', ttl: 86400, prio: 0 },
      { name: Z, type: 'MX', content: `${Z}.`, ttl: 86400, prio: 10 },
      { name: `_sip._tcp.${Z}`, type: 'SRV', content: '2 5060 sip.example.com.', ttl: 86400, prio: 1 },
    ]);
  });

  it('TXT is quoted in 255-character strings with quotes and backslashes escaped', () => {
    expect(txtContent('a "b" \\c')).toBe('"a \\"b\\" \\\\c"');
    expect(txtContent('x'.repeat(300))).toBe(`"${'x'.repeat(255)}" "${'x'.repeat(45)}"`);
  });

  it('the serial grows by at least one', () => {
    const now = new Date('2026-11-23T00:00:00Z');
    expect(nextSerial(0, now)).toBe(Math.floor(now.getTime() / 1000));
    expect(nextSerial(5_000_000_000 % 4_294_967_296, now)).toBeGreaterThan(0);
    expect(nextSerial(Math.floor(now.getTime() / 1000) + 10, now)).toBe(Math.floor(now.getTime() / 1000) + 11);
  });

  it('served while held, registered, on our name servers only and not expired (Tokyo day)', () => {
    const now = new Date('2026-11-23T03:00:00Z'); // 12:00 in Tokyo
    expect(shouldServe(domain(), now)).toBe(true);
    expect(shouldServe(null, now)).toBe(false);
    expect(shouldServe(domain({ status: 'pending' }), now)).toBe(false);
    expect(shouldServe(domain({ name_servers: ['01.dnsv.jp', 'ns.other.example'] }), now)).toBe(false);
    expect(shouldServe(domain({ due_date: '2026-11-22T15:00:00.000Z' }), now)).toBe(true); // due today (Tokyo)
    expect(shouldServe(domain({ due_date: '2026-11-22T14:59:59.000Z' }), now)).toBe(false); // due yesterday (Tokyo)
  });
});
