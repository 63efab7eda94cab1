import { nextBannerIndex, sidebarCount } from './mypage';

describe('sidebarCount', () => {
  it('shows counts up to 99 and 99+ above', () => {
    expect(sidebarCount(0)).toBe('0');
    expect(sidebarCount(99)).toBe('99');
    expect(sidebarCount(100)).toBe('99+');
    expect(sidebarCount(12_345)).toBe('99+');
  });
});

describe('nextBannerIndex', () => {
  it('always switches to a different one of the five', () => {
    for (let current = 0; current < 5; current++) {
      for (const r of [0, 0.2, 0.5, 0.74, 0.75, 0.99999]) {
        const next = nextBannerIndex(current, 5, () => r);
        expect(next).not.toBe(current);
        expect(next).toBeGreaterThanOrEqual(0);
        expect(next).toBeLessThan(5);
      }
    }
  });
  it('reaches every other banner', () => {
    const seen = new Set([0, 0.25, 0.5, 0.75].map((r) => nextBannerIndex(2, 5, () => r)));
    expect([...seen].sort()).toEqual([0, 1, 3, 4]);
  });
});
