/**
 * RDAP (RFC 9082/9083) answers and their port-43 WHOIS rendering, shared by the registrar's gateway and the registry
 * simulator (docs/public-whois.md). Pure functions: the callers read their own data and pass it in.
 */

export const RDAP_CONTENT_TYPE = 'application/rdap+json';

/**
 * Our registrar as the registry and our own RDAP/WHOIS publish it. One set of values, read from the same environment
 * variables (REGISTRAR_IANA_ID, REGISTRAR_NAME, REGISTRAR_URL, REGISTRAR_ABUSE_EMAIL, REGISTRAR_ABUSE_PHONE) by the
 * gateway and the registry simulator, so both sides answer the same IANA id and abuse contact. 9999 is the local
 * placeholder (IANA reserves 9995-9999 for non-ICANN-accredited use).
 */
export const REGISTRAR_IDENTITY_DEFAULTS = {
  name: 'Rakko Registrar',
  ianaId: '9999',
  url: 'https://rakko.example',
  abuseEmail: 'abuse@rakko.example',
  abusePhone: '+81.312345678',
} as const;

export type Json = Record<string, unknown>;

export interface RdapContactInput {
  /**
   * the contact's id at the registry; null while a member's contact is not made there yet: the entity then has no
   * handle (optional in RFC 9083) and no self link (there is nothing to look it up by), port 43 an empty Registry … ID,
   * never an id of our own making
   */
  handle: string | null;
  name: string;
  organization: string | null;
  email: string;
  phone: string | null;
  fax: string | null;
  street: string[];
  city: string;
  sp: string | null;
  pc: string | null;
  cc: string;
  /** the privacy proxy service standing in for the holder */
  proxy: boolean;
}

export type RdapRole = 'registrant' | 'administrative' | 'technical' | 'billing';

export interface RdapDomainInput {
  ldhName: string;
  unicodeName: string | null;
  /**
   * the registry's id of the domain (its ROID); null while we do not know it yet (the moments between the create and
   * the follow-up's domain:info, ADR 0041): the RDAP answer then has no handle and port 43 an empty Registry Domain
   * ID, never an id of our own making
   */
  handle: string | null;
  createdAt: string;
  updatedAt: string;
  expiresAt: string | null;
  /** EPP statuses (RFC 5731): ok, clientTransferProhibited … */
  statuses: string[];
  nameServers: string[];
  proxy?: boolean;
  contacts?: Array<{ role: RdapRole; contact: RdapContactInput }>;
}

export interface RdapRegistrar {
  handle: string;
  name: string;
  ianaId?: string | null;
  url?: string | null;
  abuseEmail?: string | null;
  abusePhone?: string | null;
}

export interface RdapServerInfo {
  /** base URL of this RDAP service, without the trailing slash (…/rdap) */
  baseUrl: string;
  /** the host name of the port-43 service */
  port43?: string | null;
  /** 'registrar' (our data, contacts included) or 'registry' (thin: the sponsoring registrar and a link to it) */
  kind: 'registrar' | 'registry';
  /** when the answer was made (last update of the RDAP database) */
  now: Date;
}

/** EPP status (RFC 5731) -> RDAP status (RFC 8056). */
export function eppToRdapStatus(s: string): string {
  if (s === 'ok') return 'active';
  return s.replace(/([A-Z])/g, ' $1').toLowerCase().trim();
}

