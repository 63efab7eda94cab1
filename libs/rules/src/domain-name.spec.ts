import { M } from '@registrar/messages';
import { asciiDomain, isValidLabel, parseDomainName, readDomainName } from './domain-name';

describe(parseDomainName.name, () => {
  it('reads both forms of a name into the same value', () => {
    const a = readDomainName('日本語.jp');
    const b = readDomainName('xn--wgv71a119e.jp');
    expect(a).toEqual({ name: '日本語.jp', punycode: 'xn--wgv71a119e.jp', label: '日本語', labelPunycode: 'xn--wgv71a119e', tld: 'jp', tldPunycode: 'jp', idn: true });
    expect(b).toEqual(a);
  });

  it('normalises what a person types', () => {
    expect(readDomainName('  ＥＸＡＭＰＬＥ．ＣＯＭ ')?.punycode).toBe('example.com');
    expect(readDomainName('れい。jp')?.name).toBe('れい.jp');
    expect(readDomainName('Example.com.')?.punycode).toBe('example.com');
  });

  it('names the catalogue TLD (co.jp) and IDN TLDs', () => {
    expect(readDomainName('rakko.co.jp')).toMatchObject({ label: 'rakko', tld: 'co.jp' });
    expect(readDomainName('rakko.jp')).toMatchObject({ label: 'rakko', tld: 'jp' });
    expect(readDomainName('らっこ.コム')).toMatchObject({ tld: 'コム', tldPunycode: 'xn--tckwe' });
  });

  it.each([
    'xn--sec426190.work', // does not decode
    'xn--abc.com', // decodes to ASCII only
    'xn--Wgv71a119e-.jp',
    'ab--cd.com',
    '-bad.com',
    'bad-.com',
    'exa_mple.com',
    'a..com',
    `${'a'.repeat(64)}.com`,
    `${'a.'.repeat(127)}com`,
  ])('refuses %p', (name) => {
    expect(parseDomainName(name)).toEqual({ ok: false, error: M.enterDomainCorrectly });
  });

  it('asks for the TLD when there is none, and refuses white space', () => {
    expect(parseDomainName('example')).toEqual({ ok: false, error: M.includeTld });
    expect(parseDomainName('example.')).toEqual({ ok: false, error: M.includeTld });
    expect(parseDomainName('exa mple.com')).toEqual({ ok: false, error: M.keywordWhitespace });
    expect(parseDomainName('')).toEqual({ ok: false, error: M.enterDomainCorrectly });
  });

  it('accepts the A-label of a real IDN and the longest labels', () => {
    expect(isValidLabel('xn--98j3ai')).toBe(true);
    expect(isValidLabel('a'.repeat(63))).toBe(true);
    expect(asciiDomain('ぬどず.com')).toBe('xn--98j3ai.com');
  });
});
