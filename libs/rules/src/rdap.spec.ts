import { domainRdap, rdapDomainSummary } from './rdap';

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
