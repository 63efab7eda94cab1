/**
 * Purchase rules (000 spec §5 "Purchase", ".co.jp WHOIS at purchase"; 001 spec §5 "WHOIS contact add form"), shared
 * by the web forms and the server (the server is the authority). Messages come from the catalogue.
 */
import { fmt, M } from '@registrar/messages';
import { PREFECTURES } from './user-info';

/** Campaign prices apply to this many registrations per person per Tokyo month (000 spec §9). */
export const CAMPAIGN_MONTHLY_LIMIT = 5;
/** The most domains one purchase may hold (the spec leaves the value to us). */
export const MAX_DOMAINS_PER_PURCHASE = 20;
/** Name servers of a new member's default settings. */
export const DEFAULT_NAME_SERVERS = ['01.dnsv.jp', '02.dnsv.jp', '03.dnsv.jp', '04.dnsv.jp'] as const;

const SECOND_LEVEL_JP = new Set(['co', 'or', 'ne', 'ac', 'ad', 'ed', 'go', 'gr', 'lg']);

/** The TLD of a name as the catalogue names it (co.jp for organisational second-level .jp names). */
export function tldOf(name: string): string {
  const parts = String(name).toLowerCase().replace(/\.$/, '').split('.');
  return parts.length >= 3 && parts.at(-1) === 'jp' && SECOND_LEVEL_JP.has(parts.at(-2)!) ? parts.slice(-2).join('.') : parts.at(-1)!;
}

/** .co.jp needs a WHOIS registration (prereq) before purchase. */
export function needsPrereq(name: string): boolean {
  return tldOf(name) === 'co.jp';
}

/** A domain that cannot use WHOIS proxy (not .co.jp and can_proxy false) needs a WHOIS contact first (000 spec §5). */
export function needsWhoisContact(name: string, canProxy: boolean): boolean {
  return !needsPrereq(name) && !canProxy;
}

export interface CampaignPriceInput {
  register: number;
  register_normal: number;
  is_register_campaign: boolean;
}

/**
 * First-year prices of a list of rows for a member with `remaining` campaign slots: the campaign price goes to the
 * campaign rows in order while slots remain, the normal price to the rest.
 */
export function campaignPrices(rows: readonly (CampaignPriceInput | null)[], remaining: number): Array<{ price: number; isCampaign: boolean } | null> {
  let left = Math.max(0, Math.floor(remaining));
  return rows.map((r) => {
    if (!r) return null;
    if (r.is_register_campaign && r.register < r.register_normal && left > 0) {
      left--;
      return { price: r.register, isCampaign: true };
    }
    return { price: r.is_register_campaign ? r.register_normal : r.register, isCampaign: false };
  });
}

// ---- .co.jp WHOIS (prereq)

export interface JpContactInput {
  role?: 'individual' | 'organization';
  first_name?: string; last_name?: string; organization?: string; organization_jp?: string;
  cc?: string; pc?: string; sp?: string; city?: string; street1?: string; phone?: string; email?: string;
}
export interface JpOrgInput extends JpContactInput {
  registration_date?: string;
  registration_address?: string;
  name?: string;
}
export interface PrereqInput {
  contact: { org?: JpOrgInput | null; reg?: JpContactInput | null; tec?: JpContactInput | null; adm?: JpContactInput | null; bil?: JpContactInput | null };
  preRegister: boolean;
  isDifferentTec: boolean;
  isDifferentAdm: boolean;
  isDifferentBil: boolean;
}
export type PrereqSection = 'org' | 'reg' | 'tec' | 'adm' | 'bil';
export interface PrereqValidation {
  errorMsg: string[];
  errors: Partial<Record<PrereqSection, Record<string, string>>>;
}

const trim = (v: unknown) => (typeof v === 'string' ? v.trim() : v == null ? '' : String(v).trim());
const isBlankSection = (c: object | null | undefined) => !c || Object.values(c).every((v) => trim(v) === '');

const CONTACT_LABELS: Record<string, string> = {
  organization: '組織名', first_name: '名', last_name: '姓', email: 'メールアドレス', cc: '国', pc: '郵便番号', sp: '都道府県', city: '市区町村', street1: '番地', phone: '電話番号',
  registration_date: '登記年月日', registration_address: '登記住所',
};

