import { DomainOpsErrorCode } from '@registrar/contracts';
import { DomainOpsException } from './domain-ops.exception';

/** Every payload names the member (set by the gateway from the session, never from the browser). */
export function userIdOf(p: { userId?: unknown } | null | undefined): number {
  const n = Number(p?.userId);
  if (!Number.isSafeInteger(n) || n <= 0) throw new DomainOpsException(DomainOpsErrorCode.Invalid, 'userId must be a positive integer');
  return n;
}

/** Positive integer ids from a list (anything else dropped), at most 1000. */
export function idsOf(v: unknown): number[] {
  const list = Array.isArray(v) ? v : v == null ? [] : [v];
  return [...new Set(list.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))].slice(0, 1000);
}
