import { M } from '@registrar/messages';
import { isJapanesePhone, isSmsMobile, normaliseUserInfo, validateEmail, validatePassword, validateSmsCode, validateSmsPhone, validateUserInfo } from './user-info';

const jp = {
  last_name: '山田', first_name: '太郎', type: 1, company_name: '', address_type: 0,
  post_code: '104-0061', prefecture: '東京都', country_code: 'JP', address1: '中央区', address2: '銀座1-2-3', address3: '', phone: '090-1234-5678',
};

describe('validateUserInfo', () => {
  it('accepts a complete Japanese individual', () => expect(validateUserInfo(jp)).toEqual({}));

  it('needs both last and first name', () => {
    expect(validateUserInfo({ ...jp, last_name: ' ' })).toEqual({ last_name: '姓を正しく入力してください' });
    expect(validateUserInfo({ ...jp, first_name: '' })).toEqual({ first_name: '名を正しく入力してください' });
  });

  it('needs a company name for a corporate user only', () => {
    expect(validateUserInfo({ ...jp, type: 2 })).toEqual({ company_name: '会社名を正しく入力してください' });
    expect(validateUserInfo({ ...jp, type: 2, company_name: '株式会社テスト' })).toEqual({});
    expect(validateUserInfo({ ...jp, type: 3 })).toEqual({ type: '種別を正しく入力してください' });
  });

  it('takes a Japanese postal code of exactly 7 digits, hyphens stripped', () => {
    expect(validateUserInfo({ ...jp, post_code: '1040061' })).toEqual({});
    expect(validateUserInfo({ ...jp, post_code: '104-006' }).post_code).toBe('郵便番号を正しく入力してください');
    expect(validateUserInfo({ ...jp, post_code: '10400611' }).post_code).toBe('郵便番号を正しく入力してください');
  });

  it('takes a foreign postal code of 4 to 10 capital letters and digits', () => {
    const abroad = { ...jp, address_type: 1, country_code: 'US', prefecture: 'CA', phone: '+1 415.555-0100' };
    expect(validateUserInfo({ ...abroad, post_code: '94105' })).toEqual({});
    expect(validateUserInfo({ ...abroad, post_code: 'SW1A1AA' })).toEqual({});
    expect(validateUserInfo({ ...abroad, post_code: '123' }).post_code).toBe('郵便番号を正しく入力してください');
    expect(validateUserInfo({ ...abroad, post_code: 'SW1A 1AA' }).post_code).toBe('郵便番号を正しく入力してください');
    expect(validateUserInfo({ ...abroad, country_code: 'JP' }).country_code).toBe('国を正しく入力してください');
  });

  it('requires a prefecture in Japan and both address lines', () => {
    expect(validateUserInfo({ ...jp, prefecture: '' }).prefecture).toBe('都道府県を正しく入力してください');
    expect(validateUserInfo({ ...jp, address1: '' }).address1).toBe('市区町村を正しく入力してください');
    expect(validateUserInfo({ ...jp, address2: '' }).address2).toBe('番地を正しく入力してください');
  });

  it('refuses an address2 equal to the looked-up street', () => {
    expect(validateUserInfo({ ...jp, address2: '銀座' }, { lookedUpAddress2: '銀座' }).address2).toBe('番地を正しく入力してください');
    expect(validateUserInfo({ ...jp, address2: '銀座1-2-3' }, { lookedUpAddress2: '銀座' })).toEqual({});
  });

  it('checks Japanese phones as mobile or landline without hyphens', () => {
    expect(validateUserInfo({ ...jp, phone: '0312345678' })).toEqual({});
    expect(validateUserInfo({ ...jp, phone: '050-1234-5678' })).toEqual({});
    expect(validateUserInfo({ ...jp, phone: '12345' }).phone).toBe(M.phoneNoHyphen);
    expect(validateUserInfo({ ...jp, phone: '09012345' }).phone).toBe('電話番号をハイフンなしで正しく入力してください');
  });

  it('allows digits, full-width digits, plus, dashes and dots abroad', () => {
    const abroad = { ...jp, address_type: 1, country_code: 'US', post_code: '94105' };
    expect(validateUserInfo({ ...abroad, phone: '+１ 415.555-0100' })).toEqual({});
    expect(validateUserInfo({ ...abroad, phone: 'call me' }).phone).toBe('電話番号を正しく入力してください');
  });
});

describe('normaliseUserInfo', () => {
  it('strips hyphens, sets JP and drops the company of an individual', () => {
    expect(normaliseUserInfo({ ...jp, company_name: 'x' })).toMatchObject({ post_code: '1040061', phone: '09012345678', country_code: 'JP', company_name: null, address3: null });
  });
});

describe('SMS rules', () => {
  it('sends only to 070, 080 and 090 numbers', () => {
    expect(isSmsMobile('070-1234-5678')).toBe(true);
    expect(isSmsMobile('08012345678')).toBe(true);
    expect(isSmsMobile('０９０１２３４５６７８')).toBe(true);
    expect(isSmsMobile('05012345678')).toBe(false);
    expect(isSmsMobile('0312345678')).toBe(false);
    expect(isJapanesePhone('05012345678')).toBe(true);
  });
  it('names an empty phone, a non-mobile phone and an empty code', () => {
    expect(validateSmsPhone('')).toBe('電話番号を入力してください');
    expect(validateSmsPhone('0312345678')).toBe(M.smsMobileOnly);
    expect(validateSmsPhone('09012345678')).toBeNull();
    expect(validateSmsCode(' ')).toBe('SMS認証番号は必ず指定してください');
    expect(validateSmsCode('123456')).toBeNull();
  });
});

describe('account rules', () => {
  it('checks e-mail addresses and password length', () => {
    expect(validateEmail('a@example.com')).toBeNull();
    expect(validateEmail('a@b')).toBe('メールアドレスを正しく入力してください');
    expect(validatePassword('short')).toBe(M.passwordRule);
    expect(validatePassword('long enough')).toBeNull();
  });
});
