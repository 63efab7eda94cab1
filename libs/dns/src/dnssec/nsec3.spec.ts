import { nsec3Hash } from './nsec3';

describe('nsec3Hash', () => {
  it('matches PowerDNS rectify for our parameters (values read from a rectified zone of PowerDNS 4.7)', () => {
    expect(nsec3Hash('example.com')).toBe('onib9mgub9h0rml3cdf5bgrj59dkjhvk');
    expect(nsec3Hash('www.example.com')).toBe('mifdndt3nff3od53o7tla1hrff95jkuk');
    expect(nsec3Hash('WWW.Example.com.')).toBe('mifdndt3nff3od53o7tla1hrff95jkuk');
    expect(nsec3Hash('b.example.com')).toBe('3qnilc4qrc2p5crn7jgvb5s3bpg0shuv');
  });

  it('RFC 5155 appendix A: example with salt aabbccdd and 12 iterations', () => {
    expect(nsec3Hash('example', 12, 'aabbccdd')).toBe('0p9mhaveqvm6t7vbl5lop2u3t2rp3tom');
    expect(nsec3Hash('a.example', 12, 'aabbccdd')).toBe('35mthgpgcu1qg68fab165klnsnk3dpvl');
  });
});
