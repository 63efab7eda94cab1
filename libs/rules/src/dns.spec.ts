import { M } from '@registrar/messages';
import {
  DNS_TYPE, dnsErrorMessages, fixedNsRecords, isIPv4, isIPv6, isOurDns, normaliseDnsRecord, relativeHost, srvLabel, validateDnsRecords,
} from './dns';

const Z = 'example.com';
const rec = (o: Record<string, unknown>) => ({ host_name: '', recode_type: DNS_TYPE.A, ttl: '', record: '', ...o }) as any;
const messages = (list: unknown[]) => validateDnsRecords(list as any, Z).map((e) => e.message);

describe('DNS record rules (001 §5 DNS)', () => {
  it('requires a type', () => {
    expect(messages([rec({ recode_type: '' })])).toEqual([M.dnsTypeRequired]);
    expect(M.dnsTypeRequired).toBe('TYPEを選択してください');
  });

  it('TTL is 60-86400 and defaults to 86400', () => {
    expect(normaliseDnsRecord(rec({ record: '192.0.2.1' }), Z).ttl).toBe(86400);
    expect(messages([rec({ record: '192.0.2.1', ttl: 59 })])).toEqual([M.dnsTtlRange]);
    expect(messages([rec({ record: '192.0.2.1', ttl: 86401 })])).toEqual([M.dnsTtlRange]);
    expect(messages([rec({ record: '192.0.2.1', ttl: 60 }), rec({ host_name: 'b', record: '192.0.2.1', ttl: 86400 })])).toEqual([]);
  });

  it('priority, weight, port and key_tag are integers up to 65535', () => {
    const srv = { recode_type: DNS_TYPE.SRV, service_name: 'sip', protocol: 'tcp', record: 'sip.example.com', priority: 10, weight: 5, port: 65536 };
    expect(messages([rec(srv)])).toEqual(['PORTは65535以下の整数を設定してください']);
    expect(messages([rec({ ...srv, port: 5060, weight: 1.5 })])).toEqual(['WEIGHTは65535以下の整数を設定してください']);
    expect(messages([rec({ recode_type: DNS_TYPE.MX, priority: 70000 })])).toEqual(['PRIORITYは65535以下の整数を設定してください']);
  });

  it('SRV service and protocol get an underscore and a dot', () => {
    expect(srvLabel('sip')).toBe('_sip.');
    expect(srvLabel('_tcp')).toBe('_tcp.');
    expect(srvLabel('_xmpp.')).toBe('_xmpp.');
    const r = normaliseDnsRecord(rec({ recode_type: DNS_TYPE.SRV, service_name: 'sip', protocol: 'tcp.', record: 'Sip.Example.com.', priority: 1, weight: 2, port: 3 }), Z);
    expect(r).toMatchObject({ service_name: '_sip.', protocol: '_tcp.', record: 'sip.example.com' });
  });

  it('DS: ALG and digest-type choices, digest 40 hex for type 1 and 64 for type 2', () => {
    const ds = { recode_type: DNS_TYPE.DS, key_tag: 12345, alg: 8, digest_type: 1, digest: 'a'.repeat(40) };
    expect(messages([rec(ds)])).toEqual([]);
    expect(messages([rec({ ...ds, digest: 'a'.repeat(64) })])).toEqual(['DIGESTはDIGEST TYPE 1の場合40文字の16進数で入力してください']);
    expect(messages([rec({ ...ds, digest_type: 2, digest: 'b'.repeat(64) })])).toEqual([]);
    expect(messages([rec({ ...ds, alg: 4 })])).toEqual([M.dnsAlgChoice]);
    expect(messages([rec({ ...ds, digest_type: 3 })])).toEqual([M.dnsDigestTypeChoice]);
    expect(messages([rec({ ...ds, key_tag: 65536 })])).toEqual(['KEY_TAGは65535以下の整数を設定してください']);
  });

  it('MX value defaults to the domain name and priority to 10', () => {
    expect(normaliseDnsRecord(rec({ recode_type: DNS_TYPE.MX }), Z)).toMatchObject({ record: 'example.com', priority: 10 });
    expect(normaliseDnsRecord(rec({ recode_type: DNS_TYPE.MX, record: 'mx.example.net', priority: 20 }), Z)).toMatchObject({ record: 'mx.example.net', priority: 20 });
  });

  it('A is IPv4, AAAA is IPv6', () => {
    expect(isIPv4('192.0.2.1')).toBe(true);
    expect(isIPv4('256.0.0.1')).toBe(false);
    expect(isIPv4('01.2.3.4')).toBe(false);
    expect(isIPv6('2001:db8::1')).toBe(true);
    expect(isIPv6('::')).toBe(true);
    expect(isIPv6('::ffff:192.0.2.1')).toBe(true);
    expect(isIPv6('2001:db8::1::2')).toBe(false);
    expect(isIPv6('1:2:3:4:5:6:7:8:9')).toBe(false);
    expect(messages([rec({ record: '2001:db8::1' })])).toEqual([M.dnsIpv4]);
    expect(messages([rec({ recode_type: DNS_TYPE.AAAA, record: '192.0.2.1' })])).toEqual([M.dnsIpv6]);
  });

  it('a CNAME cannot share its name with other records, nor sit at the apex', () => {
    expect(messages([rec({ host_name: 'www', recode_type: DNS_TYPE.CNAME, record: 'example.net' }), rec({ host_name: 'www', record: '192.0.2.1' })]))
      .toEqual(['www.example.comにはCNAMEと他のレコードを同時に設定できません']);
    expect(messages([rec({ host_name: '@', recode_type: DNS_TYPE.CNAME, record: 'example.net' })])).toEqual([M.dnsCnameApex]);
  });

  it('no record outside the zone; hosts are relative to it', () => {
    expect(relativeHost('www.example.com.', Z)).toBe('www');
    expect(relativeHost('www.example.com', Z)).toBe('www');
    expect(relativeHost('@', Z)).toBe('');
    expect(relativeHost('www.example.org.', Z)).toBeNull();
    expect(messages([rec({ host_name: 'www.example.org.', record: '192.0.2.1' })])).toEqual(['www.example.org.はexample.comのゾーン外です']);
    expect(messages([rec({ host_name: 'bad host', record: '192.0.2.1' })])).toEqual([M.dnsHostName]);
  });

  it('the fixed NS records 01-04.dnsv.jp are not validated and apex NS cannot be added', () => {
    expect(fixedNsRecords().map((r) => r.record)).toEqual(['01.dnsv.jp', '02.dnsv.jp', '03.dnsv.jp', '04.dnsv.jp']);
    expect(messages(fixedNsRecords())).toEqual([]);
    expect(messages([rec({ recode_type: DNS_TYPE.NS, record: 'ns.example.net' })])).toEqual([M.dnsApexNs]);
    expect(messages([rec({ host_name: 'sub', recode_type: DNS_TYPE.NS, record: 'ns.example.net' })])).toEqual([]);
  });

  it('duplicates are refused and errors carry their row', () => {
    const e = validateDnsRecords([rec({ record: '192.0.2.1' }), rec({ record: '192.0.2.1' })], Z);
    expect(dnsErrorMessages(e)).toEqual(['2行目: 同じレコードが重複しています（@ A）']);
  });

  it('our DNS only when every name server is ours', () => {
    expect(isOurDns(['01.dnsv.jp', '02.dnsv.jp'])).toBe(true);
    expect(isOurDns(['01.DNSV.JP.', '02.dnsv.jp'])).toBe(true);
    expect(isOurDns(['01.dnsv.jp', 'ns1.example.net'])).toBe(false);
    expect(isOurDns([])).toBe(false);
  });
});
