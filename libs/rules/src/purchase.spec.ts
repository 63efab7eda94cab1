import { M } from '@registrar/messages';
import { campaignPrices, needsPrereq, needsWhoisContact, tldOf, validatePrereq, validateWhoisContact, whoisPhoneDisplay } from './purchase';

const org = { organization: '株式会社テスト', organization_jp: '株式会社テスト', cc: 'JP', pc: '1000001', sp: 'Tokyo', city: 'Chiyoda', street1: '1-1', phone: '0312345678', email: 'a@example.jp', registration_date: '2020/04/01' };
const reg = { organization: '株式会社テスト', organization_jp: '株式会社テスト', last_name: 'Yamada', first_name: 'Taro', cc: 'JP', pc: '1000001', sp: 'Tokyo', city: 'Chiyoda', street1: '1-1', phone: '0312345678', email: 'a@example.jp' };
const base = { contact: { org, reg }, preRegister: false, isDifferentTec: false, isDifferentAdm: false, isDifferentBil: false };

describe('purchase rules', () => {
  it('knows co.jp and the WHOIS contact rule', () => {
    expect(tldOf('example.co.jp')).toBe('co.jp');
    expect(tldOf('例え.コム')).toBe('コム');
    expect(needsPrereq('a.co.jp')).toBe(true);
    expect(needsPrereq('a.jp')).toBe(false);
    expect(needsWhoisContact('a.co.jp', false)).toBe(false);
    expect(needsWhoisContact('a.us', false)).toBe(true);
    expect(needsWhoisContact('a.com', true)).toBe(false);
  });

  it('gives campaign prices to the first rows while slots remain', () => {
    const c = { register: 100, register_normal: 1000, is_register_campaign: true };
    const n = { register: 500, register_normal: 500, is_register_campaign: false };
    expect(campaignPrices([c, n, c, c], 2)).toEqual([{ price: 100, isCampaign: true }, { price: 500, isCampaign: false }, { price: 100, isCampaign: true }, { price: 1000, isCampaign: false }]);
    expect(campaignPrices([c, null], 0)).toEqual([{ price: 1000, isCampaign: false }, null]);
  });

  it('accepts a complete .co.jp WHOIS form', () => {
    expect(validatePrereq(base, '20261122')).toEqual({ errorMsg: [], errors: {} });
  });

  it('requires org and registrant, and the different contacts when checked', () => {
    const r = validatePrereq({ ...base, contact: {}, isDifferentTec: true, isDifferentAdm: true, isDifferentBil: true }, '20261122');
    expect(r.errorMsg).toEqual([M.orgMissing, M.registrantMissing, M.techMissing, M.adminMissing, M.billingMissing]);
  });

  it('refuses a future registration date unless provisional, and different organisation names', () => {
    const future = { ...base, contact: { org: { ...org, registration_date: '2027/01/01' }, reg } };
    expect(validatePrereq(future, '20261122').errorMsg).toEqual([M.futureRegistrationDate]);
    expect(validatePrereq({ ...future, preRegister: true }, '20261122').errorMsg).toEqual([]);
    const mismatch = { ...base, contact: { org, reg: { ...reg, organization: '別会社', organization_jp: '別会社' } } };
    expect(validatePrereq(mismatch, '20261122').errorMsg).toEqual([M.orgNameMismatch]);
  });

  it('gives field errors per section', () => {
    const r = validatePrereq({ ...base, contact: { org: { ...org, pc: '12' }, reg: { ...reg, email: '' } } }, '20261122');
    expect(r.errors.org?.pc).toBe('郵便番号を正しく入力してください');
    expect(r.errors.reg?.email).toBe('メールアドレスは必須です');
  });

  it('checks the WHOIS contact add form', () => {
    const ok = { email: 'a@example.com', first_name: 'Taro', last_name: 'Yamada', role: 1, cc: 'JP', pc: '100-0001', sp: 'Tokyo', city: 'Chiyoda', street1: '1-1', phone: '03-1234-5678' };
    expect(validateWhoisContact(ok)).toEqual({});
    const bad = validateWhoisContact({ ...ok, role: 2, pc: '123', phone: '123', email: 'x' });
    expect(Object.keys(bad).sort()).toEqual(['email', 'organization', 'pc', 'phone']);
    expect(validateWhoisContact({ ...ok, cc: 'US', pc: '123', phone: '1234567' })).toEqual({});
  });

  it('checks the optional fax with the phone\'s ranges', () => {
    const ok = { email: 'a@example.com', first_name: 'Taro', last_name: 'Yamada', role: 1, cc: 'JP', pc: '1000001', sp: 'Tokyo', city: 'Chiyoda', street1: '1-1', phone: '0312345678' };
    expect(validateWhoisContact({ ...ok, fax: '' })).toEqual({});
    expect(validateWhoisContact({ ...ok, fax: '03-1234-5679' })).toEqual({});
    expect(validateWhoisContact({ ...ok, fax: '123' })).toEqual({ fax: ['FAX番号は10〜20文字で入力してください'] });
    expect(validateWhoisContact({ ...ok, fax: 'abcdefghijk' }).fax).toHaveLength(1);
    expect(validateWhoisContact({ ...ok, cc: 'US', pc: '12345', fax: '1234567' })).toEqual({});
  });

  it('requires the 登記住所 from the prefecture on where the form asks for it', () => {
    const strict = { requireRegistrationAddress: true };
    expect(validatePrereq(base, '20261122', strict).errors.org?.registration_address).toBe('登記住所は必須です');
    const withAddress = (a: string) => ({ ...base, contact: { org: { ...org, registration_address: a }, reg } });
    expect(validatePrereq(withAddress('東京都千代田区千代田1-1'), '20261122', strict)).toEqual({ errorMsg: [], errors: {} });
    expect(validatePrereq(withAddress('千代田区千代田1-1'), '20261122', strict).errors.org?.registration_address).toBe(M.registrationAddressFromPrefecture);
    // callers that predate the field are not refused
    expect(validatePrereq(base, '20261122')).toEqual({ errorMsg: [], errors: {} });
  });
});

describe('WHOIS telephone (issue 26)', () => {
  const ok = { email: 'a@example.com', first_name: 'Taro', last_name: 'Yamada', role: 1, cc: 'JP', pc: '1000001', sp: 'Tokyo', city: 'Chiyoda', street1: '1-1' };
  it('accepts a Japanese number without its leading 0, as WHOIS writes it', () => {
    expect(validateWhoisContact({ ...ok, phone: '312345678' })).toEqual({});
    expect(validateWhoisContact({ ...ok, phone: '0312345678' })).toEqual({});
    expect(Object.keys(validateWhoisContact({ ...ok, phone: '12345678' }))).toEqual(['phone']);
  });
  it('shows the number as +81.312345678', () => {
    expect(whoisPhoneDisplay('81', '03-1234-5678')).toBe('+81.312345678');
    expect(whoisPhoneDisplay(81, '312345678')).toBe('+81.312345678');
    expect(whoisPhoneDisplay('1', '2025550123')).toBe('+1.2025550123');
    expect(whoisPhoneDisplay('81', '')).toBe('');
  });
});
