import { isPublicAddress } from './target-guard';

describe('isPublicAddress (the connection check\'s SSRF guard)', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '224.0.0.1', 'not-an-ip'])('refuses %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });
  it.each(['8.8.8.8', '172.32.0.1', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  // issue 23, finding 11: ranges the guard took for public
  it.each(['fec0::1', 'feff::1', '64:ff9b:1::a00:1', '64:ff9b:1:ffff::1', '::7f00:1', '::127.0.0.1', '::10.0.0.1', '::8.8.8.8', '::ffff:7f00:1', '::ffff:a9fe:a9fe',
    '0:0:0:0:0:ffff:127.0.0.1', '::ffff:0:127.0.0.1', '2002:7f00:1::1', '2002:c0a8:101::1'])('refuses %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });
  it.each(['::ffff:808:808', '2002:808:808::1', '2001:4860:4860::8888'])('still allows %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});
