/** The list in consecutive slices of at most `size` (a job's share of a run or a renewal, ADR 0037). */
export function chunks<T>(list: readonly T[], size: number): T[][] {
  const n = Math.max(1, Math.floor(size));
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += n) out.push(list.slice(i, i + n));
  return out;
}

/**
 * Runs `one` for every entry at once and waits for all of them (a failure never stops the others); then throws the
 * first failure, if any, so the queue retries the job (whose retry skips what has ended).
 */
export async function allThenThrow<T, R>(list: readonly T[], one: (x: T) => Promise<R>): Promise<R[]> {
  const settled = await Promise.allSettled(list.map(one));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<R>).value);
}
