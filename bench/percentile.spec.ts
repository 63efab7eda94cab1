import { percentile } from './percentile';

describe('percentile (nearest rank)', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1); // 1..100

  it('reads the p99 of 100 samples as the 99th, so one outlier in a hundred does not make it', () => {
    expect(percentile(hundred, 0.99)).toBe(99);
    const oneSlow = [...hundred.slice(0, 99), 10_000];
    expect(percentile(oneSlow, 0.99)).toBe(99);
    // two in a hundred are more than 1 %: the p99 is one of them
    const twoSlow = [...hundred.slice(0, 98), 10_000, 20_000];
    expect(percentile(twoSlow, 0.99)).toBe(10_000);
  });

  it('gives the median, the p95 and the maximum by rank, whatever the order of the samples', () => {
    const shuffled = [...hundred].reverse();
    expect(percentile(shuffled, 0.5)).toBe(50);
    expect(percentile(shuffled, 0.95)).toBe(95);
    expect(percentile(shuffled, 1)).toBe(100);
    expect(percentile(shuffled, 0)).toBe(1);
    expect(shuffled[0]).toBe(100); // the caller's array is left as it was
  });

  it('takes sorted samples as they are, and has no value for none', () => {
    expect(percentile([1, 2, 3, 4], 0.75, { sorted: true })).toBe(3);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });
});
