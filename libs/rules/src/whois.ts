/**
 * Helpers of the WHOIS forms that the purchase rules (./purchase.ts: validatePrereq, validateWhoisContact,
 * needsPrereq, needsWhoisContact) do not cover: the form defaults (000 §9), the staff-contact normalisation (000 §5)
 * and today's date key for the registration-date rule.
 */
export const DEFAULT_COUNTRY = 'JP';
export const DEFAULT_PHONE_COUNTRY_CODE = '81';
export const DEFAULT_ORGANIZATION_TYPE = 10;

export interface StaffContactFields {
  role?: 'individual' | 'organization';
  first_name?: string; last_name?: string; first_name_jp?: string; last_name_jp?: string;
  organization?: string; organization_jp?: string; department?: string; department_jp?: string;
  position?: string; position_jp?: string;
}

/** Staff contact: names trimmed; an individual's organization is the first and last name joined; department and position cleared. */
export function normaliseStaff<T extends StaffContactFields>(c: T): T {
  const out: T = { ...c };
  for (const [k, v] of Object.entries(out)) if (typeof v === 'string') (out as Record<string, unknown>)[k] = v.trim();
  if (out.role === 'individual') {
    out.organization = [out.first_name, out.last_name].filter(Boolean).join(' ');
    out.organization_jp = [out.last_name_jp, out.first_name_jp].filter(Boolean).join(' ');
    out.department = out.department_jp = out.position = out.position_jp = '';
  }
  return out;
}

/** Today in Asia/Tokyo as "YYYYMMDD" (the key validatePrereq compares registration dates with). */
export function tokyoDateKey(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now).replace(/-/g, '');
}