function contactFieldErrors(c: JpContactInput, required: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of required) if (!trim((c as Record<string, unknown>)[f])) out[f] = fmt(M.fieldRequired, { field: CONTACT_LABELS[f] ?? f });
  const email = trim(c.email);
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email as string)) out.email = fmt(M.enterCorrectly, { field: CONTACT_LABELS.email });
  const cc = (trim(c.cc) as string) || 'JP';
  const pc = (trim(c.pc) as string).replace(/[-‐ー－]/g, '');
  if (pc && cc === 'JP' && !/^\d{7}$/.test(pc)) out.pc = fmt(M.enterCorrectly, { field: CONTACT_LABELS.pc });
  const phone = (trim(c.phone) as string).replace(/[-‐ー－]/g, '');
  if (phone && !/^\+?[\d.]{7,20}$/.test(phone)) out.phone = M.phoneNoHyphen;
  return out;
}

/** YYYY/MM/DD (or YYYY-MM-DD) as a Tokyo calendar date key "YYYYMMDD", or null when malformed. */
function dateKey(v: string): string | null {
  const m = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(v);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d) return null;
  return `${m[1]}${String(mo).padStart(2, '0')}${String(d).padStart(2, '0')}`;
}

/**
 * The .co.jp WHOIS modal's rules: org and registrant required, tec/adm/bil when their 'different' box is checked,
 * a registration date not in the future unless provisional, the organisation names of org and registrant equal.
 * `todayKey` is today in Tokyo as "YYYYMMDD".
 */
export function validatePrereq(input: PrereqInput, todayKey: string, o: { requireRegistrationAddress?: boolean } = {}): PrereqValidation {
  const errorMsg: string[] = [];
  const errors: PrereqValidation['errors'] = {};
  const { org, reg, tec, adm, bil } = input.contact ?? {};
  const add = (s: PrereqSection, e: Record<string, string>) => { if (Object.keys(e).length) errors[s] = { ...(errors[s] ?? {}), ...e }; };

  if (isBlankSection(org)) errorMsg.push(M.orgMissing);
  else {
    const required = ['organization', 'cc', 'pc', 'sp', 'city', 'street1', 'phone', 'email'];
    if (!input.preRegister) required.push('registration_date');
    // 登記住所: the form marks it required and asks for it from the prefecture on (the web form checks it; the server
    // accepts its absence for callers that predate the field)
    if (o.requireRegistrationAddress) required.push('registration_address');
    const e = contactFieldErrors(org!, required);
    const address = trim(org!.registration_address) as string;
    if (o.requireRegistrationAddress && address && ((trim(org!.cc) as string) || 'JP').toUpperCase() === 'JP' && !PREFECTURES.some((p) => address.startsWith(p))) {
      e.registration_address = M.registrationAddressFromPrefecture;
    }
    const rd = trim(org!.registration_date) as string;
    if (!input.preRegister && rd) {
      const k = dateKey(rd);
      if (!k) e.registration_date = fmt(M.enterCorrectly, { field: CONTACT_LABELS.registration_date });
      else if (k > todayKey) errorMsg.push(M.futureRegistrationDate);
    }
    add('org', e);
  }
  const staffRequired = ['last_name', 'first_name', 'email', 'cc', 'pc', 'sp', 'city', 'street1', 'phone'];
  if (isBlankSection(reg)) errorMsg.push(M.registrantMissing);
  else add('reg', contactFieldErrors(reg!, [...staffRequired, 'organization']));
  const staff: Array<[PrereqSection, boolean, JpContactInput | null | undefined, string]> = [
    ['tec', input.isDifferentTec, tec, M.techMissing],
    ['adm', input.isDifferentAdm, adm, M.adminMissing],
    ['bil', input.isDifferentBil, bil, M.billingMissing],
  ];
  for (const [section, different, c, missing] of staff) {
    if (!different) continue;
    if (isBlankSection(c)) errorMsg.push(missing);
    else add(section, contactFieldErrors(c!, staffRequired));
  }
  if (!isBlankSection(org) && !isBlankSection(reg)) {
    const a = trim(org!.organization_jp) || trim(org!.organization);
    const b = trim(reg!.organization_jp) || trim(reg!.organization);
    if (a && b && a !== b) errorMsg.push(M.orgNameMismatch);
  }
  return { errorMsg, errors };
}

// ---- WHOIS contact add form (001 spec §5)

