import { M } from '@registrar/messages';
import { registrableName, validateConnectionCheckInput, validateWhoisQuery } from './public-tools';
import { parseDomainName } from './domain-name';
import { eppToRdapStatus, rdapDomainToWhois, domainRdap, rdapToEppStatus } from './rdap';

describe('validateWhoisQuery', () => {
  it('requires a domain (002 §5)', () => {
    expect(validateWhoisQuery('  ')).toEqual({ ok: false, error: M.enterDomain });
    expect(validateWhoisQuery(undefined)).toEqual({ ok: false, error: M.enterDomain });
  });
  it('reads a name as the domain-name rule does', () => {
    const r = validateWhoisQuery(' Ｅｘａｍｐｌｅ。ＣＯＭ ');
    expect(r.ok && r.value.punycode).toBe('example.com');
  });
  it('reads a pasted URL as its host name', () => {
    const r = validateWhoisQuery('https://www.Example.com:8443/path?q=1');
    expect(r.ok && r.value.punycode).toBe('www.example.com');
    const idn = validateWhoisQuery('http://日本語.jp/');
    expect(idn.ok && idn.value.punycode).toBe('xn--wgv71a119e.jp');
    expect(validateWhoisQuery('https://').ok).toBe(false);
  });
});

describe('registrableName', () => {
  it('drops the host part, for .co.jp too', () => {
    const r = (s: string) => { const d = parseDomainName(s); if (!d.ok) throw new Error(d.error); return registrableName(d.value); };
    expect(r('www.example.com')).toEqual({ name: 'example.com', punycode: 'example.com' });
    expect(r('a.b.example.co.jp')).toEqual({ name: 'example.co.jp', punycode: 'example.co.jp' });
    expect(r('example.com')).toEqual({ name: 'example.com', punycode: 'example.com' });
  });
});

describe('validateConnectionCheckInput', () => {
  it('gives the two messages of 002 §5', () => {
    expect(validateConnectionCheckInput('')).toEqual({ ok: false, error: M.enterDomainOrUrl });
    expect(validateConnectionCheckInput('https://exa mple.com/')).toEqual({ ok: false, error: M.enterUrlCorrectly });
    expect(validateConnectionCheckInput('http://')).toEqual({ ok: false, error: M.enterUrlCorrectly });
  });
  it('keeps a URL and turns a domain into https://<domain>/', () => {
    expect(validateConnectionCheckInput('https://www.example.com:8443/x')).toEqual({ ok: true, value: { host: 'www.example.com', url: 'https://www.example.com:8443/x', isUrl: true } });
    expect(validateConnectionCheckInput('例え.jp')).toEqual({ ok: true, value: { host: 'xn--r8jz45g.jp', url: 'https://xn--r8jz45g.jp/', isUrl: false } });
  });
});

describe('RDAP statuses and the WHOIS text', () => {
  it('maps EPP statuses to RFC 8056 and back', () => {
    expect(eppToRdapStatus('ok')).toBe('active');
    expect(eppToRdapStatus('clientTransferProhibited')).toBe('client transfer prohibited');
    expect(rdapToEppStatus('client transfer prohibited')).toBe('clientTransferProhibited');
    expect(rdapToEppStatus('active')).toBe('ok');
  });
  it('renders a registrar answer as key: value lines', () => {
    const json = domainRdap(
      { ldhName: 'example.com', unicodeName: null, handle: 'D1', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z', expiresAt: '2027-01-01T00:00:00.000Z', statuses: ['ok'], nameServers: ['01.dnsv.jp'],
        contacts: [{ role: 'registrant', contact: { handle: 'C1', name: 'Taro Yamada', organization: null, email: 't@example.jp', phone: '+81.311112222', fax: null, street: ['1-1'], city: 'Shibuya-ku', sp: 'Tokyo', pc: '1500002', cc: 'JP', proxy: false } }] },
      { handle: '9999', name: 'Rakko Registrar', ianaId: '9999' },
      { baseUrl: 'https://rdap.example/rdap', kind: 'registrar', now: new Date('2026-02-01T00:00:00Z') },
    );
    const text = rdapDomainToWhois(json, { kind: 'registrar', now: new Date('2026-02-01T00:00:00Z') });
    expect(text).toContain('Domain Name: EXAMPLE.COM\r\n');
    expect(text).toContain('Registrar: Rakko Registrar\r\n');
    expect(text).toContain('Registrar Registration Expiration Date: 2027-01-01T00:00:00.000Z\r\n');
    expect(text).toContain('Domain Status: ok https://icann.org/epp#ok\r\n');
    expect(text).toContain('Registrant Name: Taro Yamada\r\n');
    expect(text).toContain('Registrant Phone: +81.311112222\r\n');
    expect(text).toContain('Name Server: 01.DNSV.JP\r\n');
  });
});
