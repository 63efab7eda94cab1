import { createHash } from 'node:crypto';

/** The NSEC3 parameters of every zone we sign (RFC 9276: SHA-1, no opt-out, 0 extra iterations, no salt). */
export const NSEC3PARAM = '1 0 0 -';

const B32HEX = '0123456789abcdefghijklmnopqrstuv';

function base32hex(buf: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of buf) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += B32HEX[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += B32HEX[(value << (5 - bits)) & 31];
  return out;
}

/** A name in DNS wire format, lower case (the input of the NSEC3 hash). */
function wire(name: string): Buffer {
  const labels = name.toLowerCase().replace(/\.$/, '').split('.').filter(Boolean);
  return Buffer.concat([...labels.map((l) => Buffer.concat([Buffer.from([Buffer.byteLength(l)]), Buffer.from(l)])), Buffer.from([0])]);
}

/**
 * The NSEC3 hash of a name (RFC 5155 §5) with our parameters (no salt, 0 extra iterations), base32hex lower case: what
 * PowerDNS stores as `ordername` of a record in a zone signed with NSEC3 (not narrow), and what `rectify` computes.
 */
export function nsec3Hash(name: string, iterations = 0, saltHex = ''): string {
  const salt = Buffer.from(saltHex === '-' ? '' : saltHex, 'hex');
  let h = createHash('sha1').update(wire(name)).update(salt).digest();
  for (let i = 0; i < iterations; i++) h = createHash('sha1').update(h).update(salt).digest();
  return base32hex(h);
}
