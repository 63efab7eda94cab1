import { DNS_TYPE, DnsRecord, emptyRecord, validateDnsRecords } from '@registrar/rules';
import { diffRecords, normaliseAll, parseTtl, parseZoneFile, serializeZone } from './zonefile';

const Z = 'example.com';
const rec = (over: Partial<DnsRecord>): DnsRecord => ({ ...emptyRecord(), ttl: 3600, ...over });

describe('parseZoneFile', () => {
  it('reads $ORIGIN, $TTL, @, relative and absolute names, the carried owner, TTL and class in either order', () => {
    const text = [
      '$ORIGIN example.com.',
      '$TTL 1h',
      '@   IN  A   192.0.2.1',
      '    IN  AAAA 2001:db8::1 ; same owner',
      'www 300 IN CNAME @',
      'mail IN 600 A 192.0.2.2',
      'ftp.example.com. A 192.0.2.3',
      '$ORIGIN sub.example.com.',
      'host A 192.0.2.4',
    ].join('\n');
    const p = parseZoneFile(text, Z);
    expect(p.errors).toEqual([]);
    expect(p.records.map((r) => [r.line, r.input.host_name, r.input.recode_type, r.input.ttl, r.input.record])).toEqual([
      [3, '', DNS_TYPE.A, 3600, '192.0.2.1'],
      [4, '', DNS_TYPE.AAAA, 3600, '2001:db8::1'],
      [5, 'www', DNS_TYPE.CNAME, 300, 'example.com'],
      [6, 'mail', DNS_TYPE.A, 600, '192.0.2.2'],
      [7, 'ftp', DNS_TYPE.A, 3600, '192.0.2.3'],
      [9, 'host.sub', DNS_TYPE.A, 3600, '192.0.2.4'],
    ]);
  });

  it('joins lines in parentheses, keeps ";" inside quotes, reads escapes and splits SRV owners', () => {
    const text = [
      '$ORIGIN example.com.',
      '@ 3600 IN TXT ( "v=spf1 include:_spf.google.com ~all" ; comment',
      '   )',
      'txt IN TXT "a;b" "\\"quoted\\"" \\065',
      '_sip._tcp.www 3600 IN SRV ( 10 20',
      '  5060 sip.example.net. )',
      '@ IN MX 10 mail',
    ].join('\n');
    const p = parseZoneFile(text, Z);
    expect(p.errors).toEqual([]);
    expect(p.records[0]).toMatchObject({ line: 2, input: { recode_type: DNS_TYPE.TXT, record: 'v=spf1 include:_spf.google.com ~all' } });
    expect(p.records[1].input.record).toBe('a;b"quoted"A');
    expect(p.records[2]).toMatchObject({ line: 5, input: { host_name: 'www', service_name: '_sip', protocol: '_tcp', priority: '10', weight: '20', port: '5060', record: 'sip.example.net' } });
    expect(p.records[3].input).toMatchObject({ recode_type: DNS_TYPE.MX, priority: '10', record: 'mail.example.com' });
  });

  it('skips the SOA, the apex NS, DNSSEC records and DS with a note, and reports bad lines by number', () => {
    const text = [
      '$ORIGIN example.com.',
      '@ IN SOA ns1.other.net. admin.other.net. ( 1 2 3 4 5 )',
      '@ IN NS ns1.other.net.',
      '@ IN DNSKEY 257 3 13 AAAA',
      '@ IN DS 1 13 2 ABCD',
      'sub IN NS ns1.other.net.',
      'bad IN CAA 0 issue "letsencrypt.org"',
      'x IN TXT "unclosed',
      'y CH A 192.0.2.1',
      '$INCLUDE other.zone',
      'out.example.net. IN A 192.0.2.1',
      'z IN MX mail',
    ].join('\n');
    const p = parseZoneFile(text, Z);
    expect(p.skipped.map((s) => s.line)).toEqual([2, 3, 4, 5]);
    expect(p.records.map((r) => r.line)).toEqual([6]);
    expect(p.errors.map((e) => e.line)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(p.errors[0].message).toContain('CAA');
  });

  it('reports an unclosed parenthesis at the line it opens', () => {
    const p = parseZoneFile('a IN A 192.0.2.1\nb IN TXT ( "x"\nc IN A 192.0.2.2\n', Z);
    expect(p.errors).toEqual([{ line: 2, message: expect.stringContaining('(') }]);
  });

  it('reads TTL units', () => {
    expect(parseTtl('3600')).toBe(3600);
    expect(parseTtl('1h30m')).toBe(5400);
    expect(parseTtl('2D')).toBe(172800);
    expect(parseTtl('1x')).toBeNull();
  });
});

describe('serializeZone and the round trip', () => {
  const records: DnsRecord[] = [
    rec({ host_name: '', recode_type: DNS_TYPE.A, record: '192.0.2.1' }),
    rec({ host_name: 'www', recode_type: DNS_TYPE.CNAME, record: 'example.com' }),
    rec({ host_name: '', recode_type: DNS_TYPE.MX, record: 'mail.example.com', priority: 10 }),
    rec({ host_name: '', recode_type: DNS_TYPE.TXT, record: 'v=spf1 include:_spf.google.com ~all; "x" \\ y' }),
    rec({ host_name: 'long', recode_type: DNS_TYPE.TXT, record: 'k'.repeat(600) }),
    rec({ host_name: '', recode_type: DNS_TYPE.SRV, service_name: '_sip.', protocol: '_tcp.', priority: 10, weight: 20, port: 5060, record: 'sip.example.net' }),
    rec({ host_name: 'sub', recode_type: DNS_TYPE.NS, record: 'ns1.other.net' }),
    rec({ host_name: '*', recode_type: DNS_TYPE.AAAA, record: '2001:db8::1' }),
    rec({ host_name: '', recode_type: DNS_TYPE.DS, key_tag: 12345, alg: 13, digest_type: 2, digest: 'A'.repeat(64) }),
  ];

  it('writes $ORIGIN, $TTL, the SOA and our NS, quoted TXT in 255-character strings, DS as a comment', () => {
    const text = serializeZone(Z, records, { serial: 2026112701, exportedAt: 'x' });
    expect(text).toContain('$ORIGIN example.com.\n$TTL 86400\n');
    expect(text).toMatch(/^@\t3600\tIN\tSOA\t01\.dnsv\.jp\. hostmaster\.dnsv\.jp\. 2026112701 /m);
    expect(text).toContain('@\t3600\tIN\tTXT\t"v=spf1 include:_spf.google.com ~all; \\"x\\" \\\\ y"');
    expect(text).toContain(`long\t3600\tIN\tTXT\t"${'k'.repeat(255)}" "${'k'.repeat(255)}" "${'k'.repeat(90)}"`);
    expect(text).toContain('_sip._tcp\t3600\tIN\tSRV\t10 20 5060 sip.example.net.');
    expect(text).toMatch(/^; @\tIN\tDS\t12345 13 2 A{64}$/m);
  });

  it('reads its own export back to the same records: no changes', () => {
    const text = serializeZone(Z, records, { serial: 1, exportedAt: 'x' });
    const p = parseZoneFile(text, Z);
    expect(p.errors).toEqual([]);
    expect(validateDnsRecords(p.records.map((r) => r.input), Z)).toEqual([]);
    const after = normaliseAll(p.records.map((r) => r.input), Z).map((record) => ({ record }));
    const served = records.filter((r) => r.recode_type !== DNS_TYPE.DS);
    expect(diffRecords(served, after).every((c) => c.kind === 'same')).toBe(true);
    expect(after).toHaveLength(served.length);
  });
});

describe('diffRecords', () => {
  it('finds adds, TTL changes, value changes at an owner and type, and removals', () => {
    const before = [
      rec({ host_name: 'a', record: '192.0.2.1' }),
      rec({ host_name: 'b', record: '192.0.2.2' }),
      rec({ host_name: 'c', record: '192.0.2.3' }),
      rec({ host_name: 'd', record: '192.0.2.4' }),
    ];
    const after = [
      rec({ host_name: 'a', record: '192.0.2.1' }),
      rec({ host_name: 'b', record: '192.0.2.2', ttl: 60 }),
      rec({ host_name: 'c', record: '192.0.2.30' }),
      rec({ host_name: 'e', record: '192.0.2.5' }),
    ].map((record, i) => ({ record, line: i + 1 }));
    expect(diffRecords(before, after).map((c) => [c.kind, c.before?.host_name ?? null, c.after?.host_name ?? null])).toEqual([
      ['same', 'a', 'a'], ['change', 'b', 'b'], ['change', 'c', 'c'], ['add', null, 'e'], ['remove', 'd', null],
    ]);
  });
});
