import { parseTransferLines, transferEligibilityError, transferEntryError, transferPrice } from './transfer-in';

describe('transfer-in rules', () => {
  it('reads one name per line with an optional AUTHCODE after comma, tab, space or full-width space', () => {
    expect(parseTransferLines(' Example.com,abc\nfoo.net\tdef\n\nbar.jp　ghi\nbaz.org  jkl extra\n')).toEqual([
      { name: 'example.com', authcode: 'abc' }, { name: 'foo.net', authcode: 'def' }, { name: 'bar.jp', authcode: 'ghi' }, { name: 'baz.org', authcode: 'jkl' },
    ]);
  });

  it('accepts full-width input and converts it (names, dots, separators and AUTHCODEs)', () => {
    expect(parseTransferLines('ＥＸＡＭＰＬＥ．ＣＯＭ，ａｂｃ１２３\nれい。ｊｐ　ＸＹＺ\nfoo｡net')).toEqual([
      { name: 'example.com', authcode: 'abc123' }, { name: 'れい.jp', authcode: 'XYZ' }, { name: 'foo.net', authcode: '' },
    ]);
    expect(transferEntryError(parseTransferLines('ｅｘａｍｐｌｅ．ｃｏｍ'), ['com'])).toBeNull();
  });

  it('gives the spec messages for a line without a dot and a TLD not transferable', () => {
    const tlds = ['com', 'jp', 'co.jp'];
    expect(transferEntryError([], tlds)).toBe('ドメイン名を正しくご入力ください');
    expect(transferEntryError(parseTransferLines('example'), tlds)).toBe('ドメイン名を正しくご入力ください');
    expect(transferEntryError(parseTransferLines('a.com\nb.xyz'), tlds)).toBe('移管対象外のTLDが含まれています');
    expect(transferEntryError(parseTransferLines('a.com\nb.co.jp\nc.jp'), tlds)).toBeNull();
  });

  it('needs 15 days to expiry (31 for .jp) and 60 days since registration or transfer (not .jp)', () => {
    const now = new Date('2026-06-01T03:00:00Z');
    const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
    expect(transferEligibilityError({ tld: 'com', now, exDate: days(14), crDate: days(-400) })).toBe('有効期限まで15日以上あるドメインのみ移管できます');
    expect(transferEligibilityError({ tld: 'com', now, exDate: days(15), crDate: days(-400) })).toBeNull();
    expect(transferEligibilityError({ tld: 'jp', now, exDate: days(30), crDate: days(-400) })).toBe('有効期限まで31日以上あるドメインのみ移管できます');
    expect(transferEligibilityError({ tld: 'com', now, exDate: days(300), crDate: days(-59) })).toBe('登録または移管から60日以内のドメインは移管できません');
    expect(transferEligibilityError({ tld: 'com', now, exDate: days(300), crDate: days(-400), trDate: days(-10) })).toBe('登録または移管から60日以内のドメインは移管できません');
    expect(transferEligibilityError({ tld: 'jp', now, exDate: days(300), crDate: days(-5) })).toBeNull();
  });

  it('makes .jp free and charges the transfer price elsewhere', () => {
    expect(transferPrice('jp', { transfer: 1000, renew: 1200 })).toBe(0);
    expect(transferPrice('co.jp', { transfer: 4000, renew: 4000 })).toBe(4000);
    expect(transferPrice('com', { transfer: 1500, renew: 1600 })).toBe(1500);
  });
});
