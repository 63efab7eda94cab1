import { bulkPeriodApplies, registrationPeriodOptions, renewalPeriodOptions } from './periods';

describe('registrationPeriodOptions', () => {
  it('offers 1 to 10 years for a 1-year TLD', () => {
    expect(registrationPeriodOptions('example.com', { minimum_years: 1, registration_unit: 1 })).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
  it('starts at the minimum years', () => {
    expect(registrationPeriodOptions('example.xyz', { minimum_years: 2, registration_unit: 1 })).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
  it('steps by the registration unit (.ai is 2)', () => {
    expect(registrationPeriodOptions('example.ai', { minimum_years: 2, registration_unit: 2 })).toEqual([2, 4, 6, 8, 10]);
  });
  it('uses 2-year units only under .ai, not for names that merely contain "ai"', () => {
    const yearly = { minimum_years: 1, registration_unit: 1 };
    for (const name of ['rainbow.com', 'mail.com', 'domain.com', 'example.email', 'example.training', 'aichi.jp']) {
      expect(registrationPeriodOptions(name, yearly)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    }
    expect(registrationPeriodOptions('example.ai', yearly)).toEqual([2, 4, 6, 8, 10]);
    expect(registrationPeriodOptions('EXAMPLE.AI.', yearly)).toEqual([2, 4, 6, 8, 10]);
  });
  it('gives the same options for the Unicode and the punycode form of a name (ぬどず -> xn--98j3ai)', () => {
    const yearly = { minimum_years: 1, registration_unit: 1 };
    expect(registrationPeriodOptions('ぬどず.com', yearly)).toEqual(registrationPeriodOptions('xn--98j3ai.com', yearly));
    expect(registrationPeriodOptions('xn--98j3ai.com', yearly)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(renewalPeriodOptions('ぬどず.com', yearly)).toEqual(renewalPeriodOptions('xn--98j3ai.com', yearly));
  });
});

describe('renewalPeriodOptions', () => {
  it('offers 1 to 9 years below 10', () => {
    expect(renewalPeriodOptions('example.com', { minimum_years: 1, registration_unit: 1 })).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
  it('offers 2, 4, 6, 8 for a 2-year unit', () => {
    expect(renewalPeriodOptions('example.ai', { minimum_years: 2, registration_unit: 2 })).toEqual([2, 4, 6, 8]);
  });
  it('fixes expired domains at the minimum', () => {
    expect(renewalPeriodOptions('example.com', { minimum_years: 1, registration_unit: 1 }, true)).toEqual([1]);
  });
});

describe('bulkPeriodApplies', () => {
  it('applies only at or above the minimum and on a multiple of the unit', () => {
    expect(bulkPeriodApplies(3, 'example.ai', { minimum_years: 2, registration_unit: 2 })).toBe(false);
    expect(bulkPeriodApplies(4, 'example.ai', { minimum_years: 2, registration_unit: 2 })).toBe(true);
    expect(bulkPeriodApplies(1, 'example.xyz', { minimum_years: 2, registration_unit: 1 })).toBe(false);
  });
});
