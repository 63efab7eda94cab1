import type { ContactCreateInput, PostalInfo } from '@registrar/epp';

/**
 * The registry contact of one domain's WHOIS proxy: the registrar's privacy service with the domain's own proxy
 * e-mail address (docs/whois.md).
 */
export function proxyContactInput(id: string, email: string): Omit<ContactCreateInput, 'authInfo'> {
  return {
    id,
    postalInfo: [{ type: 'int', name: 'Whois Privacy Protection Service', org: 'Rakko Registrar', street: ['1-1-1 Shibuya'], city: 'Shibuya-ku', sp: 'Tokyo', pc: '1500002', cc: 'JP' }],
    voice: '+81.312345678',
    email,
  };
}

/** A member contact as stored (the WHOIS form's fields, English and Japanese). */
export type AnyContact = Record<string, unknown>;

/** The registry postal info of a member contact (the English fields first, the Japanese ones where those are empty). */
export function postalOf(c: AnyContact, fallbackName: string): PostalInfo {
  const s = (k: string) => (typeof c[k] === 'string' ? (c[k] as string).trim() : '');
  const name = s('name') || [s('first_name'), s('last_name')].filter(Boolean).join(' ') || s('organization') || fallbackName;
  return {
    type: 'loc', name, org: s('organization') || s('organization_jp') || undefined,
    street: [s('street1') || s('street1_jp') || '-', ...(s('street2') ? [s('street2')] : [])], city: s('city') || s('city_jp') || '-', sp: s('sp') || undefined,
    pc: s('pc').replace(/\D/g, '') || undefined, cc: (s('cc') || 'JP').toUpperCase(),
  };
}
