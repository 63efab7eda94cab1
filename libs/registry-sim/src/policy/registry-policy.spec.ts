import { RegistryPolicy } from './registry-policy';

describe(RegistryPolicy.name, () => {
  const sut = new RegistryPolicy();

  it('puts each TLD in its group', () => {
    expect(sut.groupOf('com')).toBe('gtld');
    expect(sut.groupOf('xn--tckwe')).toBe('gtld');
    expect(sut.groupOf('jp')).toBe('jp');
    expect(sut.groupOf('tokyo.jp')).toBe('jp');
    expect(sut.groupOf('co.jp')).toBe('cojp');
    expect(sut.groupOf('de')).toBe('cctld');
    expect(sut.groupOf('cn')).toBe('cctld-no-transfer');
  });

  it('has the registry rules of each group', () => {
    expect(sut.forTld('com')).toMatchObject({ maxCheck: 50, transferLockDays: 60, transferAutoApproveDays: 5, redemptionDays: 30, pendingDeleteDays: 5, onExpiry: 'autoRenew' });
    expect(sut.forTld('co.jp')).toMatchObject({ onePerOrganisation: true, provisionalMonths: 6, transferLockDays: 0, transferMinDaysBeforeExpiry: 31 });
    expect(sut.forTld('cn').transfer).toBe(false);
  });

  it('lets a check of up to 25 names across any TLDs through (the availability service batch)', () => {
    expect(sut.maxCheckFor(['com', 'jp', 'co.jp', 'de', 'cn', 'tokyo.jp'])).toBeGreaterThanOrEqual(25);
  });
});
