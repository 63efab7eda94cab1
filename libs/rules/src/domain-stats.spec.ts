import { validateStatsQuery } from './domain-stats';

describe('validateStatsQuery (002 §4 Stats)', () => {
  it('defaults to the current year, monthly; an empty year means all periods', () => {
    expect(validateStatsQuery({}, 2026)).toEqual({ value: { year: 2026, quarter: 0 }, errors: {} });
    expect(validateStatsQuery({ year: '', quarter: '1' }, 2026).value).toEqual({ year: null, quarter: 1 });
    expect(validateStatsQuery({ year: '2025', quarter: 0 }, 2026).value).toEqual({ year: 2025, quarter: 0 });
  });
  it('refuses other years and toggles', () => {
    expect(validateStatsQuery({ year: '2030', quarter: '2' }, 2026).errors).toEqual({ year: ['年を正しく選択してください'], quarter: ['集計単位を正しく選択してください'] });
  });
});