/** RDAP status -> EPP status, for the WHOIS rendering. */
export function rdapToEppStatus(s: string): string {
  if (s === 'active') return 'ok';
  const [first, ...rest] = s.trim().split(/\s+/);
  return first + rest.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

const CONFORMANCE = ['rdap_level_0', 'icann_rdap_response_profile_1', 'icann_rdap_technical_implementation_guide_1'];

function link(value: string, rel: string, href: string, type = RDAP_CONTENT_TYPE): Json {
  return { value, rel, href, type };
}

function notices(info: RdapServerInfo, self: string): Json[] {
  return [
    {
      title: 'Terms of Use',
      description: [
        info.kind === 'registrar'
          ? 'This data is provided by Rakko Registrar for information purposes only, to assist in obtaining information about or related to a domain name registration record.'
          : 'This data is provided by the registry for information purposes only.',
      ],
      links: [link(self, 'self', `${info.baseUrl}/help`)],
    },
    {
      title: 'Status Codes',
      description: ['For more information on domain status codes, please visit https://icann.org/epp'],
      links: [link(self, 'glossary', 'https://icann.org/epp', 'text/html')],
    },
    {
      title: 'RDDS Inaccuracy Complaint Form',
      description: ['URL of the ICANN RDDS Inaccuracy Complaint Form: https://icann.org/wicf'],
      links: [link(self, 'help', 'https://icann.org/wicf', 'text/html')],
    },
  ];
}

/** jCard (RFC 7095) of a contact. */
export function contactVcard(c: RdapContactInput): unknown[] {
  const props: unknown[] = [['version', {}, 'text', '4.0'], ['fn', {}, 'text', c.name]];
  if (c.organization) props.push(['org', {}, 'text', c.organization]);
  props.push(['adr', { cc: c.cc }, 'text', ['', '', c.street.length > 1 ? c.street : c.street[0] ?? '', c.city, c.sp ?? '', c.pc ?? '', '']]);
  if (c.phone) props.push(['tel', { type: 'voice' }, 'uri', `tel:${c.phone}`]);
  if (c.fax) props.push(['tel', { type: 'fax' }, 'uri', `tel:${c.fax}`]);
  props.push(['email', {}, 'text', c.email]);
  return ['vcard', props];
}

function contactEntity(c: RdapContactInput, roles: string[], info: RdapServerInfo): Json {
  const e: Json = { objectClassName: 'entity' };
  if (c.handle) e.handle = c.handle;
  e.roles = roles;
  e.vcardArray = contactVcard(c);
  if (c.handle) {
    const self = `${info.baseUrl}/entity/${encodeURIComponent(c.handle)}`;
    e.links = [link(self, 'self', self)];
  }
  if (c.proxy) {
    e.remarks = [{
      title: 'REDACTED FOR PRIVACY',
      description: ['The holder of this domain uses the registrar\'s WHOIS privacy service: the contact shown is the service, and mail to this address reaches the holder.'],
    }];
  }
  return e;
}

function registrarEntity(r: RdapRegistrar): Json {
  const vcard: unknown[] = [['version', {}, 'text', '4.0'], ['fn', {}, 'text', r.name]];
  const e: Json = { objectClassName: 'entity', handle: r.ianaId || r.handle, roles: ['registrar'], vcardArray: ['vcard', vcard] };
  if (r.ianaId) e.publicIds = [{ type: 'IANA Registrar ID', identifier: r.ianaId }];
  if (r.url) e.links = [link(r.url, 'about', r.url, 'text/html')];
  if (r.abuseEmail || r.abusePhone) {
    const abuse: unknown[] = [['version', {}, 'text', '4.0'], ['fn', {}, 'text', 'Abuse Contact']];
    if (r.abusePhone) abuse.push(['tel', { type: 'voice' }, 'uri', `tel:${r.abusePhone}`]);
    if (r.abuseEmail) abuse.push(['email', {}, 'text', r.abuseEmail]);
    e.entities = [{ objectClassName: 'entity', roles: ['abuse'], vcardArray: ['vcard', abuse] }];
  }
  return e;
}

/**
 * A domain answer. A registrar answer carries the contacts (the proxy service for a proxied domain, with a remark); a
 * registry answer is thin and links (rel "related") to the sponsoring registrar's RDAP service when it has one.
 */
export function domainRdap(d: RdapDomainInput, registrar: RdapRegistrar, info: RdapServerInfo, o: { registrarRdapBase?: string | null } = {}): Json {
  const self = `${info.baseUrl}/domain/${d.ldhName}`;
  const links: Json[] = [link(self, 'self', self)];
  if (o.registrarRdapBase) links.push(link(self, 'related', `${o.registrarRdapBase.replace(/\/+$/, '')}/domain/${d.ldhName}`));
  const entities: Json[] = [registrarEntity(registrar)];
  // one entity per contact with all its roles: by its handle, or by what it publishes when it has none yet
  const byHandle = new Map<string, { contact: RdapContactInput; roles: string[] }>();
  for (const { role, contact } of d.contacts ?? []) {
    const key = contact.handle ? `h:${contact.handle}` : `c:${JSON.stringify(contact)}`;
    const cur = byHandle.get(key) ?? { contact, roles: [] };
    cur.roles.push(role);
    byHandle.set(key, cur);
  }
  for (const { contact, roles } of byHandle.values()) entities.push(contactEntity(contact, roles, info));
  const events: Json[] = [{ eventAction: 'registration', eventDate: d.createdAt }, { eventAction: 'last changed', eventDate: d.updatedAt }];
  if (d.expiresAt) events.push({ eventAction: 'expiration', eventDate: d.expiresAt });
  events.push({ eventAction: 'last update of RDAP database', eventDate: info.now.toISOString() });
  const out: Json = {
    rdapConformance: CONFORMANCE,
    notices: notices(info, self),
    objectClassName: 'domain',
    ...(d.handle ? { handle: d.handle } : {}),
    ldhName: d.ldhName,
  };
  if (d.unicodeName) out.unicodeName = d.unicodeName;
  out.status = d.statuses.map(eppToRdapStatus);
  out.nameservers = d.nameServers.map((ns) => ({ objectClassName: 'nameserver', ldhName: ns, links: [link(self, 'self', `${info.baseUrl}/nameserver/${ns}`)] }));
  out.secureDNS = { delegationSigned: false };
  out.entities = entities;
  out.events = events;
  out.links = links;
  if (info.port43) out.port43 = info.port43;
  return out;
}

export function entityRdap(c: RdapContactInput & { handle: string }, info: RdapServerInfo): Json {
  const self = `${info.baseUrl}/entity/${encodeURIComponent(c.handle)}`;
  return { rdapConformance: CONFORMANCE, notices: notices(info, self), ...contactEntity(c, [], info), ...(info.port43 ? { port43: info.port43 } : {}) };
}

/** The registrar itself as an entity (looked up by its handle or IANA id). */
export function registrarEntityRdap(r: RdapRegistrar, info: RdapServerInfo): Json {
  const self = `${info.baseUrl}/entity/${encodeURIComponent(r.ianaId || r.handle)}`;
  const e = registrarEntity(r);
  return {
    rdapConformance: CONFORMANCE, notices: notices(info, self), ...e,
    links: [link(self, 'self', self), ...((e.links as Json[] | undefined) ?? [])],
    events: [{ eventAction: 'last update of RDAP database', eventDate: info.now.toISOString() }],
    ...(info.port43 ? { port43: info.port43 } : {}),
  };
}

export function nameserverRdap(name: string, info: RdapServerInfo): Json {
  const self = `${info.baseUrl}/nameserver/${name}`;
  return {
    rdapConformance: CONFORMANCE, notices: notices(info, self), objectClassName: 'nameserver', ldhName: name, status: ['active'],
    links: [link(self, 'self', self)], events: [{ eventAction: 'last update of RDAP database', eventDate: info.now.toISOString() }],
    ...(info.port43 ? { port43: info.port43 } : {}),
  };
}

export function helpRdap(info: RdapServerInfo): Json {
  const self = `${info.baseUrl}/help`;
  return {
    rdapConformance: CONFORMANCE,
    notices: [
      ...notices(info, self),
      {
        title: 'Queries',
        description: [
          `${info.baseUrl}/domain/<name>: a domain ${info.kind === 'registrar' ? 'this registrar sponsors' : 'this registry holds'}`,
          `${info.baseUrl}/nameserver/<host>: a name server`,
          `${info.baseUrl}/entity/<handle>: a contact or the registrar`,
        ],
      },
    ],
  };
}

/** RFC 9083 §6 error answer. */
export function rdapError(errorCode: number, title: string, description: string[] = []): Json {
  return { rdapConformance: ['rdap_level_0'], errorCode, title, description };
}

// ── WHOIS (port 43) rendering ──

type VcardProp = [string, Record<string, unknown>, string, unknown];

function vcardOf(entity: Json): { fn: string; org: string; street: string[]; city: string; sp: string; pc: string; cc: string; phone: string; phoneExt: string; fax: string; faxExt: string; email: string } {
  const props = ((entity.vcardArray as unknown[] | undefined)?.[1] ?? []) as VcardProp[];
  const get = (n: string) => props.find((p) => p[0] === n);
  const adr = get('adr');
  const v = (adr?.[3] ?? []) as unknown[];
  const street = Array.isArray(v[2]) ? (v[2] as string[]) : v[2] ? [String(v[2])] : [];
  const telUri = (t: string) => String(props.find((p) => p[0] === 'tel' && JSON.stringify(p[1].type ?? '').includes(t))?.[3] ?? '').replace(/^tel:/, '');
  // tel:+81.312345678;ext=123 (RFC 3966): the number, and its extension apart
  const tel = (t: string) => telUri(t).split(';')[0]!;
  const ext = (t: string) => /;ext=([^;]*)/.exec(telUri(t))?.[1] ?? '';
  return {
    phoneExt: ext('voice'), faxExt: ext('fax'),
    fn: String(get('fn')?.[3] ?? ''), org: String(get('org')?.[3] ?? ''), street, city: String(v[3] ?? ''), sp: String(v[4] ?? ''),
    pc: String(v[5] ?? ''), cc: String((adr?.[1] as { cc?: string } | undefined)?.cc ?? v[6] ?? ''), phone: tel('voice'), fax: tel('fax'), email: String(get('email')?.[3] ?? ''),
  };
}

const LABEL: Record<string, string> = { registrant: 'Registrant', administrative: 'Admin', technical: 'Tech', billing: 'Billing' };

/**
 * The common "key: value" WHOIS format (the ICANN registration data directory service layout) of a domain answer;
 * `registry` renders the registry's fields ("Registry Expiry Date", the registrar's WHOIS server).
 */
export function rdapDomainToWhois(d: Json, o: { kind: 'registrar' | 'registry'; now: Date; registrarWhoisServer?: string | null }): string {
  const lines: string[] = [];
  const add = (k: string, v: unknown) => lines.push(`${k}: ${v ?? ''}`);
  const events = (d.events as Array<{ eventAction: string; eventDate: string }> | undefined) ?? [];
  const ev = (a: string) => events.find((e) => e.eventAction === a)?.eventDate ?? '';
  const entities = (d.entities as Json[] | undefined) ?? [];
  const registrar = entities.find((e) => (e.roles as string[] | undefined)?.includes('registrar'));
  const rv = registrar ? vcardOf(registrar) : null;
  const abuse = ((registrar?.entities as Json[] | undefined) ?? []).find((e) => (e.roles as string[] | undefined)?.includes('abuse'));
  const av = abuse ? vcardOf(abuse) : null;
  const iana = ((registrar?.publicIds as Array<{ identifier: string }> | undefined) ?? [])[0]?.identifier ?? '';
  const registrarUrl = ((registrar?.links as Array<{ href: string }> | undefined) ?? [])[0]?.href ?? '';
  add('Domain Name', String(d.ldhName ?? '').toUpperCase());
  add('Registry Domain ID', d.handle ?? '');
  add('Registrar WHOIS Server', o.registrarWhoisServer ?? '');
  add('Registrar URL', registrarUrl);
  add('Updated Date', ev('last changed'));
  add('Creation Date', ev('registration'));
  add(o.kind === 'registry' ? 'Registry Expiry Date' : 'Registrar Registration Expiration Date', ev('expiration'));
  add('Registrar', rv?.fn ?? '');
  add('Registrar IANA ID', iana);
  add('Registrar Abuse Contact Email', av?.email ?? '');
  add('Registrar Abuse Contact Phone', av?.phone ?? '');
  for (const s of (d.status as string[] | undefined) ?? []) {
    const epp = rdapToEppStatus(s);
    add('Domain Status', `${epp} https://icann.org/epp#${epp}`);
  }
  if (o.kind === 'registrar') {
    for (const role of ['registrant', 'administrative', 'technical', 'billing']) {
      const e = entities.find((x) => (x.roles as string[] | undefined)?.includes(role));
      if (!e) continue;
      const v = vcardOf(e);
      const L = LABEL[role];
      if (role !== 'registrant') add(`Registry ${L} ID`, e.handle ?? '');
      else add('Registry Registrant ID', e.handle ?? '');
      add(`${L} Name`, v.fn);
      add(`${L} Organization`, v.org);
      for (const s of v.street.length ? v.street : ['']) add(`${L} Street`, s);
      add(`${L} City`, v.city);
      add(`${L} State/Province`, v.sp);
      add(`${L} Postal Code`, v.pc);
      add(`${L} Country`, v.cc);
      // the 2013 RAA layout: Phone Ext always follows Phone; Fax and Fax Ext only when there is a fax (never empty)
      add(`${L} Phone`, v.phone);
      add(`${L} Phone Ext`, v.phoneExt);
      if (v.fax) {
        add(`${L} Fax`, v.fax);
        add(`${L} Fax Ext`, v.faxExt);
      }
      add(`${L} Email`, v.email);
    }
  }
  for (const ns of (d.nameservers as Array<{ ldhName: string }> | undefined) ?? []) add('Name Server', ns.ldhName.toUpperCase());
  add('DNSSEC', (d.secureDNS as { delegationSigned?: boolean } | undefined)?.delegationSigned ? 'signedDelegation' : 'unsigned');
  add('URL of the ICANN Whois Inaccuracy Complaint Form', 'https://www.icann.org/wicf/');
  lines.push(`>>> Last update of WHOIS database: ${o.now.toISOString().replace(/\.\d{3}Z$/, 'Z')} <<<`);
  lines.push('');
  lines.push('For more information on Whois status codes, please visit https://icann.org/epp');
  lines.push('');
  lines.push(...whoisTermsOfUse(o.kind));
  return lines.join('\r\n') + '\r\n';
}

/** The terms of use every port-43 answer ends with (2013 RAA, Registration Data Directory Services specification). */
export function whoisTermsOfUse(kind: 'registrar' | 'registry'): string[] {
  const who = kind === 'registrar' ? 'Rakko Registrar' : 'the registry';
  return [
    `TERMS OF USE: The data in this WHOIS database is provided by ${who} for information purposes only, and to assist`,
    'persons in obtaining information about or related to a domain name registration record. It is not guaranteed to be',
    'accurate. By submitting a WHOIS query, you agree to use this data only for lawful purposes and that under no',
    'circumstances will you use this data to: (1) allow, enable, or otherwise support the transmission of mass',
    'unsolicited, commercial advertising or solicitations via e-mail, telephone, or facsimile; or (2) enable high volume,',
    'automated, electronic processes that apply to the registrar or registry (or their computer systems). The compilation,',
    'repackaging, dissemination or other use of this data is expressly prohibited without prior written consent.',
  ];
}

/** 2026/11/22 (and 09:05:03 (JST) with the time) in Tokyo, as JPRS writes its dates. */
function jprsDate(iso: string, withTime = false): string {
  if (!iso) return '';
  const t = new Date(new Date(iso).getTime() + 9 * 3_600_000).toISOString();
  const day = t.slice(0, 10).replace(/-/g, '/');
  return withTime ? `${day} ${t.slice(11, 19)} (JST)` : day;
}

/**
 * The port-43 answer of a .jp name in JPRS's layout (its English form, `whois -h whois.jprs.jp name/e`): bracketed
 * labels padded to column 33, which is what WHOIS parsers expect of .jp (they read nothing else there). A .co.jp
 * (organisational type) carries JPRS's lettered fields, the organisation and its state with the connection deadline.
 */
export function rdapDomainToJprsWhois(d: Json, o: { now: Date }): string {
  const lines: string[] = [
    '[ JPRS-format WHOIS of the sponsoring registrar (Rakko Registrar). Its use is    ]',
    '[ restricted to network administration purposes.                               ]',
    '',
  ];
  const add = (k: string, v: unknown = '', letter = '') => {
    const label = `${letter ? `${letter}. ` : ''}[${k}]`;
    const [first, ...rest] = String(v ?? '').split('\n');
    lines.push(`${label.padEnd(32)}${first}`.trimEnd());
    for (const r of rest) lines.push(`${' '.repeat(32)}${r}`);
  };
  const name = String(d.ldhName ?? '').toLowerCase();
  const events = (d.events as Array<{ eventAction: string; eventDate: string }> | undefined) ?? [];
  const ev = (a: string) => events.find((e) => e.eventAction === a)?.eventDate ?? '';
  const entities = (d.entities as Json[] | undefined) ?? [];
  const byRole = (role: string) => entities.find((x) => (x.roles as string[] | undefined)?.includes(role));
  const registrant = byRole('registrant');
  const rv = registrant ? vcardOf(registrant) : null;
  const nameservers = ((d.nameservers as Array<{ ldhName: string }> | undefined) ?? []).map((n) => n.ldhName.toLowerCase());
  const signed = (d.secureDNS as { delegationSigned?: boolean } | undefined)?.delegationSigned;
  const statuses = (d.status as string[] | undefined) ?? [];
  const state = statuses.some((x) => /hold|inactive/i.test(x)) ? 'Suspended' : 'Active';
  lines.push('Domain Information:');
  if (name.endsWith('.co.jp')) {
    add('Domain Name', name.toUpperCase(), 'a');
    add('Organization', rv?.org || rv?.fn || '', 'g');
    add('Organization Type', 'Company', 'l');
    add('Administrative Contact', byRole('administrative')?.handle ?? '', 'm');
    add('Technical Contact', byRole('technical')?.handle ?? '', 'n');
    for (const ns of nameservers) add('Name Server', ns, 'p');
    add('Signing Key', signed ? 'signed' : '', 's');
    add('State', `Connected (${jprsDate(ev('expiration'))})`);
    add('Registered Date', jprsDate(ev('registration')));
    add('Connected Date', jprsDate(ev('registration')));
    add('Last Update', jprsDate(ev('last changed') || ev('registration'), true));
  } else {
    add('Domain Name', name.toUpperCase());
    lines.push('');
    add('Registrant', rv?.org || rv?.fn || '');
    lines.push('');
    for (const ns of nameservers) add('Name Server', ns);
    add('Signing Key', signed ? 'signed' : '');
    lines.push('');
    add('Created on', jprsDate(ev('registration')));
    add('Expires on', jprsDate(ev('expiration')));
    add('Status', state);
    add('Last Updated', jprsDate(ev('last changed') || ev('registration'), true));
    const admin = byRole('administrative') ?? registrant;
    if (admin) {
      const v = vcardOf(admin);
      lines.push('', 'Contact Information:');
      add('Name', v.org || v.fn);
      add('Email', v.email);
      add('Web Page');
      add('Postal code', v.pc);
      add('Postal Address', [v.sp, v.city, ...v.street].filter(Boolean).join('\n'));
      add('Phone', v.phone);
      add('Fax', v.fax);
    }
  }
  lines.push('', `>>> Last update of WHOIS database: ${jprsDate(o.now.toISOString(), true)} <<<`);
  return lines.join('\r\n') + '\r\n';
}

/** The port-43 answer for a name nobody holds here. */
export function whoisNoMatch(name: string): string {
  return `No match for "${name.toUpperCase()}".\r\n>>> Last update of WHOIS database: ${new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')} <<<\r\n`;
}

/** Reads one port-43 query line: the name asked for (lower-case, no trailing dot), or null. */
export function whoisQueryName(line: string): string | null {
  const q = line.trim().replace(/^domain\s+/i, '').replace(/\.$/, '').toLowerCase();
  return q && q.length <= 253 && /^[a-z0-9.-]+$/.test(q) ? q : null;
}

/** The facts of a domain answer a person looks for first (the lookup page's summary above the WHOIS text). */
export interface RdapDomainSummary {
  registrar: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  expiresAt: string | null;
  /** EPP status codes (ok, clientTransferProhibited, …) */
  statuses: string[];
  nameServers: string[];
  /** the registrant as published; null in a thin (registry) answer */
  registrant: { name: string; organization: string | null; email: string | null; privacy: boolean } | null;
  dnssec: boolean;
}

export function rdapDomainSummary(d: Json): RdapDomainSummary {
  const events = (d.events as Array<{ eventAction?: string; eventDate?: string }> | undefined) ?? [];
  const ev = (a: string) => events.find((e) => e.eventAction === a)?.eventDate ?? null;
  const entities = (d.entities as Json[] | undefined) ?? [];
  const withRole = (role: string) => entities.find((e) => (e.roles as string[] | undefined)?.includes(role));
  const registrar = withRole('registrar');
  const registrant = withRole('registrant');
  const rv = registrant ? vcardOf(registrant) : null;
  return {
    registrar: registrar ? vcardOf(registrar).fn || null : null,
    createdAt: ev('registration'),
    updatedAt: ev('last changed'),
    expiresAt: ev('expiration'),
    statuses: ((d.status as string[] | undefined) ?? []).map(rdapToEppStatus),
    nameServers: ((d.nameservers as Array<{ ldhName?: string }> | undefined) ?? []).map((n) => String(n.ldhName ?? '').toLowerCase()).filter(Boolean),
    registrant: rv ? {
      name: rv.fn, organization: rv.org || null, email: rv.email || null,
      privacy: ((registrant!.remarks as Array<{ title?: string }> | undefined) ?? []).some((r) => r.title === 'REDACTED FOR PRIVACY'),
    } : null,
    dnssec: !!(d.secureDNS as { delegationSigned?: boolean } | undefined)?.delegationSigned,
  };
}
