import { JpContact, JpOrgContact, PublicContactRecord, PublicContactRole } from '@registrar/contracts';
import { e164 } from '../../shared/contacts/e164';

export type JpSections = { org?: JpOrgContact; reg?: JpContact; tec?: JpContact; adm?: JpContact; bil?: JpContact };

const blank = (c: unknown) => !c || typeof c !== 'object' || Object.values(c as Record<string, unknown>).every((v) => v == null || String(v).trim() === '');

function person(c: JpContact, handle: string): PublicContactRecord {
  const name = `${c.first_name ?? ''} ${c.last_name ?? ''}`.trim() || String(c.organization ?? '');
  return {
    handle, name, organization: c.organization || null, email: c.email ?? '',
    phone: e164(c.phone, c.phone_country_code || '81') ?? null, fax: c.fax ? e164(c.fax, c.fax_country_code || '81') ?? null : null,
    street: [c.street1 ?? '', ...(c.street2 ? [c.street2] : [])].filter(Boolean), city: c.city ?? '', sp: c.sp || null, pc: c.pc || null,
    cc: (c.cc || 'JP').toUpperCase(), proxy: false,
  };
}

/**
 * The published contacts of a .co.jp domain from its organisation form (docs/whois.md): the registrant is the
 * organisation; the administrative, technical and billing contacts are their own sections, or the registrant's
 * person where the form said "same as the registrant".
 */
export function jpPublicContacts(s: JpSections | null, domainId: number): Array<{ role: PublicContactRole; contact: PublicContactRecord }> {
  if (!s) return [];
  const out: Array<{ role: PublicContactRole; contact: PublicContactRecord }> = [];
  if (!blank(s.org)) {
    const o = s.org!;
    const org = person({ ...o, organization: o.name || o.organization }, `RKJ${domainId}O`);
    out.push({ role: 'registrant', contact: { ...org, name: o.name || o.organization || org.name, organization: o.name || o.organization || null } });
  }
  const reg = blank(s.reg) ? null : person(s.reg!, `RKJ${domainId}R`);
  const staff: Array<[PublicContactRole, JpContact | undefined, string]> = [['administrative', s.adm, 'A'], ['technical', s.tec, 'T'], ['billing', s.bil, 'B']];
  for (const [role, c, k] of staff) {
    const contact = !blank(c) ? person(c!, `RKJ${domainId}${k}`) : reg;
    if (contact) out.push({ role, contact });
  }
  return out;
}
