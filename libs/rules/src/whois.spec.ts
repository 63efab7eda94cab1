import { M } from '@registrar/messages';
import { isCoJp, isSlashDate, missingJpFields, needsWhoisContact, normaliseStaff, tokyoDateSlash, validateJpWhois, validateWhoisContact, type JpOrgInput, type JpStaffInput, type JpWhoisInput } from './whois';

const staff: JpStaffInput = {
  role: 'organization', last_name: 'Yamada', first_name: 'Taro', last_name_jp: '山田', first_name_jp: '太郎', organization: 'Example Inc.', organization_jp: '株式会社例',
  email: 'taro@example.jp', cc: 'JP', pc: '1000001', sp: 'Tokyo', city: 'Chiyoda-ku', street1: '1-1 Chiyoda', phone: '0312345678',
};
const org: JpOrgInput = { ...staff, organization_type: 10, registration_address: '東京都千代田区千代田1-1', registration_date: '2020/04/01' };
const input = (over: Partial<JpWhoisInput> = {}, contact: JpWhoisInput['contact'] = {}): JpWhoisInput => ({
  contact: { org, reg: staff, ...contact }, preRegister: false, isDifferentTec: false, isDifferentAdm: false, isDifferentBil: false, ...over,
});

describe('isCoJp / needsWhoisContact', () => {
  it('finds .co.jp names only', () => {
    expect(isCoJp('example.co.jp')).toBe(true);
    expect(isCoJp('EXAMPLE.CO.JP')).toBe(true);
    expect(isCoJp('example.jp')).toBe(false);
    expect(isCoJp('co.jp.example.com')).toBe(false);
  });
  it('asks for a WHOIS contact when the TLD cannot proxy and the name is not .co.jp', () => {
    expect(needsWhoisContact('example.ca', false)).toBe(true);
    expect(needsWhoisContact('example.co.jp', false)).toBe(false);
    expect(needsWhoisContact('example.com', true)).toBe(false);
    expect(needsWhoisContact('example.com', null)).toBe(false);
  });
});

describe('validateWhoisContact', () => {
  const good = { email: 'a@example.jp', last_name: '山田', first_name: '太郎', role: 1, cc: 'JP', pc: '100-0001', sp: '東京都', city: '千代田区', street1: '千代田1-1', phone: '03-1234-5678' };
  it('accepts a complete contact', () => expect(validateWhoisContact(good)).toEqual({}));
  it('names each wrong field', () => {
    const e = validateWhoisContact({ ...good, email: 'x', pc: '12345', phone: '123', role: 2, organization: '' });
    expect(Object.keys(e).sort()).toEqual(['email', 'organization', 'pc', 'phone']);
    expect(e.pc).toBe('郵便番号を正しく入力してください');
  });
  it('applies the abroad ranges', () => {
    expect(validateWhoisContact({ ...good, cc: 'US', pc: '94105', sp: 'CA', phone: '4155550100' })).toEqual({});
    expect(validateWhoisContact({ ...good, cc: 'US', pc: '12', phone: '123456' })).toEqual({ pc: expect.any(String), phone: expect.any(String) });
  });
  it('checks the optional fax only when given', () => {
    expect(validateWhoisContact({ ...good, fax: '' })).toEqual({});
    expect(validateWhoisContact({ ...good, fax: '12' }).fax).toBe('FAX番号を正しく入力してください');
  });
  it('limits lengths', () => expect(validateWhoisContact({ ...good, street2: 'x'.repeat(51), last_name: 'x'.repeat(51) })).toEqual({ street2: expect.any(String), last_name: expect.any(String) }));
});

describe('validateJpWhois', () => {
  const today = '2026/11/22';
  it('passes a complete form', () => expect(validateJpWhois(input(), today)).toEqual([]));
  it('requires the organisation and the registrant', () => {
    expect(validateJpWhois(input({}, { org: {}, reg: {} }), today)).toEqual([M.orgMissing, M.registrantMissing]);
  });
  it('requires technical, admin and billing only when their box is checked', () => {
    expect(validateJpWhois(input({ isDifferentTec: true, isDifferentAdm: true, isDifferentBil: true }), today)).toEqual([M.techMissing, M.adminMissing, M.billingMissing]);
    expect(validateJpWhois(input({ isDifferentTec: true }, { tec: staff }), today)).toEqual([]);
  });
  it('refuses a future registration date unless provisional, where the date is not needed', () => {
    expect(validateJpWhois(input({}, { org: { ...org, registration_date: '2026/11/23' } }), today)).toEqual([M.futureRegistrationDate]);
    expect(validateJpWhois(input({}, { org: { ...org, registration_date: '2026/11/22' } }), today)).toEqual([]);
    expect(validateJpWhois(input({ preRegister: true }, { org: { ...org, registration_date: '' } }), today)).toEqual([]);
    expect(validateJpWhois(input({}, { org: { ...org, registration_date: '' } }), today)).toEqual([M.orgMissing]);
  });
  it('requires the same organisation name in org and registrant', () => {
    expect(validateJpWhois(input({}, { reg: { ...staff, organization_jp: '別の会社' } }), today)).toEqual([M.orgNameMismatch]);
  });
  it('lists what a section lacks', () => {
    expect(missingJpFields('org', { ...org, registration_date: '' }, true)).toEqual([]);
    expect(missingJpFields('staff', { ...staff, role: 'organization', organization: '' })).toEqual(['organization']);
  });
});

describe('normaliseStaff', () => {
  it('joins an individual name into organization and clears department and position', () => {
    expect(normaliseStaff({ ...staff, role: 'individual', department: 'IT', position: 'CTO', first_name: ' Taro ' })).toMatchObject({ organization: 'Taro Yamada', organization_jp: '山田 太郎', department: '', position: '', first_name: 'Taro' });
  });
});

describe('dates', () => {
  it('formats today in Tokyo and checks calendar dates', () => {
    expect(tokyoDateSlash(new Date('2026-11-21T15:30:00Z'))).toBe('2026/11/22');
    expect(isSlashDate('2024/02/29')).toBe(true);
    expect(isSlashDate('2023/02/29')).toBe(false);
    expect(isSlashDate('2023-02-01')).toBe(false);
  });
});
