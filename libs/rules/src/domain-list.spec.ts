import { M } from '@registrar/messages';
import { bulkSelectionError, DOMAIN_BANNER_LIST_KEYS, domainBannerFilter, hasAdvancedFilter, influxSeries, isOrgJpLike, orgJpRegistrantOk, validateDomainSearch } from './domain-list';

describe('validateDomainSearch', () => {
  it('narrows to a group of TLDs by its name only', () => {
    expect(validateDomainSearch({ tldGroup: 'orgJp' })).toMatchObject({ ok: true, condition: { tldGroup: 'orgJp' } });
    expect(validateDomainSearch({ tldGroup: '.jp' })).toMatchObject({ ok: false });
  });

  it('defaults page 1, 50 a page, nearest due date first', () => {
    expect(validateDomainSearch({})).toEqual({ ok: true, condition: { validDomainPage: 1, pagingNum: 50, sort: 'dueDateAsc' } });
  });

  it('normalises the keyword (full width to half width, lower case) and keeps every filter', () => {
    const r = validateDomainSearch({ key: ' ＲＡＫＫＯ ', obtainDateStart: '2026/01/01', dueDateEnd: '2027-12-31', isDomainLock: '1', isWhoisProxy: 'processing', influxLimit: '1000', isStatus: '3', pagingNum: '100', sort: 'nameDesc', validDomainPage: '4', domainPkIds: ['3', 5] });
    expect(r).toEqual({ ok: true, condition: { key: 'rakko', obtainDateStart: '2026-01-01', dueDateEnd: '2027-12-31', isDomainLock: '1', isWhoisProxy: 'processing', influxLimit: '1000', isStatus: '3', pagingNum: 100, sort: 'nameDesc', validDomainPage: 4, domainPkIds: [3, 5] } });
  });

  it('gives the two date-range messages of the spec', () => {
    const r = validateDomainSearch({ obtainDateStart: '2026-02-01', obtainDateEnd: '2026-01-01', dueDateStart: '2026-02-01', dueDateEnd: '2026-01-31' });
    expect(r).toEqual({ ok: false, errors: [M.registrationDateRange, M.expiryDateRange], fields: [] });
  });

  it('names every other bad field after 検索条件が不正です: ', () => {
    const r = validateDomainSearch({ obtainDateStart: '2026-02-30', isAutoUpdate: '2', contact: 'x', nameServer: 'ns1;drop', influxLimit: '5', isStatus: '0', validDomainPage: '0', pagingNum: '1000000', sort: 'id' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toEqual([`${M.badSearchCondition}登録日（開始）, 自動更新, WHOIS情報, ネームサーバー, 推定流入数, ステータス, ページ, 表示件数, 並び順`]);
  });

  it('refuses more than 1000 ids and non-numeric ids', () => {
    expect(validateDomainSearch({ domainPkIds: Array.from({ length: 1001 }, (_, i) => i + 1) }).ok).toBe(false);
    expect(validateDomainSearch({ domainPkIds: ['1', '1 OR 1=1'] }).ok).toBe(false);
  });
});

describe('bulkSelectionError', () => {
  it('needs 1 to 1000 domains', () => {
    expect(bulkSelectionError(0)).toBe(M.selectDomain);
    expect(bulkSelectionError(1)).toBeNull();
    expect(bulkSelectionError(1000)).toBeNull();
    expect(bulkSelectionError(1001)).toBe(M.bulkLimit1000);
  });
});

describe('influxSeries', () => {
  it('is 12 monthly points ending this month, padded with zeros', () => {
    expect(influxSeries([{ month: '2026-11', influx: 5 }, { month: '2026-01', influx: 2 }, { month: '2025-11', influx: 9 }], '2026-11')).toEqual([0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5]);
  });
});

describe('domainBannerFilter (the one rule of a banner count and its link)', () => {
  it('is a valid list condition for every item, on the valid tab', () => {
    for (const key of DOMAIN_BANNER_LIST_KEYS) {
      const v = validateDomainSearch(domainBannerFilter(key, '2026-11-27'));
      expect(v.ok).toBe(true);
      if (v.ok) expect(v.condition.domainType).toBeUndefined();
    }
  });

  it('leaves trashed domains out of every item but the trash, also where an advanced field would let them in', () => {
    for (const key of DOMAIN_BANNER_LIST_KEYS.filter((k) => k !== 'trashed')) {
      const f = domainBannerFilter(key, '2026-11-27');
      if (hasAdvancedFilter(f as never)) expect(f.isTrash).toBe('0');
      else expect(f.isTrash).toBeUndefined();
    }
    expect(domainBannerFilter('expiringSoon', '2026-11-27').isTrash).toBe('0');
    expect(domainBannerFilter('whoisProcessing', '2026-11-27')).toEqual({ isWhoisProxy: 'processing', isTrash: '0' });
    expect(domainBannerFilter('trashed', '2026-11-27')).toEqual({ isTrash: '1' });
  });

  it('counts 15 days ahead from the Tokyo day, across a month end', () => {
    expect(domainBannerFilter('expiringSoon', '2026-11-27')).toMatchObject({ dueDateStart: '2026-11-27', dueDateEnd: '2026-12-12' });
    expect(domainBannerFilter('expiringSoon', '2026-12-20')).toMatchObject({ dueDateEnd: '2027-01-04' });
  });

  it('uses the list statuses for the 30-day and expired items', () => {
    expect(domainBannerFilter('expiringNoAutoUpdate', '2026-11-27')).toEqual({ isStatus: '2', isAutoUpdate: '0' });
    expect(domainBannerFilter('renewGrace', '2026-11-27')).toEqual({ isStatus: '3' });
    expect(domainBannerFilter('restoreGrace', '2026-11-27')).toEqual({ isStatus: '4' });
  });
});

describe('.org.jp-type (attribute-type JP) WHOIS rule (issue 26)', () => {
  it('knows the attribute-type JP names other than .co.jp', () => {
    expect(isOrgJpLike('example.or.jp')).toBe(true);
    expect(isOrgJpLike('EXAMPLE.NE.JP')).toBe(true);
    expect(isOrgJpLike('example.co.jp')).toBe(false);
    expect(isOrgJpLike('example.jp')).toBe(false);
  });
  it('wants an organisation registrant (2 or R) for them, anything for other names', () => {
    expect(orgJpRegistrantOk('example.or.jp', 2)).toBe(true);
    expect(orgJpRegistrantOk('example.or.jp', 'R')).toBe(true);
    expect(orgJpRegistrantOk('example.or.jp', 1)).toBe(false);
    expect(orgJpRegistrantOk('example.or.jp', undefined)).toBe(false);
    expect(orgJpRegistrantOk('example.com', 1)).toBe(true);
  });
});
