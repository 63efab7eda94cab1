/**
 * WHOIS contact rules: the contact add form (001 spec §5 "WHOIS contact add form", also opened from the cart) and the
 * .co.jp WHOIS registration modal at purchase (000 spec §5 ".co.jp WHOIS at purchase"). Shared by the web forms and the
 * server; the server is the authority. Messages come from the catalogue.
 */
import { fmt, M } from '@registrar/messages';
import { normalisePhone, normalisePostCode } from './user-info';

export const DEFAULT_COUNTRY = 'JP';
export const DEFAULT_PHONE_COUNTRY_CODE = '81';
export const DEFAULT_ORGANIZATION_TYPE = 10;

/** The domains that need the .co.jp WHOIS registration (prereq) before purchase. */
export function isCoJp(domainName: string): boolean {
  return /\.co\.jp\.?$/i.test(domainName.trim());
}

/** A domain that cannot use WHOIS proxy needs a WHOIS contact before ordering: not .co.jp and the TLD cannot proxy. */
export function needsWhoisContact(domainName: string, canProxy: boolean | null | undefined): boolean {
  return !isCoJp(domainName) && canProxy === false;
}

// ---- WHOIS contact add form (001 §5)

export interface WhoisContactInput {
  email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  /** 1 individual, 2 organization */
  role?: number | string | null;
  organization?: string | null;
  cc?: string | null;
  pc?: string | null;
  sp?: string | null;
  city?: string | null;
  street1?: string | null;
  street2?: string | null;
  phone_country_code?: string | null;
  phone?: string | null;
  fax_country_code?: string | null;
  fax?: string | null;
}
export type WhoisContactField = keyof WhoisContactInput;

export const WHOIS_CONTACT_LABELS: Record<WhoisContactField, string> = {
  email: 'メールアドレス',
  first_name: '名',
  last_name: '姓',
  role: '種別',
  organization: '組織名',
  cc: '国',
  pc: '郵便番号',
  sp: '都道府県',
  city: '市区町村',
  street1: '住所1',
  street2: '住所2',
  phone_country_code: '電話番号の国番号',
  phone: '電話番号',
  fax_country_code: 'FAXの国番号',
  fax: 'FAX番号',
};

const t = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());
const within = (v: string, min: number, max: number) => v.length >= min && v.length <= max;

/** Field errors of the WHOIS contact add form; empty when valid. */
export function validateWhoisContact(input: WhoisContactInput): Partial<Record<WhoisContactField, string>> {
  const e: Partial<Record<WhoisContactField, string>> = {};
  const wrong = (f: WhoisContactField) => (e[f] = fmt(M.enterCorrectly, { field: WHOIS_CONTACT_LABELS[f] }));
  const jp = (t(input.cc) || DEFAULT_COUNTRY).toUpperCase() === 'JP';
  const email = t(input.email);
  if (!within(email, 3, 100) || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) wrong('email');
  if (!within(t(input.last_name), 1, 50)) wrong('last_name');
  if (!within(t(input.first_name), 1, 50)) wrong('first_name');
  const role = Number(input.role);
  if (role !== 1 && role !== 2) wrong('role');
  if (role === 2 && !within(t(input.organization), 1, 100)) wrong('organization');
  if (t(input.organization).length > 100) wrong('organization');
  if (!/^[A-Z]{2}$/i.test(t(input.cc))) wrong('cc');
  const pc = normalisePostCode(input.pc, jp);
  if (jp ? !/^\d{7}$/.test(pc) : !within(pc, 3, 16)) wrong('pc');
  if (!within(t(input.sp), 1, 20)) wrong('sp');
  if (!within(t(input.city), 1, 50)) wrong('city');
  if (!within(t(input.street1), 1, 50)) wrong('street1');
  if (t(input.street2).length > 50) wrong('street2');
  const phone = normalisePhone(input.phone);
  if (!/^\d+$/.test(phone) || (jp ? !within(phone, 10, 20) : !within(phone, 7, 20))) wrong('phone');
  const fax = normalisePhone(input.fax);
  if (fax && (!/^\d+$/.test(fax) || (jp ? !within(fax, 10, 20) : !within(fax, 7, 20)))) wrong('fax');
  return e;
}

// ---- .co.jp WHOIS registration at purchase (000 §5)

