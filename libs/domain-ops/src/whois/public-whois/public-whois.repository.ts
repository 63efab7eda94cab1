import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PublicContactRecord, PublicContactRole, PublicDomainRecord, PublicNameserverRecord } from '@registrar/contracts';
import { DOMAIN_OPS_SCHEMA } from '../../shared/contacts/contacts.repository';
import { e164 } from '../../shared/contacts/e164';
import { proxyContactInput } from '../../shared/contacts/epp-contacts';
import { jpPublicContacts, JpSections } from './jp-contacts';

const ROLES: Array<[PublicContactRole, string]> = [['registrant', 'reg'], ['administrative', 'adm'], ['technical', 'tec'], ['billing', 'bil']];

/** The privacy service standing in for the holder of a proxied domain, with the domain's own proxy address. */
export function proxyContact(handle: string, email: string): PublicContactRecord {
  const p = proxyContactInput(handle, email);
  const postal = p.postalInfo[0];
  return {
    handle, name: postal.name, organization: postal.org ?? null, email, phone: p.voice ?? null, fax: null,
    street: postal.street ?? [], city: postal.city, sp: postal.sp ?? null, pc: postal.pc ?? null, cc: postal.cc, proxy: true,
  };
}

interface ContactRow {
  id: string;
  registry_contact_id: string | null;
  email: string;
  first_name: string;
  last_name: string;
  role: number;
  organization: string | null;
  cc: string;
  pc: string;
  sp: string;
  city: string;
  street1: string;
  street2: string | null;
  phone_country_code: string;
  phone: string;
  fax_country_code: string | null;
  fax: string | null;
}

function memberContact(c: ContactRow): PublicContactRecord {
  return {
    // the registry's contact id, or none while the contact is not made there yet: never an id we made up
    handle: c.registry_contact_id || null,
    name: `${c.first_name} ${c.last_name}`.trim(),
    organization: Number(c.role) === 1 ? null : c.organization || null,
    email: c.email,
    phone: e164(c.phone, c.phone_country_code || '81') ?? null,
    fax: c.fax ? e164(c.fax, c.fax_country_code || '81') ?? null : null,
    street: [c.street1, ...(c.street2 ? [c.street2] : [])],
    city: c.city,
    sp: c.sp || null,
    pc: c.pc || null,
    cc: (c.cc || 'JP').trim().toUpperCase(),
    proxy: false,
  };
}

const iso = (d: Date | string | null): string | null => (d == null ? null : new Date(d).toISOString());

/**
 * Reads what the public WHOIS of a domain we sponsor shows (domain_ops.domains with its name servers, contacts and
 * proxy identity). The proxy decides: a proxied domain shows the privacy service for every role.
 */
@Injectable()
export class PublicWhoisRepository {
  constructor(@InjectDataSource(DOMAIN_OPS_SCHEMA) private readonly ds: DataSource) {}

