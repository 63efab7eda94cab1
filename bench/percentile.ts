/**
 * A quantile of measured samples by the nearest-rank method: the smallest sample with at least the fraction `q` of all
 * samples at or below it (rank ⌈q·n⌉). So the p99 of 100 requests is the 99th slowest, the one a single outlier in a
 * hundred does not move, and the p50 of 100 is the 50th; the maximum is `q = 1`. Every benchmark reads its p50 / p95 /
 * p99 through this one function (their own copies used index ⌊q·n⌋, which made the p99 of 100 samples their maximum).
 */
export function percentile(samples: readonly number[], q: number, opts: { sorted?: boolean } = {}): number {
  if (samples.length === 0) return NaN;
  const s = opts.sorted ? samples : [...samples].sort((a, b) => a - b);
  const rank = Math.ceil(q * s.length);
  return s[Math.min(s.length - 1, Math.max(0, rank - 1))]!;
}
