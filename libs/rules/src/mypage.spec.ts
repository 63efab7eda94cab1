import { customerRank, customerRankLabel, nextBannerIndex, sidebarCount } from './mypage';

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

describe('customerRank', () => {
  it('grows with the domains under management: scholar, bronze, silver, gold', () => {
    expect([0, 1, 9, 10, 99, 100, 5000].map(customerRank)).toEqual([0, 1, 1, 2, 2, 3, 3]);
  });
  it('names ids 1-3 and calls any other value the scholar', () => {
    expect([1, 2, 3, 0, 4, -1].map(customerRankLabel)).toEqual(['ブロンズ', 'シルバー', 'ゴールド', 'スカラー', 'スカラー', 'スカラー']);
  });
});
