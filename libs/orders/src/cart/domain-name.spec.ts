import { normaliseDomain } from './domain-name';

describe(normaliseDomain.name, () => {
  it('lower-cases, trims and keeps the Unicode name beside its punycode', () => {
    expect(normaliseDomain('  Example.COM ')).toEqual({ name: 'example.com', punycode: 'example.com', tld: 'com' });
    expect(normaliseDomain('ラッコ.jp')).toEqual({ name: 'ラッコ.jp', punycode: 'xn--tck5a9g.jp', tld: 'jp' });
    expect(normaliseDomain('rakko.co.jp')?.tld).toBe('co.jp');
  });

  it.each(['', 'example', 'exa mple.com', 'xn--sec426190.work', '-bad.com', 'bad-.com', 'a..com', `${'a'.repeat(64)}.com`])('refuses %p', (name) => {
    expect(normaliseDomain(name)).toBeNull();
  });
});