export interface WhoisContactInput {
  email?: string; first_name?: string; last_name?: string; role?: number | string; organization?: string;
  cc?: string; pc?: string; sp?: string; city?: string; street1?: string; street2?: string;
  phone_country_code?: string; phone?: string; fax_country_code?: string | null; fax?: string;
}
const WHOIS_LABELS: Record<string, string> = {
  email: 'メールアドレス', last_name: '姓', first_name: '名', role: '種別', organization: '組織名', pc: '郵便番号', sp: '都道府県', city: '市区町村',
  street1: '番地', street2: '建物名', phone: '電話番号', fax: 'FAX番号', cc: '国',
};

/** The WHOIS contact add form's rules; errors per field (each a list, as the form shows them). */
export function validateWhoisContact(input: WhoisContactInput): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const put = (f: string, m: string) => (errors[f] ??= []).push(m);
  const req = (f: keyof WhoisContactInput, max: number) => {
    const v = trim(input[f]) as string;
    if (!v) put(f, fmt(M.fieldRequired, { field: WHOIS_LABELS[f] }));
    else if (v.length > max) put(f, fmt(M.fieldTooLong, { field: WHOIS_LABELS[f], max }));
    return v;
  };
  const email = req('email', 100);
  if (email && email.length <= 100 && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) put('email', fmt(M.enterCorrectly, { field: WHOIS_LABELS.email }));
  req('last_name', 50);
  req('first_name', 50);
  const role = Number(input.role);
  if (role !== 1 && role !== 2) put('role', fmt(M.fieldRequired, { field: WHOIS_LABELS.role }));
  if (role === 2) req('organization', 100);
  else if ((trim(input.organization) as string).length > 100) put('organization', fmt(M.fieldTooLong, { field: WHOIS_LABELS.organization, max: 100 }));
  const cc = ((trim(input.cc) as string) || 'JP').toUpperCase();
  if (!/^[A-Z]{2}$/.test(cc)) put('cc', fmt(M.enterCorrectly, { field: WHOIS_LABELS.cc }));
  const pc = (trim(input.pc) as string).replace(/[-‐ー－]/g, '');
  if (!pc) put('pc', fmt(M.fieldRequired, { field: WHOIS_LABELS.pc }));
  else if (cc === 'JP' ? pc.length !== 7 : pc.length < 3 || pc.length > 16) put('pc', cc === 'JP' ? fmt(M.fieldLength, { field: WHOIS_LABELS.pc, min: 7, max: 7 }) : fmt(M.fieldLength, { field: WHOIS_LABELS.pc, min: 3, max: 16 }));
  req('sp', 20);
  req('city', 50);
  req('street1', 50);
  if ((trim(input.street2) as string).length > 50) put('street2', fmt(M.fieldTooLong, { field: WHOIS_LABELS.street2, max: 50 }));
  const phone = (trim(input.phone) as string).replace(/[-‐ー－]/g, '');
  const [min, max] = cc === 'JP' ? [10, 20] : [7, 20];
  // a Japanese number may be given without its leading 0 (312345678, as WHOIS shows it after +81.): it counts as with it
  const counted = (v: string) => (cc === 'JP' && /^[1-9]/.test(v) ? v.length + 1 : v.length);
  if (!phone) put('phone', fmt(M.fieldRequired, { field: WHOIS_LABELS.phone }));
  else if (!/^[\d.+]+$/.test(phone) || counted(phone) < min || counted(phone) > max) put('phone', fmt(M.fieldLength, { field: WHOIS_LABELS.phone, min, max }));
  // fax: optional, the phone's ranges when given (001 §5)
  const fax = (trim(input.fax) as string).replace(/[-‐ー－]/g, '');
  if (fax && (!/^[\d.+]+$/.test(fax) || counted(fax) < min || counted(fax) > max)) put('fax', fmt(M.fieldLength, { field: WHOIS_LABELS.fax, min, max }));
  return errors;
}

/**
 * A contact's telephone as WHOIS shows it (001 §3, issue 26): `+81.312345678` — the country code, a dot, and the
 * number without the leading 0 of a Japanese number and without hyphens. Empty when there is no number.
 */
export function whoisPhoneDisplay(countryCode: string | number | null | undefined, phone: string | null | undefined): string {
  const digits = String(phone ?? '').replace(/\D/g, '');
  if (!digits) return '';
  const cc = String(countryCode ?? '81').replace(/\D/g, '') || '81';
  return `+${cc}.${cc === '81' ? digits.replace(/^0/, '') : digits}`;
}
