import { domainRdap, rdapDomainSummary, rdapDomainToJprsWhois, rdapDomainToWhois, registrarEntityRdap } from './rdap';

describe(rdapDomainSummary.name, () => {
  const info = { baseUrl: 'https://rdap.example/rdap', now: new Date('2026-01-02T03:04:05Z'), port43: 'whois.example', kind: 'registrar' as const };
  const registrar = { name: 'Rakko Registrar', handle: 'RAKKO', ianaId: '9999', url: 'https://rakko.example', abuseEmail: 'abuse@rakko.example', abusePhone: '+81.312345678' };
  const contact = { handle: 'rkc1', name: 'Taro Yamada', organization: 'Example KK', email: 'taro@example.jp', phone: '+81.312345678', fax: null, street: ['1-1'], city: 'Chiyoda-ku', sp: 'Tokyo', pc: '1000001', cc: 'JP', proxy: false };
  const domain = {
    ldhName: 'example.com', unicodeName: null, handle: 'D1', createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-06-01T00:00:00.000Z',
    expiresAt: '2027-01-01T00:00:00.000Z', statuses: ['clientTransferProhibited'], nameServers: ['ns1.example.jp', 'ns2.example.jp'],
    contacts: [{ role: 'registrant' as const, contact }, { role: 'technical' as const, contact }],
  };

  it('reads a registrar answer: dates, EPP statuses, name servers and the registrant', () => {
    expect(rdapDomainSummary(domainRdap(domain, registrar, info))).toEqual({
      registrar: 'Rakko Registrar', createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-06-01T00:00:00.000Z', expiresAt: '2027-01-01T00:00:00.000Z',
      statuses: ['clientTransferProhibited'], nameServers: ['ns1.example.jp', 'ns2.example.jp'],
      registrant: { name: 'Taro Yamada', organization: 'Example KK', email: 'taro@example.jp', privacy: false }, dnssec: false,
    });
  });

  it('marks the privacy service as such, and a thin answer has no registrant', () => {
    const proxied = domainRdap({ ...domain, contacts: [{ role: 'registrant', contact: { ...contact, name: 'Whois Privacy Protection Service', proxy: true } }] }, registrar, info);
    expect(rdapDomainSummary(proxied).registrant).toMatchObject({ name: 'Whois Privacy Protection Service', privacy: true });
    const thin = domainRdap({ ...domain, contacts: [], statuses: ['ok'] }, registrar, info);
    expect(rdapDomainSummary(thin)).toMatchObject({ registrant: null, statuses: ['ok'] });
    expect(rdapDomainSummary({})).toEqual({ registrar: null, createdAt: null, updatedAt: null, expiresAt: null, statuses: [], nameServers: [], registrant: null, dnssec: false });
  });
});

describe('a domain whose registry id is not known yet (ADR 0041: the ROID follows the create)', () => {
  const info = { baseUrl: 'https://rdap.example/rdap', now: new Date('2026-01-02T03:04:05Z'), port43: 'whois.example', kind: 'registrar' as const };
  const registrar = { name: 'Rakko Registrar', handle: 'RAKKO', ianaId: '9999' };
  const domain = {
    ldhName: 'example.com', unicodeName: null, handle: null, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-06-01T00:00:00.000Z',
    expiresAt: '2027-01-01T00:00:00.000Z', statuses: ['ok'], nameServers: ['ns1.example.jp'],
  };

  it('has no handle in RDAP and an empty Registry Domain ID on port 43; with the ROID, both carry it', () => {
    const json = domainRdap(domain, registrar, info);
    expect(json).not.toHaveProperty('handle');
    expect(rdapDomainToWhois(json, { kind: 'registrar', now: info.now })).toMatch(/^Registry Domain ID: \r$/m);
    const known = domainRdap({ ...domain, handle: 'D123-EXAMPLE' }, registrar, info);
    expect(known.handle).toBe('D123-EXAMPLE');
    expect(rdapDomainToWhois(known, { kind: 'registrar', now: info.now })).toMatch(/^Registry Domain ID: D123-EXAMPLE\r$/m);
  });
});

