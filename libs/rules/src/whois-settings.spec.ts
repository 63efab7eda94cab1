import { M } from '@registrar/messages';
import {
  apiGateOpen, contactRoleLabel, isAllowedIpEntry, isCoJpLike, jpContactCountryOk, normaliseNameServers, parseAllowedIps, validateApiSettings, validateNameServers,
} from './whois-settings';

describe('WHOIS change rules', () => {
  it('.co.jp goes through the organisation form; other .jp names need JP contacts for all four roles', () => {
    expect(isCoJpLike('example.co.jp')).toBe(true);
    expect(isCoJpLike('example.jp')).toBe(false);
    expect(jpContactCountryOk('example.jp', ['JP', 'jp', 'JP', 'JP'])).toBe(true);
    expect(jpContactCountryOk('example.jp', ['JP', 'US', 'JP', 'JP'])).toBe(false);
    expect(jpContactCountryOk('example.ne.jp', ['US'])).toBe(false);
    expect(jpContactCountryOk('example.co.jp', ['US'])).toBe(true);
    expect(jpContactCountryOk('example.com', ['US', 'US', 'US', 'US'])).toBe(true);
  });

  it('labels roles 1/I and 2/R, anything else as unknown', () => {
    expect([1, 'I', 2, 'R', 3, null, 'x'].map(contactRoleLabel)).toEqual(['個人', '個人', '組織', '組織', M.unknownContactRole, M.unknownContactRole, M.unknownContactRole]);
  });
});

describe('name servers of default settings', () => {
  it('takes a list or a comma string, trimmed, lower-cased, blanks dropped', () => {
    expect(normaliseNameServers(' NS1.Example.com , ,ns2.example.com')).toEqual(['ns1.example.com', 'ns2.example.com']);
    expect(normaliseNameServers(['A.example', '', '  '])).toEqual(['a.example']);
  });
  it('needs 2 to 8, no duplicates, only letters, digits, dot and hyphen', () => {
    expect(validateNameServers(['a.example'])).toBe(M.nsAtLeastTwo);
    expect(validateNameServers(Array.from({ length: 9 }, (_, i) => `ns${i}.example`))).toBe(M.nsMaxEight);
    expect(validateNameServers(['a.example', 'a_b.example'])).toBe(M.nsBadChars);
    expect(validateNameServers(['a.example', 'A.example'])).toBe(M.nsDuplicate);
    expect(validateNameServers(['01.dnsv.jp', '02.dnsv.jp'])).toBeNull();
  });
});

describe('API settings', () => {
  it('parses allowed IPs one per line, trimmed and de-duplicated; accepts v4, v6 and CIDR', () => {
    expect(parseAllowedIps(' 192.0.2.1 \n\n192.0.2.1\r\n2001:db8::1\n')).toEqual(['192.0.2.1', '2001:db8::1']);
    expect(['192.0.2.1', '192.0.2.0/24', '2001:db8::/32', '::1'].every(isAllowedIpEntry)).toBe(true);
    expect(['256.1.1.1', '192.0.2.0/33', 'example.com', '1.2.3', '1::2::3', '<b>'].some(isAllowedIpEntry)).toBe(false);
    // issue 23, finding 11: every address is refused, with its own message
    for (const all of ['0.0.0.0/0', '::/0', '192.0.2.1/0']) {
      expect(validateApiSettings({ isApiEnabled: true, isIpRestriction: true, apiAllowedIps: [all] }, { domainCount: 9, point: 0, wasEnabled: true })).toEqual([M.apiIpAllowsAll.replace('{ip}', all)]);
    }
  });
  it('gives the spec messages: restriction needs API on and IPs; turning on needs 10 domains or 10,000 RP', () => {
    const gate = { domainCount: 0, point: 0, wasEnabled: false };
    expect(validateApiSettings({ isApiEnabled: false, isIpRestriction: true, apiAllowedIps: [] }, gate)).toEqual([M.apiNeedsApiOn, M.apiNeedsIps]);
    expect(validateApiSettings({ isApiEnabled: true, isIpRestriction: false, apiAllowedIps: [] }, gate)).toEqual([M.apiRequirement]);
    expect(validateApiSettings({ isApiEnabled: true, isIpRestriction: false, apiAllowedIps: [] }, { ...gate, point: 10_000 })).toEqual([]);
    expect(validateApiSettings({ isApiEnabled: true, isIpRestriction: false, apiAllowedIps: [] }, { ...gate, wasEnabled: true })).toEqual([]);
    expect(apiGateOpen(10, 0)).toBe(true);
    expect(apiGateOpen(9, 9_999)).toBe(false);
  });
});
