import { daysBetweenJst, formatDateJst, formatDateTimeJst, nextMonthKey, startOfNextTokyoMonth, tokyoMonthKey } from './dates';

describe('Tokyo dates', () => {
  it('formats the Tokyo calendar day, not the UTC one', () => {
    expect(formatDateJst(new Date('2026-11-21T15:00:00Z'))).toBe('2026-11-22');
    expect(formatDateJst(new Date('2026-11-21T14:59:59Z'))).toBe('2026-11-21');
    expect(formatDateTimeJst(new Date('2026-01-01T00:05:00Z'))).toBe('2026-01-01 09:05');
  });
  it('agrees with the Intl time-zone database on instants across the years (the fast UTC+9 path)', () => {
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const viaIntl = (d: Date) => {
      const p = Object.fromEntries(intl.formatToParts(d).map((x) => [x.type, x.value]));
      return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
    };
    for (let t = Date.UTC(1949, 0, 1); t < Date.UTC(2101, 0, 1); t += 86_400_000 * 101 + 3_600_000 * 7 + 60_000 * 13) {
      const d = new Date(t);
      expect(formatDateTimeJst(d)).toBe(viaIntl(d));
      expect(formatDateJst(d)).toBe(viaIntl(d).slice(0, 10));
    }
  });
  it('knows the Tokyo month and the next one', () => {
    expect(tokyoMonthKey(new Date('2026-11-30T15:30:00Z'))).toBe('2026-12');
    expect(nextMonthKey('2026-12')).toBe('2027-01');
  });
  it('resets at 00:00 Tokyo on the 1st', () => {
    expect(startOfNextTokyoMonth(new Date('2026-11-22T00:00:00Z')).toISOString()).toBe('2026-11-30T15:00:00.000Z');
  });
  it('counts whole Tokyo days', () => {
    expect(daysBetweenJst('2026-11-22T00:00:00+09:00', '2026-12-07T23:00:00+09:00')).toBe(15);
  });
});