  async domain(punycode: string): Promise<PublicDomainRecord | null> {
    const rows = await this.ds.query(
      `SELECT d.id, d.name, d.punycode, d.registry_domain_id, d.due_date, d.status, d.is_whois_proxy_enabled, d.is_domain_lock_enabled,
              d.created_at, d.reg_contact_id, d.adm_contact_id, d.tec_contact_id, d.bil_contact_id,
              p.email AS proxy_email, p.registry_contact_id AS proxy_handle, coalesce(d.jp_contacts, pr.contact) AS jp_sections,
              coalesce(ns.names, '{}') AS ns,
              -- a bulk name-server change stamps the name-server rows, not the domain's row (ADR 0058): the later of the two
              greatest(d.updated_at, ns.updated_at) AS updated_at
       FROM domain_ops.domains d
       LEFT JOIN LATERAL (SELECT array_agg(n.name ORDER BY n.priority) AS names, max(n.updated_at) AS updated_at FROM domain_ops.domain_name_servers n WHERE n.domain_id = d.id) ns ON true
       LEFT JOIN domain_ops.proxy_identities p ON p.punycode = d.punycode
       LEFT JOIN domain_ops.registration_order_items i ON i.id = d.order_item_id LEFT JOIN domain_ops.prereqs pr ON pr.id = i.prereq_id
       WHERE d.punycode = $1`,
      [punycode],
    );
    if (!rows.length) return null;
    const d = rows[0];
    const proxy = !!d.is_whois_proxy_enabled && !!d.proxy_email;
    const contacts: PublicDomainRecord['contacts'] = [];
    if (proxy) {
      const c = proxyContact(d.proxy_handle, d.proxy_email);
      for (const [role] of ROLES) contacts.push({ role, contact: c });
    } else if (d.reg_contact_id == null && d.jp_sections) {
      // .co.jp: the organisation form (docs/whois.md)
      contacts.push(...jpPublicContacts(d.jp_sections as JpSections, Number(d.id)));
    } else {
      const ids = ROLES.map(([, k]) => d[`${k}_contact_id`]).filter((x) => x != null).map(String);
      const byId = new Map<string, ContactRow>();
      if (ids.length) for (const c of (await this.ds.query('SELECT * FROM domain_ops.contacts WHERE id = ANY($1::bigint[])', [ids])) as ContactRow[]) byId.set(String(c.id), c);
      for (const [role, k] of ROLES) {
        const c = d[`${k}_contact_id`] == null ? undefined : byId.get(String(d[`${k}_contact_id`]));
        if (c) contacts.push({ role, contact: memberContact(c) });
      }
    }
    const statuses: string[] = [];
    if (d.status === 'pending') statuses.push('pendingCreate');
    if (d.is_domain_lock_enabled) statuses.push('clientTransferProhibited');
    if (!statuses.length) statuses.push('ok');
    return {
      ldhName: d.punycode,
      unicodeName: d.name !== d.punycode ? d.name : null,
      // the registry's ROID, or none yet (it arrives with the registration's follow-up, ADR 0041): never an id we made up
      handle: d.registry_domain_id || null,
      createdAt: iso(d.created_at)!,
      updatedAt: iso(d.updated_at)!,
      expiresAt: iso(d.due_date),
      statuses,
      nameServers: (d.ns as string[]).map((n) => n.toLowerCase()),
      proxy,
      contacts,
    };
  }

  /** A contact some domain of ours publishes: a proxy identity of a proxied domain, a member's contact set on a domain without proxy, or a .co.jp organisation-form contact. */
  async entity(handle: string): Promise<PublicContactRecord | null> {
    const jp = /^RKJ(\d{1,18})[ORATB]$/i.exec(handle);
    if (jp) {
      // a .co.jp contact from the organisation form: answered exactly when that domain's own answer publishes it
      const rows = await this.ds.query('SELECT punycode FROM domain_ops.domains WHERE id = $1', [jp[1]]);
      const d = rows.length ? await this.domain(rows[0].punycode) : null;
      return d?.contacts.find((c) => c.contact.handle === handle.toUpperCase())?.contact ?? null;
    }
    const px = await this.ds.query(
      `SELECT p.email, p.registry_contact_id FROM domain_ops.proxy_identities p JOIN domain_ops.domains d ON d.punycode = p.punycode
       WHERE p.registry_contact_id = $1 AND d.is_whois_proxy_enabled`, [handle]);
    if (px.length) return proxyContact(px[0].registry_contact_id, px[0].email);
    const rows: ContactRow[] = await this.ds.query(
      `SELECT c.* FROM domain_ops.contacts c
       WHERE c.registry_contact_id = $1 AND EXISTS (
         SELECT 1 FROM domain_ops.domains d WHERE NOT d.is_whois_proxy_enabled
           AND c.id IN (d.reg_contact_id, d.adm_contact_id, d.tec_contact_id, d.bil_contact_id))`, [handle]);
    return rows.length ? memberContact(rows[0]) : null;
  }

  async nameserver(name: string): Promise<PublicNameserverRecord | null> {
    const rows = await this.ds.query('SELECT count(DISTINCT domain_id)::int AS n FROM domain_ops.domain_name_servers WHERE lower(name) = $1', [name]);
    const n = Number(rows[0]?.n ?? 0);
    return n > 0 ? { ldhName: name, domains: n } : null;
  }
}
