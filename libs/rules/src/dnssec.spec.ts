import { DS, fmt } from '@registrar/messages';
import { dnssecAlgorithmName, validateDsSet } from './dnssec';

describe('validateDsSet (DS records entered by hand)', () => {
  const sha256 = 'ab'.repeat(32);
  it('accepts SHA-1, SHA-256 and SHA-384 digests of their lengths, upper-cases and strips spaces', () => {
    const r = validateDsSet([
      { keyTag: '0', alg: '8', digestType: '1', digest: 'a'.repeat(40) },
      { keyTag: 65535, alg: 13, digestType: 2, digest: `${sha256.slice(0, 10)} ${sha256.slice(10)}` },
      { keyTag: 1, alg: 16, digestType: 4, digest: 'c'.repeat(96) },
    ]);
    expect(r.errors).toEqual([]);
    expect(r.ds?.map((d) => [d.keyTag, d.alg, d.digestType, d.digest.length])).toEqual([[0, 8, 1, 40], [65535, 13, 2, 64], [1, 16, 4, 96]]);
    expect(r.ds?.[1].digest).toBe(sha256.toUpperCase());
  });

  it('answers one numbered Japanese message per problem', () => {
    const r = validateDsSet([
      { keyTag: 65536, alg: 13, digestType: 2, digest: sha256 },
      { keyTag: 1, alg: 12, digestType: 2, digest: sha256 },
      { keyTag: 1, alg: 13, digestType: 3, digest: sha256 },
      { keyTag: 1, alg: 13, digestType: 2, digest: 'g'.repeat(64) },
      { keyTag: 1, alg: 13, digestType: 4, digest: sha256 },
      { keyTag: '-1', alg: 13, digestType: 2, digest: sha256 },
    ]);
    expect(r.errors).toEqual([
      fmt(DS.dsKeyTag, { n: 1 }), fmt(DS.dsAlg, { n: 2 }), fmt(DS.dsDigestType, { n: 3 }), fmt(DS.dsDigestHex, { n: 4 }),
      fmt(DS.dsDigestLength, { n: 5, digestType: 4, length: 96, actual: 64 }), fmt(DS.dsKeyTag, { n: 6 }),
    ]);
  });

  it('refuses duplicates, an empty list (unless removing) and more than 8 records', () => {
    const one = { keyTag: 1, alg: 13, digestType: 2, digest: sha256 };
    expect(validateDsSet([one, { ...one, digest: sha256.toUpperCase() }]).errors).toEqual([fmt(DS.dsDuplicate, { n: 2 })]);
    expect(validateDsSet([]).errors).toEqual([DS.dsNone]);
    expect(validateDsSet([], { allowEmpty: true })).toEqual({ ds: [], errors: [] });
    expect(validateDsSet(Array.from({ length: 9 }, (_, i) => ({ ...one, keyTag: i }))).errors).toEqual([fmt(DS.dsTooMany, { max: 8 })]);
  });

  it('names algorithms', () => {
    expect(dnssecAlgorithmName(13)).toBe('ECDSAP256SHA256');
    expect(dnssecAlgorithmName(8)).toBe('RSASHA256');
    expect(dnssecAlgorithmName(99)).toBe('99');
  });
});
