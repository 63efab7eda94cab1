import { M } from '@registrar/messages';
import { BULK_MAX_LINES, chunk, isCheckable, parseBulk, parseKeyword, toPunycode, toUnicode, UNAVAILABLE_REASON_LABELS, unavailableReasonOf, registrationBoxQuery } from './search';
import { normaliseDomainInput } from './domain-name';

describe('normaliseDomainInput', () => {
  it('turns full-width characters into half-width and lower-cases', () => {
    expect(normaliseDomainInput('ＥＸＡＭＰＬＥ．ＣＯＭ')).toBe('example.com');
  });
  it('treats Japanese full stops as dots', () => {
    expect(normaliseDomainInput('れい。jp')).toBe('れい.jp');
  });
  it('trims each dot-separated part', () => {
    expect(normaliseDomainInput(' example . com ')).toBe('example.com');
  });
  it('turns half-width katakana into full-width', () => {
    expect(normaliseDomainInput('ﾃｽﾄ.jp')).toBe('テスト.jp');
  });
});

describe('punycode', () => {
  it('converts IDN names both ways', () => {
    expect(toPunycode('日本語.jp')).toBe('xn--wgv71a119e.jp');
    expect(toUnicode('xn--wgv71a119e.jp')).toBe('日本語.jp');
  });
});

describe('parseKeyword', () => {
  it('accepts a plain keyword without a TLD', () => {
    const r = parseKeyword('Example');
    expect(r).toEqual({ ok: true, value: expect.objectContaining({ label: 'example', labelPunycode: 'example', tld: null, idn: false }) });
  });
  it('keeps the TLD of a keyword that has one', () => {
    const r = parseKeyword('example.co.jp');
    expect(r.ok && r.value).toEqual(expect.objectContaining({ label: 'example', tld: 'co.jp', punycode: 'example.co.jp' }));
  });
  it('gives IDN keywords their punycode', () => {
    const r = parseKeyword('日本語.jp');
    expect(r.ok && r.value).toEqual(expect.objectContaining({ label: '日本語', labelPunycode: 'xn--wgv71a119e', idn: true, punycode: 'xn--wgv71a119e.jp' }));
  });
  it('shows a punycode keyword in its Unicode form', () => {
    const r = parseKeyword('xn--wgv71a119e');
    expect(r.ok && r.value).toEqual(expect.objectContaining({ label: '日本語', idn: true }));
  });
  it('refuses white space inside a keyword', () => {
    expect(parseKeyword('foo bar')).toEqual({ ok: false, error: M.keywordWhitespace });
    expect(parseKeyword('foo\u3000bar')).toEqual({ ok: false, error: M.keywordWhitespace });
  });
  it('ignores white space around a keyword', () => {
    expect(parseKeyword('  example  ').ok).toBe(true);
  });
  it('refuses an empty keyword', () => {
    expect(parseKeyword('   ')).toEqual({ ok: false, error: M.enterDomainCorrectly });
  });
  it('refuses characters a domain cannot have', () => {
    expect(parseKeyword('exa_mple')).toEqual({ ok: false, error: M.enterDomainCorrectly });
    expect(parseKeyword('-example')).toEqual({ ok: false, error: M.enterDomainCorrectly });
    expect(parseKeyword('example..com')).toEqual({ ok: false, error: M.enterDomainCorrectly });
  });
});

describe('parseBulk', () => {
  it('reads one domain a line and splits on white space too', () => {
    const r = parseBulk('example.com\nfoo.net bar.org\r\n\n  baz.jp　qux.co.jp  ');
    expect(r.ok && r.value.map((n) => n.name)).toEqual(['example.com', 'foo.net', 'bar.org', 'baz.jp', 'qux.co.jp']);
  });
  it('normalises and converts IDN names', () => {
    const r = parseBulk('ＥＸＡＭＰＬＥ．ＣＯＭ\n日本語.jp');
    expect(r.ok && r.value.map((n) => [n.name, n.punycode])).toEqual([['example.com', 'example.com'], ['日本語.jp', 'xn--wgv71a119e.jp']]);
  });
  it('drops duplicates', () => {
    const r = parseBulk('a.com\nA.COM\na.com');
    expect(r.ok && r.value).toHaveLength(1);
  });
  it('refuses empty input', () => {
    expect(parseBulk('')).toEqual({ ok: false, error: M.enterDomainCorrectly });
    expect(parseBulk(' \n \n')).toEqual({ ok: false, error: M.enterDomainCorrectly });
  });
  it('refuses a token without a TLD', () => {
    expect(parseBulk('example.com\nexample')).toEqual({ ok: false, error: M.includeTld });
    expect(parseBulk('example.')).toEqual({ ok: false, error: M.includeTld });
  });
  it('accepts 500 lines and refuses 501', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `name${i}.com`).join('\n');
    const r500 = parseBulk(lines(BULK_MAX_LINES));
    expect(r500.ok && r500.value).toHaveLength(500);
    expect(parseBulk(lines(BULK_MAX_LINES + 1))).toEqual({ ok: false, error: M.bulkMax500 });
  });
  it('limits bulk to 5 domains at a time only when the operator turns it on', () => {
    const six = 'a.com\nb.com\nc.com\nd.com\ne.com\nf.com';
    expect(parseBulk(six).ok).toBe(true);
    expect(parseBulk(six, { fiveAtATime: true })).toEqual({ ok: false, error: M.bulkFiveAtATime });
    expect(parseBulk('a.com b.com c.com d.com e.com', { fiveAtATime: true }).ok).toBe(true);
  });
});

describe('isCheckable', () => {
  it('checks ASCII labels everywhere and IDN labels only under TLDs that accept them', () => {
    expect(isCheckable({ idn: false }, { is_idn: false })).toBe(true);
    expect(isCheckable({ idn: true }, { is_idn: true })).toBe(true);
    expect(isCheckable({ idn: true }, { is_idn: false })).toBe(false);
  });
});

describe('chunk', () => {
  it('splits into batches of at most the size', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk(Array.from({ length: 430 }), 25)).toHaveLength(18);
  });
});

describe('unavailableReasonOf', () => {
  it('reads the registry check reasons', () => {
    expect(unavailableReasonOf('In use')).toBe('taken');
    expect(unavailableReasonOf('Reserved name')).toBe('reserved');
    expect(unavailableReasonOf('Premium name')).toBe('premium');
    expect(unavailableReasonOf('Invalid domain name')).toBe('invalid');
    expect(unavailableReasonOf(undefined)).toBe('taken');
    expect(UNAVAILABLE_REASON_LABELS.premium).toBe('プレミアム');
  });
});

describe('registrationBoxQuery', () => {
  it('appends the chosen TLD only when the name has no dot', () => {
    expect(registrationBoxQuery(' rakko ', 'com')).toBe('rakko.com');
    expect(registrationBoxQuery('rakko.jp', 'com')).toBe('rakko.jp');
    expect(registrationBoxQuery('ｒａｋｋｏ', '.net')).toBe('rakko.net');
    expect(registrationBoxQuery('  ', 'com')).toBeNull();
  });
});
