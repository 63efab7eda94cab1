import { DnsErrorCode } from '@registrar/contracts';
import { DnsException } from './dns.exception';

/** A positive integer id of an RPC payload (a member, a domain, a row); INVALID otherwise. */
export function idOf(v: unknown, what: string): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n <= 0) throw new DnsException(DnsErrorCode.Invalid, `${what} must be a positive integer`);
  return n;
}

/** Every member payload names the member (set by the gateway from the session or the API key, never from the browser). */
export function userIdOf(p: { userId?: unknown } | null | undefined): number {
  return idOf(p?.userId, 'userId');
}

/** A domain's name in punycode, lower-cased; INVALID when it is missing or not a name. */
export function nameOf(v: unknown): string {
  const n = String(v ?? '').trim().toLowerCase();
  if (!/^[a-z0-9.-]{1,253}$/.test(n)) throw new DnsException(DnsErrorCode.Invalid, 'punycode is required');
  return n;
}
