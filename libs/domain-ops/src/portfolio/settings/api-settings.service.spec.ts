import { API_KEY_FORMAT, apiKeyHash, ipAllowed, newApiKey } from './api-settings.service';
import { isProxyAddressFormat, newProxyContactId, newProxyLocalPart } from '../../whois';

describe('API key', () => {
  it('is rk_ and 40 base62 characters, different every time, kept as a SHA-256 hex digest', () => {
    const keys = new Set(Array.from({ length: 200 }, newApiKey));
    expect(keys.size).toBe(200);
    for (const k of keys) expect(k).toMatch(API_KEY_FORMAT);
    const k = [...keys][0];
    expect(apiKeyHash(k)).toMatch(/^[0-9a-f]{64}$/);
    expect(apiKeyHash(k)).toBe(apiKeyHash(k));
  });
});

describe('allowed IPs', () => {
  it('matches addresses and CIDR blocks of both families, and IPv4-mapped IPv6', () => {
    const allowed = ['192.0.2.10', '198.51.100.0/24', '2001:db8::/32'];
    expect(ipAllowed('192.0.2.10', allowed)).toBe(true);
    expect(ipAllowed('::ffff:192.0.2.10', allowed)).toBe(true);
    expect(ipAllowed('198.51.100.77', allowed)).toBe(true);
    expect(ipAllowed('2001:db8:1::5', allowed)).toBe(true);
    expect(ipAllowed('192.0.2.11', allowed)).toBe(false);
    expect(ipAllowed('2001:db9::1', allowed)).toBe(false);
    expect(ipAllowed('not-an-ip', allowed)).toBe(false);
    expect(ipAllowed('192.0.2.10', [])).toBe(false);
  });
});

describe('proxy identities', () => {
  it('are random tokens of the documented shape', () => {
    const local = newProxyLocalPart();
    expect(local).toMatch(/^px-[a-z2-9]{20}$/);
    expect(newProxyContactId()).toMatch(/^rkpx[a-z2-9]{12}$/);
    expect(newProxyLocalPart()).not.toBe(local);
    expect(isProxyAddressFormat(`${local}@whois-proxy.rakko.example`, 'whois-proxy.rakko.example')).toBe(true);
    expect(isProxyAddressFormat(` ${local.toUpperCase()}@Whois-Proxy.rakko.example `, 'whois-proxy.rakko.example')).toBe(true);
    expect(isProxyAddressFormat(`${local}@other.example`, 'whois-proxy.rakko.example')).toBe(false);
    expect(isProxyAddressFormat('px-short@whois-proxy.rakko.example', 'whois-proxy.rakko.example')).toBe(false);
  });
});
