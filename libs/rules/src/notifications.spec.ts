import { notificationTitle, parseReleaseDate, validateAnnouncement, visibleAnnouncements } from './notifications';

describe('notificationTitle', () => {
  it('cuts at 62 characters and adds ...', () => {
    expect(notificationTitle('あ'.repeat(62))).toBe('あ'.repeat(62));
    expect(notificationTitle('あ'.repeat(63))).toBe(`${'あ'.repeat(62)}...`);
  });
});

describe('parseReleaseDate', () => {
  it('reads Tokyo local times and ISO, refuses impossible dates', () => {
    expect(parseReleaseDate('2026-04-01 09:00')!.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(parseReleaseDate('2026/04/01')!.toISOString()).toBe('2026-03-31T15:00:00.000Z');
    expect(parseReleaseDate('2026-02-30')).toBeNull();
    expect(parseReleaseDate('soon')).toBeNull();
  });
});

describe('validateAnnouncement', () => {
  it('accepts an empty period (hidden for good once closed) and refuses an end before the start', () => {
    expect(validateAnnouncement({ categoryId: '5', content: 'a', reDisplayPeriod: '' }).value.reDisplayPeriod).toBeNull();
    expect(validateAnnouncement({ categoryId: 1, content: 'a', startAt: '2026-01-02', endAt: '2026-01-01' }).errors).toEqual({ endAt: ['掲載終了は掲載開始より後の日時を入力してください'] });
  });
});

describe('visibleAnnouncements (002 §4)', () => {
  const now = new Date('2026-05-10T00:00:00Z');
  const a = (id: number, reDisplayPeriod: number | null) => ({ id, reDisplayPeriod });

  it('hides a closed one until reDisplayPeriod days have passed, and for good without a period', () => {
    const list = [a(1, 3), a(2, null), a(3, 3)];
    const hidden = { 1: '2026-05-08T00:00:00Z', 2: '2020-01-01T00:00:00Z', 3: '2026-05-07T00:00:00Z' };
    const r = visibleAnnouncements(list, hidden, now);
    expect(r.visible.map((x) => x.id)).toEqual([3]); // 3 days after closing it is back
    expect(r.kept).toEqual({ 1: '2026-05-08T00:00:00Z', 2: '2020-01-01T00:00:00Z' });
  });

  it('purges records of announcements no longer sent and records with unreadable dates', () => {
    const r = visibleAnnouncements([a(1, null)], { 1: 'not a date', 9: '2026-05-01T00:00:00Z', 10: 5 }, now);
    expect(r.visible.map((x) => x.id)).toEqual([1]);
    expect(r.kept).toEqual({});
    expect(visibleAnnouncements([a(1, null)], 'garbage', now).kept).toEqual({});
  });
});
