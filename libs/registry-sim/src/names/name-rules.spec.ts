import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { classifyUnregistered, validAsciiName } from './name-rules';
import { TldCatalogue } from './tld-catalogue';

describe('classifyUnregistered', () => {
  it('knows reserved, premium and well-known names', () => {
    expect(classifyUnregistered('nic.com', 'com', 0.3)).toBe('reserved');
    expect(classifyUnregistered('x.com', 'com', 0.3)).toBe('reserved');
    expect(classifyUnregistered('ai.net', 'net', 0.3)).toBe('premium');
    expect(classifyUnregistered('google.co.jp', 'co.jp', 0.3)).toBe('taken');
  });

  it('reports a stable share of other names as taken', () => {
    const names = Array.from({ length: 2000 }, (_, i) => `name-${i}.com`);
    const taken = names.filter((n) => classifyUnregistered(n, 'com', 0.3) === 'taken').length;
    expect(taken / names.length).toBeGreaterThan(0.25);
    expect(taken / names.length).toBeLessThan(0.35);
    expect(names.map((n) => classifyUnregistered(n, 'com', 0.3))).toEqual(names.map((n) => classifyUnregistered(n, 'com', 0.3)));
    expect(classifyUnregistered('name-1.com', 'com', 0)).toBe('free');
  });
});

describe('validAsciiName', () => {
  it.each([['example.com', true], ['xn--eckwd4c7c.xn--tckwe', true], ['-bad.com', false], ['bad-.com', false], ['ab--c.com', false], ['日本.jp', false], ['com', false], [`${'a'.repeat(64)}.com`, false]])('%s → %s', (n, ok) => {
    expect(validAsciiName(n)).toBe(ok);
  });
});

describe(TldCatalogue.name, () => {
  it('serves the TLDs of the catalogue in their ASCII form, longest suffix first', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tld-')), 'tld.csv');
    fs.writeFileSync(file, 'tld_id,tld_name,other\n1,com,x\n2,jp,"a,b"\n3,co.jp,y\n4,コム,z\n5,tokyo.jp,\n');
    const sut = TldCatalogue.load(file);
    expect(sut.restricted).toBe(true);
    expect(sut.tldOf('example.co.jp')).toBe('co.jp');
    expect(sut.tldOf('example.jp')).toBe('jp');
    expect(sut.tldOf('example.xn--tckwe')).toBe('xn--tckwe');
    expect(sut.tldOf('example.tokyo.jp')).toBe('tokyo.jp');
    expect(sut.tldOf('example.net')).toBeNull();
  });

  it('serves any TLD without the file', () => {
    const sut = TldCatalogue.load('/nonexistent/tld.csv');
    expect(sut.tldOf('example.anything')).toBe('anything');
    expect(sut.tldOf('example.co.jp')).toBe('co.jp');
  });
});
