import { srsForward, srsReverse } from './srs';

const SECRET = 'test-secret';
const NOW = Date.UTC(2026, 10, 27);
const DAY = 86_400_000;

describe('SRS', () => {
  it('rewrites a sender as SRS0 at our domain and reverses it', () => {
    const r = srsForward('Alice@example.org', 'fwd.example', SECRET, NOW);
    expect(r).toMatch(/^SRS0=[A-Za-z0-9+/]{4}=[A-Z2-7]{2}=example\.org=Alice@fwd\.example$/);
    expect(srsReverse(r, 'fwd.example', SECRET, NOW + 3 * DAY)).toBe('Alice@example.org');
  });

  it('refuses a forged hash, another secret, another domain and an address too old', () => {
    const r = srsForward('alice@example.org', 'fwd.example', SECRET, NOW);
    const forged = r.replace(/^SRS0=(....)/, 'SRS0=AAAA');
    expect(srsReverse(forged, 'fwd.example', SECRET, NOW)).toBeNull();
    expect(srsReverse(r, 'fwd.example', 'other', NOW)).toBeNull();
    expect(srsReverse(r, 'else.example', SECRET, NOW)).toBeNull();
    expect(srsReverse(r, 'fwd.example', SECRET, NOW + 30 * DAY)).toBeNull();
  });

  it('turns another forwarder\'s SRS0 into SRS1 naming it, and reverses to its address', () => {
    const first = srsForward('alice@example.org', 'first.example', 'first-secret', NOW);
    const second = srsForward(first, 'fwd.example', SECRET, NOW);
    expect(second).toMatch(/^SRS1=....=first\.example==....=..=example\.org=alice@fwd\.example$/);
    expect(srsReverse(second, 'fwd.example', SECRET, NOW)).toBe(first);
    // a third forwarder keeps naming the first
    const third = srsForward(second, 'third.example', 'third-secret', NOW);
    expect(third).toMatch(/^SRS1=....=first\.example==/);
    expect(srsReverse(third, 'third.example', 'third-secret', NOW)).toBe(first);
  });

  it('keeps the null sender null', () => {
    expect(srsForward('', 'fwd.example', SECRET, NOW)).toBe('');
  });
});
