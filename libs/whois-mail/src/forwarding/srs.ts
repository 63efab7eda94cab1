import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The Sender Rewriting Scheme (SRS, Shevek's "Sender Rewriting Scheme" paper as libsrs2 and Postfix's postsrsd
 * implement it), so that a forwarded mail's envelope sender is at our own domain and passes the receiver's SPF check,
 * while bounces still find their way back:
 *
 *   SRS0=HHHH=TT=example.org=alice@fwd.example       (first forwarding of alice@example.org)
 *   SRS1=HHHH=first.example==HHHH=TT=example.org=alice@fwd.example   (forwarding an address another forwarder rewrote)
 *
 * TT is the day (days since 1970 modulo 1024, two base32 characters), HHHH the first four base64 characters of
 * HMAC-SHA1(secret, the rest lowercased). npm's `srs.js` (0.1.0) was last published in 2014 and has no SRS1; this is
 * the scheme in 80 lines with its tests (srs.spec.ts).
 */

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const DAY = 86_400_000;
/** Days a rewritten address stays valid for a bounce. */
export const SRS_MAX_AGE_DAYS = 21;

const hash = (secret: string, ...parts: string[]) => createHmac('sha1', secret).update(parts.join('').toLowerCase()).digest('base64').slice(0, 4);

function stamp(now: number): string {
  const t = Math.floor(now / DAY) % 1024;
  return B32[t >> 5] + B32[t & 31];
}

function ageDays(tt: string, now: number): number {
  const v = (B32.indexOf(tt[0]?.toUpperCase()) << 5) | B32.indexOf(tt[1]?.toUpperCase());
  const today = Math.floor(now / DAY) % 1024;
  return (today - v + 1024) % 1024;
}

function split(address: string): { local: string; domain: string } | null {
  const at = address.lastIndexOf('@');
  if (at < 1 || at === address.length - 1) return null;
  return { local: address.slice(0, at), domain: address.slice(at + 1) };
}

/**
 * The envelope sender for forwarding a mail from `sender` through `srsDomain`. The null sender (a bounce) stays null:
 * there is no one to return a bounce of a bounce to.
 */
export function srsForward(sender: string, srsDomain: string, secret: string, now = Date.now()): string {
  const a = split(sender.trim());
  if (!a) return '';
  if (a.domain.toLowerCase() === srsDomain.toLowerCase() && /^SRS[01][=+-]/i.test(a.local)) return sender;
  const m1 = /^SRS1[=+-]([^=]+)=([^=]+)==(.*)$/i.exec(a.local);
  if (m1) {
    // already SRS1: keep the first forwarder and its part, sign again for us
    const [, , first, rest] = m1;
    return `SRS1=${hash(secret, first, `=${rest}`)}=${first}==${rest}@${srsDomain}`;
  }
  const m0 = /^SRS0[=+-](.*)$/i.exec(a.local);
  if (m0) return `SRS1=${hash(secret, a.domain, `=${m0[1]}`)}=${a.domain}==${m0[1]}@${srsDomain}`;
  const tt = stamp(now);
  return `SRS0=${hash(secret, tt, a.domain, a.local)}=${tt}=${a.domain}=${a.local}@${srsDomain}`;
}

/**
 * Where a bounce to a rewritten address goes: the original sender for SRS0, the first forwarder's SRS0 address for
 * SRS1; null when the address is not ours, forged (wrong hash) or older than SRS_MAX_AGE_DAYS.
 */
export function srsReverse(address: string, srsDomain: string, secret: string, now = Date.now()): string | null {
  const a = split(address.trim());
  if (!a || a.domain.toLowerCase() !== srsDomain.toLowerCase()) return null;
  const same = (x: string, y: string) => x.length === y.length && timingSafeEqual(Buffer.from(x.toLowerCase()), Buffer.from(y.toLowerCase()));
  const m0 = /^SRS0[=+-]([^=]{4})=([^=]{2})=([^=]+)=(.+)$/i.exec(a.local);
  if (m0) {
    const [, h, tt, domain, local] = m0;
    if (!same(h, hash(secret, tt, domain, local)) || ageDays(tt, now) > SRS_MAX_AGE_DAYS) return null;
    return `${local}@${domain}`;
  }
  const m1 = /^SRS1[=+-]([^=]{4})=([^=]+)==(.+)$/i.exec(a.local);
  if (m1) {
    const [, h, first, rest] = m1;
    if (!same(h, hash(secret, first, `=${rest}`))) return null;
    return `SRS0=${rest}@${first}`;
  }
  return null;
}
