import { PROXY_ADDRESS_BEAT } from '@registrar/contracts';
import { ownBeatSentAt, publishedBeat } from './proxy-address-relay';

describe('ProxyAddressRelay beats (ADR 0056)', () => {
  it('relays only its own beats: another relay\'s beat, a change or a malformed beat is not one of its own', () => {
    expect(ownBeatSentAt(`${PROXY_ADDRESS_BEAT} 1000 aa11 1700000000123`, 'aa11')).toBe(1_700_000_000_123);
    expect(ownBeatSentAt(`${PROXY_ADDRESS_BEAT} 1000 bb22 1700000000123`, 'aa11')).toBeNull();
    expect(ownBeatSentAt(`${PROXY_ADDRESS_BEAT} 1000`, 'aa11')).toBeNull();
    expect(ownBeatSentAt(`${PROXY_ADDRESS_BEAT} 1000 aa11 x`, 'aa11')).toBeNull();
    expect(ownBeatSentAt('px-abc@whois-proxy.rakko.example', 'aa11')).toBeNull();
  });

  it('publishes a beat with its age, from its NOTIFY to the publish, and the time of its NOTIFY (a relay that lagged says so)', () => {
    expect(publishedBeat(1_000, 10_000, 10_004)).toBe(`${PROXY_ADDRESS_BEAT} 1000 4 10000`);
    expect(publishedBeat(1_000, 10_000, 17_000)).toBe(`${PROXY_ADDRESS_BEAT} 1000 7000 10000`);
    expect(publishedBeat(1_000, 10_000, 9_990)).toBe(`${PROXY_ADDRESS_BEAT} 1000 0 10000`);
  });
});