describe(rdapDomainToJprsWhois.name, () => {
  // whoiser's parser: the WHOIS client library the port-43 tests read our answers with
  const { parseDomainWhois } = require('whoiser/src/parsers.js') as { parseDomainWhois(domain: string, text: string): Record<string, string | string[]> };
  const info = { baseUrl: 'https://rdap.example/rdap', now: new Date('2026-01-02T03:04:05Z'), port43: 'whois.example', kind: 'registrar' as const };
  const registrar = { name: 'Rakko Registrar', handle: 'RAKKO', ianaId: '9999', url: 'https://rakko.example', abuseEmail: 'abuse@rakko.example', abusePhone: '+81.312345678' };
  const contact = { handle: 'rkc1', name: 'Taro Yamada', organization: null, email: 'taro@example.jp', phone: '+81.312345678', fax: null, street: ['1-1 Marunouchi'], city: 'Chiyoda-ku', sp: 'Tokyo', pc: '1000001', cc: 'JP', proxy: false };
  const jp = {
    ldhName: 'example.jp', unicodeName: null, handle: 'D1', createdAt: '2025-01-01T16:00:00.000Z', updatedAt: '2025-06-01T00:00:00.000Z',
    expiresAt: '2027-01-31T15:00:00.000Z', statuses: ['clientTransferProhibited'], nameServers: ['ns1.example.jp', 'ns2.example.jp'],
    contacts: [{ role: 'registrant' as const, contact }, { role: 'administrative' as const, contact }],
  };

  it('writes a .jp answer in JPRS\'s layout, with Tokyo dates, that a WHOIS parser reads', () => {
    const text = rdapDomainToJprsWhois(domainRdap(jp, registrar, info), { now: info.now });
    expect(text).toContain('[Domain Name]                   EXAMPLE.JP\r\n');
    expect(text).toContain('[Postal Address]                Tokyo\r\n                                Chiyoda-ku\r\n');
    const parsed = parseDomainWhois('example.jp', text);
    expect(parsed).toMatchObject({
      'Domain Name': 'EXAMPLE.JP', 'Registrant Name': 'Taro Yamada', 'Name Server': ['ns1.example.jp', 'ns2.example.jp'],
      'Created Date': '2025/01/02', 'Expiry Date': '2027/02/01', 'Domain Status': ['Active'], Email: 'taro@example.jp',
    });
  });

  it('writes a .co.jp with JPRS\'s lettered fields: the organisation and its connection state', () => {
    const org = { ...contact, name: 'Example KK', organization: 'Example KK' };
    const text = rdapDomainToJprsWhois(domainRdap({ ...jp, ldhName: 'example.co.jp', contacts: [{ role: 'registrant', contact: org }, { role: 'technical', contact }] }, registrar, info), { now: info.now });
    const parsed = parseDomainWhois('example.co.jp', text);
    expect(parsed).toMatchObject({ 'Domain Name': 'EXAMPLE.CO.JP', Organization: 'Example KK', 'Technical Contact': 'rkc1', 'Domain Status': ['Connected (2027/02/01)'], 'Created Date': '2025/01/02' });
  });
});

describe(rdapDomainToWhois.name, () => {
  const info = { baseUrl: 'https://rdap.example/rdap', now: new Date('2026-01-02T03:04:05Z'), port43: 'whois.example', kind: 'registrar' as const };
  const registrar = { name: 'Rakko Registrar', handle: '9999', ianaId: '9999', url: 'https://rakko.example', abuseEmail: 'abuse@rakko.example', abusePhone: '+81.312345678' };
  const person = { handle: 'rkc1', name: 'Taro Yamada', organization: null, email: 'taro@example.jp', phone: '+81.312345678;ext=12', fax: null, street: ['1-1'], city: 'Chiyoda-ku', sp: 'Tokyo', pc: '1000001', cc: 'JP', proxy: false };
  const domain = (contact: typeof person) => ({
    ldhName: 'example.com', unicodeName: null, handle: 'D1', createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-06-01T00:00:00.000Z',
    expiresAt: '2027-01-01T00:00:00.000Z', statuses: ['ok'], nameServers: ['ns1.example.jp'],
    contacts: (['registrant', 'administrative', 'technical'] as const).map((role) => ({ role, contact })),
  });

  it('writes the 2013 RAA keys: Phone Ext always, Fax and Fax Ext only with a fax, and the terms of use', () => {
    const text = rdapDomainToWhois(domainRdap(domain(person), registrar, info), { kind: 'registrar', now: info.now });
    for (const role of ['Registrant', 'Admin', 'Tech']) {
      expect(text).toContain(`\r\n${role} Phone: +81.312345678\r\n${role} Phone Ext: 12\r\n${role} Email: taro@example.jp\r\n`);
      expect(text).not.toMatch(new RegExp(`${role} Fax`));
    }
    const withFax = rdapDomainToWhois(domainRdap(domain({ ...person, phone: '+81.312345678', fax: '+81.312345679' } as never), registrar, info), { kind: 'registrar', now: info.now });
    expect(withFax).toContain('\r\nRegistrant Phone Ext: \r\nRegistrant Fax: +81.312345679\r\nRegistrant Fax Ext: \r\n');
    expect(withFax).toMatch(/\r\nTERMS OF USE: The data in this WHOIS database is provided by Rakko Registrar/);
    expect(withFax).toContain('Registrar URL: https://rakko.example\r\n');
  });

  it('a member\'s contact not made at the registry yet: one entity with its roles, no handle, no self link; port 43 empty IDs', () => {
    const json = domainRdap(domain({ ...person, handle: null } as never), registrar, info);
    const contacts = (json.entities as Array<Record<string, unknown>>).filter((e) => !(e.roles as string[]).includes('registrar'));
    expect(contacts).toHaveLength(1);
    expect(contacts[0]!.roles).toEqual(['registrant', 'administrative', 'technical']);
    expect(contacts[0]).not.toHaveProperty('handle');
    expect(contacts[0]).not.toHaveProperty('links');
    const text = rdapDomainToWhois(json, { kind: 'registrar', now: info.now });
    for (const key of ['Registry Registrant ID', 'Registry Admin ID', 'Registry Tech ID']) expect(text).toMatch(new RegExp(`^${key}: \r$`, 'm'));
    expect(text).toContain('Registrant Name: Taro Yamada\r\n');
  });

  it('gives the registrar entity its self link and events', () => {
    const e = registrarEntityRdap(registrar, info);
    expect(e.links).toEqual(expect.arrayContaining([expect.objectContaining({ rel: 'self', href: 'https://rdap.example/rdap/entity/9999' })]));
    expect(e.events).toEqual([{ eventAction: 'last update of RDAP database', eventDate: info.now.toISOString() }]);
  });
});
