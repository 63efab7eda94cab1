/**
 * User information registration rules (000 spec §5 "User information", §2) and the SMS phone rule (§5 "SMS").
 * Shared by the web form and the server (the server is the authority). Messages come from the catalogue.
 */
import { fmt, M } from '@registrar/messages';

export const UserType = { Individual: 1, Corporate: 2 } as const;
export const AddressType = { Japan: 0, Abroad: 1 } as const;

export interface UserInfoInput {
  last_name?: string | null;
  first_name?: string | null;
  /** 1 individual, 2 corporate */
  type?: number | string | null;
  company_name?: string | null;
  /** 0 Japan, 1 abroad */
  address_type?: number | string | null;
  post_code?: string | null;
  prefecture?: string | null;
  country_code?: string | null;
  address1?: string | null;
  address2?: string | null;
  address3?: string | null;
  phone?: string | null;
}

export type UserInfoField = keyof UserInfoInput;
export type UserInfoErrors = Partial<Record<UserInfoField, string>>;

/** Field names used in "〜を正しく入力してください". */
export const USER_INFO_LABELS: Record<UserInfoField, string> = {
  last_name: '姓',
  first_name: '名',
  type: '種別',
  company_name: '会社名',
  address_type: '住所区分',
  post_code: '郵便番号',
  prefecture: '都道府県',
  country_code: '国',
  address1: '市区町村',
  address2: '番地',
  address3: '建物名',
  phone: '電話番号',
};

export const PREFECTURES = [
  '北海道', '青森県', '岩手県', '宮城県', '秋田県', '山形県', '福島県', '茨城県', '栃木県', '群馬県', '埼玉県', '千葉県', '東京都', '神奈川県',
  '新潟県', '富山県', '石川県', '福井県', '山梨県', '長野県', '岐阜県', '静岡県', '愛知県', '三重県', '滋賀県', '京都府', '大阪府', '兵庫県',
  '奈良県', '和歌山県', '鳥取県', '島根県', '岡山県', '広島県', '山口県', '徳島県', '香川県', '愛媛県', '高知県', '福岡県', '佐賀県', '長崎県',
  '熊本県', '大分県', '宮崎県', '鹿児島県', '沖縄県',
] as const;

const trim = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());
/** Hyphens of every width are stripped from postal codes and phone numbers. */
export const stripHyphens = (v: unknown): string => trim(v).replace(/[-‐‑‒–—―−ー－]/g, '');
/** Full-width digits to ASCII. */
export const toHalfWidthDigits = (v: string): string => v.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));

export function normalisePostCode(v: unknown, japan: boolean): string {
  const s = toHalfWidthDigits(stripHyphens(v));
  return japan ? s : s.toUpperCase();
}

export function normalisePhone(v: unknown): string {
  return toHalfWidthDigits(stripHyphens(v));
}

/** JP phone: mobile 0[5-9]0 + 8 digits, or a landline of 10 digits starting with 0 (hyphens stripped). */
export function isJapanesePhone(v: unknown): boolean {
  const p = normalisePhone(v);
  return /^0[5-9]0\d{8}$/.test(p) || /^0[1-9]\d{8}$/.test(p);
}

/** Non-JP phone: digits, full-width digits, plus, dashes and dots. */
export function isForeignPhone(v: unknown): boolean {
  const p = trim(v);
  return p.length > 0 && p.length <= 30 && /^[0-9０-９+＋\-‐－.．\s]+$/.test(p) && /[0-9０-９]/.test(p);
}

/** SMS goes only to domestic mobile numbers beginning 070, 080 or 090. */
export function isSmsMobile(v: unknown): boolean {
  return /^0[789]0\d{8}$/.test(normalisePhone(v));
}

export function validateSmsPhone(v: unknown): string | null {
  if (!trim(v)) return M.enterPhone;
  if (!isSmsMobile(v)) return M.smsMobileOnly;
  return null;
}

export function validateSmsCode(v: unknown): string | null {
  if (!trim(v)) return M.smsCodeRequired;
  return null;
}

const wrong = (field: UserInfoField) => fmt(M.enterCorrectly, { field: USER_INFO_LABELS[field] });

/**
 * Validates the user information form. `lookedUpAddress2` is the street part filled in by the postal-code lookup:
 * address2 must differ from it (the user has to add the block and house number).
 * Returns one message per failing field; empty when valid.
 */
export function validateUserInfo(input: UserInfoInput, opts: { lookedUpAddress2?: string | null } = {}): UserInfoErrors {
  const e: UserInfoErrors = {};
  const japan = Number(input.address_type ?? 0) === AddressType.Japan;
  if (!trim(input.last_name) || trim(input.last_name).length > 50) e.last_name = wrong('last_name');
  if (!trim(input.first_name) || trim(input.first_name).length > 50) e.first_name = wrong('first_name');
  const type = Number(input.type);
  if (type !== UserType.Individual && type !== UserType.Corporate) e.type = wrong('type');
  if (type === UserType.Corporate && (!trim(input.company_name) || trim(input.company_name).length > 100)) e.company_name = wrong('company_name');
  const addressType = Number(input.address_type);
  if (addressType !== AddressType.Japan && addressType !== AddressType.Abroad) e.address_type = wrong('address_type');
  const pc = normalisePostCode(input.post_code, japan);
  if (japan ? !/^\d{7}$/.test(pc) : !/^[A-Z0-9]{4,10}$/.test(pc)) e.post_code = wrong('post_code');
  if (japan) {
    if (!(PREFECTURES as readonly string[]).includes(trim(input.prefecture))) e.prefecture = wrong('prefecture');
  } else {
    const cc = trim(input.country_code).toUpperCase();
    if (!/^[A-Z]{2}$/.test(cc) || cc === 'JP') e.country_code = wrong('country_code');
  }
  if (!trim(input.address1) || trim(input.address1).length > 100) e.address1 = wrong('address1');
  const a2 = trim(input.address2);
  const looked = trim(opts.lookedUpAddress2);
  if (!a2 || a2.length > 100 || (looked && a2 === looked)) e.address2 = wrong('address2');
  if (trim(input.address3).length > 100) e.address3 = wrong('address3');
  if (japan) {
    if (!isJapanesePhone(input.phone)) e.phone = M.phoneNoHyphen;
  } else if (!isForeignPhone(input.phone)) e.phone = wrong('phone');
  return e;
}

/** The normalised values the server stores. */
export function normaliseUserInfo(input: UserInfoInput) {
  const japan = Number(input.address_type ?? 0) === AddressType.Japan;
  const type = Number(input.type) as 1 | 2;
  return {
    last_name: trim(input.last_name),
    first_name: trim(input.first_name),
    type,
    company_name: type === UserType.Corporate ? trim(input.company_name) : null,
    address_type: (japan ? 0 : 1) as 0 | 1,
    country_code: japan ? 'JP' : trim(input.country_code).toUpperCase(),
    post_code: normalisePostCode(input.post_code, japan),
    prefecture: japan ? trim(input.prefecture) : trim(input.prefecture) || null,
    address1: trim(input.address1),
    address2: trim(input.address2),
    address3: trim(input.address3) || null,
    phone: japan ? normalisePhone(input.phone) : trim(input.phone),
  };
}

/** Account rules (sign-up, password change). */
export function validateEmail(v: unknown): string | null {
  const s = trim(v);
  if (!s || s.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s)) return fmt(M.enterCorrectly, { field: 'メールアドレス' });
  return null;
}

export function validatePassword(v: unknown): string | null {
  const s = v === null || v === undefined ? '' : String(v);
  if (s.length < 8 || s.length > 128) return M.passwordRule;
  return null;
}
