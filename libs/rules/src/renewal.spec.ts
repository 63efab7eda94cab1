import { adminDomainState, isExpired, MAX_DOMAINS_PER_RENEWAL, renewalCountError, renewalPrice, renewalWindow, renewedExpiry } from './renewal';

const at = (iso: string) => new Date(iso);

describe('renewal price rule', () => {
  const com = { name: 'rakko.com', gracePeriod: 30, restorePeriod: 30 };
  it('renews at the renewal price through due date + grace, then restores, then is out of period', () => {
    const due = '2026-12-01T03:00:00Z'; // 12:00 Tokyo
    expect(renewalWindow({ ...com, dueDate: due, now: at('2026-11-01T00:00:00Z') })).toBe('renew');
    expect(renewalWindow({ ...com, dueDate: due, now: at('2026-12-31T14:59:00Z') })).toBe('renew'); // 12-31 23:59 Tokyo = day 30
    expect(renewalWindow({ ...com, dueDate: due, now: at('2026-12-31T15:00:00Z') })).toBe('restore'); // 2027-01-01 Tokyo
    expect(renewalWindow({ ...com, dueDate: due, now: at('2027-01-30T14:00:00Z') })).toBe('restore');
    expect(renewalWindow({ ...com, dueDate: due, now: at('2027-01-30T15:00:00Z') })).toBe('out');
  });

  it('closes a .jp renewal at 22:00 Tokyo on the due date', () => {
    const jp = { name: 'rakko.jp', gracePeriod: 0, restorePeriod: 30, dueDate: '2026-12-01T03:00:00Z' };
    expect(renewalWindow({ ...jp, now: at('2026-12-01T12:59:00Z') })).toBe('renew'); // 21:59 Tokyo
    expect(renewalWindow({ ...jp, now: at('2026-12-01T13:00:00Z') })).toBe('restore'); // 22:00 Tokyo
    expect(renewalWindow({ ...jp, restorePeriod: 0, now: at('2026-12-01T13:00:00Z') })).toBe('out');
  });

  it('prices restore as the restore fee (one year included) plus the renewal for further years', () => {
    expect(renewalPrice('renew', { renew: 1_500, restore: 9_000 }, 2)).toBe(3_000);
    expect(renewalPrice('restore', { renew: 1_500, restore: 9_000 }, 2)).toBe(10_500);
    expect(renewalPrice('out', { renew: 1_500, restore: 9_000 }, 1)).toBe(0);
  });

  it('is expired from the day after the due date', () => {
    expect(isExpired('2026-12-01T03:00:00Z', at('2026-12-01T14:00:00Z'))).toBe(false);
    expect(isExpired('2026-12-01T03:00:00Z', at('2026-12-01T15:00:00Z'))).toBe(true);
  });
});

describe('renewal count', () => {
  it('allows up to 100 domains in one renewal and refuses more with the server\'s message', () => {
    expect(MAX_DOMAINS_PER_RENEWAL).toBe(100);
    expect(renewalCountError(1)).toBeNull();
    expect(renewalCountError(100)).toBeNull();
    expect(renewalCountError(101)).toBe('一度に更新できるドメインは100件までです');
  });
});

describe('renewedExpiry', () => {
  it('adds the years to the current expiry, before payment', () => {
    expect(renewedExpiry('2026-12-10', 1)).toBe('2027-12-10');
    expect(renewedExpiry('2026-12-10 23:59:59', 3)).toBe('2029-12-10');
  });
  it('lands a 29 February on the 28th of a common year, and keeps it in a leap year', () => {
    expect(renewedExpiry('2028-02-29', 1)).toBe('2029-02-28');
    expect(renewedExpiry('2028-02-29', 4)).toBe('2032-02-29');
  });
  it('answers null without an expiry or a period', () => {
    expect(renewedExpiry(null, 1)).toBeNull();
    expect(renewedExpiry('2026-12-10', 0)).toBeNull();
  });
});

describe('adminDomainState (issue 26: an expired domain is not "active" on the admin page)', () => {
  const now = new Date('2026-11-27T03:00:00Z');
  it('says expired, with its due date, for an active row past its due date (Tokyo days)', () => {
    expect(adminDomainState({ status: 'active', due_date: '2026-11-20T00:00:00Z' }, now)).toEqual({ label: '期限切れ（2026/11/20）', color: 'red', flags: [] });
    expect(adminDomainState({ status: 'active', due_date: '2026-11-27T00:00:00Z' }, now).label).toBe('有効');
  });
  it('names pending, provisional and the trash, admin-lock and listing flags', () => {
    expect(adminDomainState({ status: 'pending' }, now).label).toBe('登録処理中');
    expect(adminDomainState({ status: 'provisional' }, now).label).toBe('仮登録（本登録待ち）');
    expect(adminDomainState({ status: 'active', due_date: '2027-01-01', is_trash: true, admin_lock_status: 1, market_listing_id: 5 }, now))
      .toEqual({ label: '有効', color: 'green', flags: ['ゴミ箱', '管理ロック中', '出品中'] });
  });
});