export interface JpStaffInput {
  role?: 'individual' | 'organization';
  first_name?: string; last_name?: string; first_name_jp?: string; last_name_jp?: string;
  organization?: string; organization_jp?: string; department?: string; department_jp?: string;
  position?: string; position_jp?: string;
  cc?: string; pc?: string; sp?: string; city?: string; city_jp?: string;
  street1?: string; street1_jp?: string; street2?: string; street2_jp?: string;
  phone_country_code?: string; phone?: string; fax_country_code?: string; fax?: string; email?: string;
}
export interface JpOrgInput extends JpStaffInput {
  organization_type?: number;
  organization_kana?: string;
  registration_date?: string;
  registration_address?: string;
  name?: string; name_jp?: string;
}

/** What a staff contact must have to count as entered. */
export const JP_STAFF_REQUIRED = ['last_name', 'first_name', 'last_name_jp', 'first_name_jp', 'email', 'cc', 'pc', 'sp', 'city', 'street1', 'phone'] as const;
/** What the organisation section must have (registration_date only when not provisional). */
export const JP_ORG_REQUIRED = ['organization', 'organization_jp', 'organization_type', 'registration_address', 'email', 'cc', 'pc', 'sp', 'city', 'street1', 'phone'] as const;

export function missingJpFields(section: 'org' | 'staff', c: JpOrgInput | undefined, preRegister = false): string[] {
  const keys: readonly string[] = section === 'org' ? JP_ORG_REQUIRED : JP_STAFF_REQUIRED;
  const missing = keys.filter((k) => t((c as Record<string, unknown> | undefined)?.[k]) === '');
  if (section === 'staff' && c?.role === 'organization' && t(c.organization) === '') missing.push('organization');
  if (section === 'org' && !preRegister && t(c?.registration_date) === '') missing.push('registration_date');
  return missing;
}

/** YYYY/MM/DD for a date in Asia/Tokyo. */
export function tokyoDateSlash(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now).replace(/-/g, '/');
}

/** A valid YYYY/MM/DD calendar date. */
export function isSlashDate(v: string): boolean {
  const m = /^(\d{4})\/(\d{2})\/(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/** The organisation name as the two sections compare it (trimmed, both the Latin and the Japanese form). */
const orgNames = (c: JpStaffInput | undefined) => [t(c?.organization), t(c?.organization_jp)];

export interface JpWhoisInput {
  contact: { org?: JpOrgInput; reg?: JpStaffInput; tec?: JpStaffInput; adm?: JpStaffInput; bil?: JpStaffInput };
  preRegister: boolean;
  isDifferentTec: boolean;
  isDifferentAdm: boolean;
  isDifferentBil: boolean;
}

/** The modal's page-level messages, in the order the spec lists them; empty when it may be sent. `today` is YYYY/MM/DD (Asia/Tokyo). */
export function validateJpWhois(input: JpWhoisInput, today: string): string[] {
  const out: string[] = [];
  const { org, reg, tec, adm, bil } = input.contact;
  if (missingJpFields('org', org, input.preRegister).length > 0) out.push(M.orgMissing);
  if (missingJpFields('staff', reg).length > 0) out.push(M.registrantMissing);
  if (input.isDifferentTec && missingJpFields('staff', tec).length > 0) out.push(M.techMissing);
  if (input.isDifferentAdm && missingJpFields('staff', adm).length > 0) out.push(M.adminMissing);
  if (input.isDifferentBil && missingJpFields('staff', bil).length > 0) out.push(M.billingMissing);
  const date = t(org?.registration_date);
  if (!input.preRegister && date && (!isSlashDate(date) || date > today)) out.push(M.futureRegistrationDate);
  if (reg?.role !== 'individual' && org && reg) {
    const [o, oj] = orgNames(org);
    const [r, rj] = orgNames(reg);
    if ((o && r && o !== r) || (oj && rj && oj !== rj)) out.push(M.orgNameMismatch);
  }
  return out;
}

/** Staff contact: an individual's organization is the first and last name joined; department and position are cleared. */
export function normaliseStaff<T extends JpStaffInput>(c: T): T {
  const out: T = { ...c };
  for (const [k, v] of Object.entries(out)) if (typeof v === 'string') (out as Record<string, unknown>)[k] = v.trim();
  if (out.role === 'individual') {
    out.organization = [out.first_name, out.last_name].filter(Boolean).join(' ');
    out.organization_jp = [out.last_name_jp, out.first_name_jp].filter(Boolean).join(' ');
    out.department = out.department_jp = out.position = out.position_jp = '';
  }
  return out;
}
