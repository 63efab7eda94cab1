import net from 'node:net';

/** Address ranges a public tool must never reach (loopback, private, link-local, shared, multicast, reserved). */
const BLOCKED = new net.BlockList();
for (const [a, p] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
  BLOCKED.addSubnet(a, p, 'ipv4');
}
// IPv6: unspecified and loopback, IPv4-compatible (::a.b.c.d, deprecated) and SIIT-translated (::ffff:0:a.b.c.d),
// unique local, link-local, site-local (fec0::/10, deprecated but routable inside sites), multicast, documentation,
// NAT64 (64:ff9b::/96 well-known and 64:ff9b:1::/48 local-use: both reach IPv4 through a translator), discard-only
// (issue 23, finding 11 added fec0::/10, 64:ff9b:1::/48 and ::/96)
for (const [a, p] of [['::', 96], ['::ffff:0:0:0', 96], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8], ['2001:db8::', 32], ['64:ff9b::', 96],
  ['64:ff9b:1::', 48], ['100::', 64]] as const) {
  BLOCKED.addSubnet(a, p, 'ipv6');
}

/** The 16 bytes of an IPv6 address (with or without a trailing dotted IPv4), or null. */
export function ipv6Bytes(ip: string): number[] | null {
  if (net.isIP(ip) !== 6) return null;
  let s = ip.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    s = s.slice(0, -dotted[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = s.includes('::') ? s.split('::') : [s, null];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = tail === null ? h : [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  if (groups.length !== 8) return null;
  return groups.flatMap((g) => { const n = parseInt(g || '0', 16); return [n >> 8, n & 255]; });
}

/**
 * True for an address on the public internet. An IPv6 address that carries an IPv4 address is judged by it: IPv4-mapped
 * (::ffff:a.b.c.d, also written ::ffff:7f00:1) and 6to4 (2002:aabb:ccdd::); IPv4-compatible ::a.b.c.d is never public.
 */
export function isPublicAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (!family) return false;
  if (family === 6) {
    const b = ipv6Bytes(ip);
    if (!b) return false;
    const v4 = (o: number) => `${b[o]}.${b[o + 1]}.${b[o + 2]}.${b[o + 3]}`;
    if (b.slice(0, 10).every((x) => x === 0) && b[10] === 0xff && b[11] === 0xff) return isPublicAddress(v4(12));
    if (b[0] === 0x20 && b[1] === 0x02 && !isPublicAddress(v4(2))) return false;
  }
  return !BLOCKED.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}
