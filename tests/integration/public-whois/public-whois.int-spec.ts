/**
 * Public WHOIS for real: domains bought through the purchase path, our RDAP validated against ICANN's schemas, our
 * port-43 server and the registry simulator's read by a WHOIS client library (whoiser: its query and its parser), the
 * registry's RDAP linking to ours, and the lookup page's call following that link as RDAP clients do.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import request from 'supertest';
import { query as whoisQuery } from 'whoiser';
import { M } from '@registrar/messages';
import { PublicWhoisService, RunningWhoisServer, startRegistrarWhois } from '@registrar/gateway';
import { freeName } from '../epp/epp-harness';
import { client } from '../gateway/gateway-harness';
import { Member, xhr } from '../purchase/purchase-harness';
import { startWhoisHarness, WhoisHarness } from '../whois/whois-harness';
import { rdapValidator } from './rdap-schema';

const { parseDomainWhois } = require('whoiser/src/parsers.js') as { parseDomainWhois(domain: string, text: string, ignorePrivacy?: boolean): Record<string, string | string[]> };

// buying through the registry and checks across the network take longer than jest's default on a busy machine
jest.setTimeout(120_000);

const W = Number(process.env.TEST_WHOIS_PORT ?? 14343);
const SIM_WHOIS = W + 2;
const SIM_RDAP = `http://127.0.0.1:${W + 3}/rdap`;
const RDAP = 'application/rdap+json';
const execFileP = promisify(execFile);

let w: WhoisHarness;
let port43: RunningWhoisServer;
const validate = rdapValidator();
const expectValid = (schema: string, json: unknown) => expect(validate(schema, json)).toEqual([]);

beforeAll(async () => {
  // the gateway listens where the simulator's answers link to (REGISTRY_SIM_REGISTRAR_RDAP of the test runner)
  w = await startWhoisHarness({ port: W + 6 });
  const svc = w.p.h.app.get(PublicWhoisService);
  port43 = await startRegistrarWhois({ port: W, host: '127.0.0.1', lookup: (n) => svc.whoisText(n) });
}, 180_000);
afterAll(async () => {
  await port43?.close();
  await w?.close();
}, 60_000);

const person = { email: 'taro.whois@example.jp', last_name: 'Yamada', first_name: 'Taro', role: 1, cc: 'JP', pc: '1500002', sp: 'Tokyo', city: 'Shibuya-ku', street1: '2-2-2 Dogenzaka', phone: '0311112222', phone_country_code: '81' };

async function whois43(port: number, name: string): Promise<{ raw: string; parsed: Record<string, string | string[]> }> {
  const raw = await whoisQuery({ host: '127.0.0.1', port, query: name, timeout: 10_000 });
  return { raw, parsed: parseDomainWhois(name, raw) };
}

describe('public WHOIS of our domains', () => {
  let member: Member;
  let proxied: string;
  let open: string;

  beforeAll(async () => {
    member = await w.p.member(30_000);
    const contactId = (await member.agent.post('/mypage/domain/whois').set(xhr(member)).send(person).expect(200)).body.contact.id;
    // proxy on (the default) for the first; then proxy off with the member's contact for the second
    [proxied] = await w.buy(member, ['com']);
    await member.agent.post('/mypage/domain/default').set(xhr(member)).send({
      domain_create_is_domain_lock_enabled_flg: 1, domain_create_is_auto_update_enabled_flg: 1, domain_create_is_whois_proxy_enabled_flg: 0,
      domain_create_reg_record_id: contactId, domain_create_adm_contact_id: contactId, domain_create_tec_contact_id: contactId, domain_create_bil_contact_id: contactId,
      domain_create_name_servers: ['01.dnsv.jp', '02.dnsv.jp'],
      whois_proxy_disabled_reg_record_id: contactId, whois_proxy_disabled_adm_contact_id: null, whois_proxy_disabled_tec_contact_id: null, whois_proxy_disabled_bil_contact_id: null,
    }).expect(200);
    [open] = await w.buy(member, ['net']);
  }, 240_000);

  it('RDAP: a proxied domain shows the privacy service with the domain\'s own address, valid against the schemas', async () => {
    const r = await request(w.p.h.url).get(`/rdap/domain/${proxied}`).expect(200);
    expect(r.headers['content-type']).toMatch(/^application\/rdap\+json/);
    const json = JSON.parse(r.text);
    expectValid('rdap_domain.json', json);
    expect(json).toMatchObject({ objectClassName: 'domain', ldhName: proxied, rdapConformance: expect.arrayContaining(['rdap_level_0']) });
    const registrant = json.entities.find((e: { roles: string[] }) => e.roles.includes('registrant'));
    expect(registrant.roles).toEqual(['registrant', 'administrative', 'technical', 'billing']);
    const vcard = Object.fromEntries(registrant.vcardArray[1].map((p: [string, unknown, string, unknown]) => [p[0], p[3]]));
    expect(vcard.fn).toBe('Whois Privacy Protection Service');
    expect(vcard.email).toMatch(/^px-[a-z2-9]{20}@whois-proxy\.rakko\.example$/);
    expect(registrant.remarks[0].title).toBe('REDACTED FOR PRIVACY');
    // nothing of the member's own contact
    expect(r.text).not.toContain('Yamada');
    expect(r.text).not.toContain(person.email);
    const registrar = json.entities.find((e: { roles: string[] }) => e.roles.includes('registrar'));
    expect(registrar.publicIds[0]).toEqual({ type: 'IANA Registrar ID', identifier: '9999' });
    // the proxy contact and the name server are objects of their own
    const entity = await request(w.p.h.url).get(`/rdap/entity/${registrant.handle}`).expect(200);
    expect(entity.headers['content-type']).toMatch(/^application\/rdap\+json/);
    expectValid('rdap_entity.json', JSON.parse(entity.text));
    const ns = json.nameservers[0].ldhName;
    const nsr = await request(w.p.h.url).get(`/rdap/nameserver/${ns}`).expect(200);
    expectValid('rdap_nameserver.json', JSON.parse(nsr.text));
  });

  it('RDAP: a domain without proxy shows the member\'s contact; help and errors are RDAP too', async () => {
    const r = await request(w.p.h.url).get(`/rdap/domain/${open.toUpperCase()}`).expect(200);
    const json = JSON.parse(r.text);
    expectValid('rdap_domain.json', json);
    const registrant = json.entities.find((e: { roles: string[] }) => e.roles.includes('registrant'));
    const vcard = Object.fromEntries(registrant.vcardArray[1].map((p: [string, unknown, string, unknown]) => [p[0], p[3]]));
    expect(vcard).toMatchObject({ fn: 'Taro Yamada', email: person.email, tel: 'tel:+81.311112222' });
    expect(registrant.remarks).toBeUndefined();
    expect(json.status).toEqual(['client transfer prohibited']);
    expect(json.nameservers.map((n: { ldhName: string }) => n.ldhName)).toEqual(['01.dnsv.jp', '02.dnsv.jp']);
    const help = await request(w.p.h.url).get('/rdap/help').expect(200);
    expect(help.headers['content-type']).toMatch(/^application\/rdap\+json/);
    expectValid('rdap_help.json', JSON.parse(help.text));
    const missing = await request(w.p.h.url).get('/rdap/domain/never-registered-here-xyz.com').expect(404);
    expect(missing.headers['content-type']).toMatch(/^application\/rdap\+json/);
    expectValid('rdap_error.json', JSON.parse(missing.text));
    expect((await request(w.p.h.url).get('/rdap/entity/rkc0').expect(404)).body).toBeDefined();
    // searches (not offered) and other paths are RDAP errors as well
    const search = await request(w.p.h.url).get('/rdap/domains?name=exa*.com').expect(501);
    expect(search.headers['content-type']).toMatch(/^application\/rdap\+json/);
    expectValid('rdap_error.json', JSON.parse(search.text));
    const other = await request(w.p.h.url).get('/rdap/autnum/1').expect(400);
    expectValid('rdap_error.json', JSON.parse(other.text));
  });

  it('the domain\'s handle is the registry\'s ROID; before it arrives, RDAP has no handle and port 43 an empty Registry Domain ID, never an id of ours', async () => {
    // the ROID comes from the registration's follow-up (domain:info after the create, ADR 0041)
    let roid: string | null = null;
    for (let i = 0; i < 600 && !roid; i++) {
      roid = (await w.p.db.query('SELECT registry_domain_id FROM domain_ops.domains WHERE punycode = $1', [proxied])).rows[0]?.registry_domain_id ?? null;
      if (!roid) await new Promise((r) => setTimeout(r, 100));
    }
    expect(roid).toBeTruthy();
    const registry = await w.epp.info(proxied);
    expect(roid).toBe(registry.roid);
    const rdap = async () => JSON.parse((await request(w.p.h.url).get(`/rdap/domain/${proxied}`).expect(200)).text);
    expect((await rdap()).handle).toBe(roid);
    expect((await whois43(W, proxied)).raw).toMatch(new RegExp(`^Registry Domain ID: ${roid}\\r?$`, 'm'));
    // the moments between the create and the follow-up: the domain is ours, its ROID not known yet
    const { rows: [row] } = await w.p.db.query('UPDATE domain_ops.domains SET registry_domain_id = NULL WHERE punycode = $1 RETURNING id', [proxied]);
    try {
      const json = await rdap();
      expectValid('rdap_domain.json', json);
      expect(json).toMatchObject({ objectClassName: 'domain', ldhName: proxied });
      expect(json).not.toHaveProperty('handle');
      expect(JSON.stringify(json)).not.toContain(`RK${row.id}`);
      const { raw } = await whois43(W, proxied);
      expect(raw).toMatch(/^Registry Domain ID: ?\r?$/m);
      expect(raw).not.toContain(`RK${row.id}`);
    } finally {
      await w.p.db.query('UPDATE domain_ops.domains SET registry_domain_id = $2 WHERE punycode = $1', [proxied, roid]);
    }
  });

  it('a member\'s contact not made at the registry yet: RDAP has it without a handle, port 43 with empty Registry … IDs, never rkc{id}', async () => {
    const { rows: [d] } = await w.p.db.query('SELECT reg_contact_id FROM domain_ops.domains WHERE punycode = $1', [open]);
    const { rows: [c] } = await w.p.db.query('SELECT id, registry_contact_id FROM domain_ops.contacts WHERE id = $1', [d.reg_contact_id]);
    expect(c.registry_contact_id).toBeTruthy();
    const rdap = async () => JSON.parse((await request(w.p.h.url).get(`/rdap/domain/${open}`).expect(200)).text);
    const registrantOf = (json: { entities: Array<{ roles: string[] }> }) => json.entities.find((e) => e.roles.includes('registrant')) as Record<string, unknown>;
    expect(registrantOf(await rdap()).handle).toBe(c.registry_contact_id);
    // the moments before the contact is made at the registry (a change of contact on its way there)
    await w.p.db.query('UPDATE domain_ops.contacts SET registry_contact_id = NULL WHERE id = $1', [c.id]);
    try {
      const json = await rdap();
      expectValid('rdap_domain.json', json);
      const registrant = registrantOf(json);
      expect(registrant.roles).toEqual(['registrant', 'administrative', 'technical', 'billing']);
      expect(registrant).not.toHaveProperty('handle');
      expect(registrant).not.toHaveProperty('links');
      expect(JSON.stringify(json)).not.toContain(`rkc${c.id}`);
      const { raw, parsed } = await whois43(W, open);
      expect(parsed['Registrant Name']).toBe('Taro Yamada');
      for (const key of ['Registry Registrant ID', 'Registry Admin ID', 'Registry Tech ID', 'Registry Billing ID']) expect(raw).toMatch(new RegExp(`^${key}: ?\\r?$`, 'm'));
      expect(raw).not.toContain(`rkc${c.id}`);
      // and nothing to look up by the id we never published
      await request(w.p.h.url).get(`/rdap/entity/rkc${c.id}`).expect(404);
    } finally {
      await w.p.db.query('UPDATE domain_ops.contacts SET registry_contact_id = $2 WHERE id = $1', [c.id, c.registry_contact_id]);
    }
  });

  it('port 43: a WHOIS client reads our key: value answer (proxy respected), and no match for others', async () => {
    const { parsed, raw } = await whois43(W, proxied);
    expect(parsed['Domain Name']).toBe(proxied.toUpperCase());
    expect(parsed.Registrar).toBe('Rakko Registrar');
    expect(parsed['Registrar IANA ID']).toBe('9999');
    expect(parsed['Registrant Name']).toBe('Whois Privacy Protection Service');
    expect(parsed['Registrant Email']).toMatch(/^px-[a-z2-9]{20}@whois-proxy\.rakko\.example$/);
    expect(parsed['Name Server']).toEqual(expect.arrayContaining([expect.stringMatching(/\./)]));
    expect(raw).not.toContain('Yamada');
    const o = await whois43(W, open);
    expect(o.parsed['Registrant Name']).toBe('Taro Yamada');
    expect(o.parsed['Domain Status']).toEqual(['clientTransferProhibited https://icann.org/epp#clientTransferProhibited']);
    expect((await whois43(W, 'never-registered-here-xyz.com')).raw).toMatch(/^No match for "NEVER-REGISTERED-HERE-XYZ.COM"/);
  });

  it('the registry\'s own RDAP and WHOIS answer for the name and link to our RDAP service', async () => {
    const r = await fetch(`${SIM_RDAP}/domain/${proxied}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/rdap\+json/);
    const json = await r.json();
    expectValid('rdap_domain.json', json);
    expect(json.links).toContainEqual(expect.objectContaining({ rel: 'related', type: RDAP, href: `http://127.0.0.1:${W + 6}/rdap/domain/${proxied}` }));
    const { parsed } = await whois43(SIM_WHOIS, proxied);
    expect(parsed['Domain Name']).toBe(proxied.toUpperCase());
    expect(parsed.Registrar).toBe('Rakko Registrar');
    expect(parsed['Registrar WHOIS Server']).toBe('whois.rakko.example');
    const help = await fetch(`${SIM_RDAP}/help`);
    expectValid('rdap_help.json', await help.json());
  });
});

describe('registry truth: the registry and we publish one registrar, and answer as RFC 9082/9083 and the RAA say', () => {
  let member: Member;
  let name: string;
  const simRdap = (path: string) => fetch(`${SIM_RDAP}${path}`);

  beforeAll(async () => {
    member = await w.p.member(30_000);
    [name] = await w.buy(member, ['com']);
  }, 240_000);

  it('one IANA registrar id and one abuse phone on both sides; /rdap/entity/<id> has its self link and events', async () => {
    const ours = JSON.parse((await request(w.p.h.url).get(`/rdap/domain/${name}`).expect(200)).text);
    const theirs = await (await simRdap(`/domain/${name}`)).json();
    const registrarOf = (j: any) => j.entities.find((e: { roles: string[] }) => e.roles.includes('registrar'));
    const abusePhone = (e: any) => e.entities[0].vcardArray[1].find((p: unknown[]) => p[0] === 'tel')[3];
    expect(registrarOf(theirs).publicIds).toEqual(registrarOf(ours).publicIds);
    expect(registrarOf(ours).publicIds[0].identifier).toBe('9999');
    expect(abusePhone(registrarOf(theirs))).toBe(abusePhone(registrarOf(ours)));
    for (const base of [`${w.p.h.url}/rdap`, SIM_RDAP]) {
      const r = await fetch(`${base}/entity/9999`);
      expect(r.status).toBe(200);
      const e = await r.json();
      expectValid('rdap_entity.json', e);
      expect(e.links).toContainEqual(expect.objectContaining({ rel: 'self', href: expect.stringMatching(/\/rdap\/entity\/9999$/) }));
      expect(e.events.map((x: { eventAction: string }) => x.eventAction)).toContain('last update of RDAP database');
      expect(e.publicIds).toEqual([{ type: 'IANA Registrar ID', identifier: '9999' }]);
    }
  });

  it('the registry\'s nameserver links resolve', async () => {
    const theirs = await (await simRdap(`/domain/${name}`)).json();
    expect(theirs.nameservers.length).toBeGreaterThan(0);
    for (const ns of theirs.nameservers) {
      const self = ns.links.find((l: { rel: string }) => l.rel === 'self').href;
      const r = await fetch(self);
      expect(r.status).toBe(200);
      const j = await r.json();
      expectValid('rdap_nameserver.json', j);
      expect(j.ldhName).toBe(ns.ldhName);
    }
  });

  it('the registry answers 400 for a bad name and 501 for a query it does not offer, never echoing the input', async () => {
    for (const path of ['/domain/%3Cscript%3Ealert(1)%3C%2Fscript%3E.com', '/domain/-bad-.com', '/nameserver/a..b', '/frobnicate/x', '/domain/%E0%A4%A']) {
      const r = await simRdap(path);
      expect(r.status).toBe(400);
      expect(r.headers.get('content-type')).toMatch(/^application\/rdap\+json/);
      const body = await r.text();
      expect(body).not.toMatch(/<script|alert|frobnicate|-bad-|a\.\.b/);
      expectValid('rdap_error.json', JSON.parse(body));
    }
    for (const path of ['/ip/192.0.2.1', '/autnum/64496', '/domains?name=exa*.com', '/nameservers?ip=192.0.2.1', '/entities?fn=x*']) {
      const r = await simRdap(path);
      expect(r.status).toBe(501);
      const body = await r.text();
      expect(body).not.toMatch(/192\.0\.2|64496|exa\*/);
      expectValid('rdap_error.json', JSON.parse(body));
    }
    expect((await simRdap('/domain/never-registered-here-xyz-1.com')).status).toBe(404);
  });

  it('port 43 (Debian\'s whois client): RAA keys Phone Ext, Fax absent or filled, the terms of use; the registry\'s Registrar URL', async () => {
    // asynchronously: our port-43 server runs in this process
    const whoisCli = async (port: number, q: string) => (await execFileP('whois', ['-h', '127.0.0.1', '-p', String(port), q], { encoding: 'utf8', timeout: 30_000 })).stdout;
    const ours = await whoisCli(W, name);
    for (const role of ['Registrant', 'Admin', 'Tech']) {
      expect(ours).toMatch(new RegExp(`^${role} Phone: \\+\\d`, 'm'));
      expect(ours).toMatch(new RegExp(`^${role} Phone Ext:`, 'm'));
      const fax = new RegExp(`^${role} Fax: (.*)$`, 'm').exec(ours);
      if (fax) expect(fax[1]!.trim()).not.toBe('');
      const faxExt = new RegExp(`^${role} Fax Ext:`, 'm').test(ours);
      expect(faxExt).toBe(!!fax);
    }
    expect(ours).toMatch(/^TERMS OF USE: /m);
    const registry = await whoisCli(SIM_WHOIS, name);
    expect(registry).toMatch(/^Registrar URL: https?:\/\/\S+/m);
    expect(registry).toMatch(/^Registrar IANA ID: 9999\r?$/m);
    expect(registry).toMatch(/^TERMS OF USE: /m);
  });
});

describe('public WHOIS of a .co.jp (the organisation form)', () => {
  // the registry allows one .co.jp per organisation (by its name), and other tests buy .co.jp names from the same registry
  const orgName = `Pub Whois ${Date.now().toString(36)} KK`;
  const org = {
    organization: orgName, organization_jp: orgName, organization_type: 10, cc: 'JP', pc: '1500002', sp: 'Tokyo', city: 'Shibuya-ku', street1: '1-1-1 Shibuya',
    phone: '0312345678', email: 'org@example.jp', registration_date: '2020/04/01', name: orgName,
  };
  const reg = { ...org, role: 'organization', last_name: 'Yamada', first_name: 'Hanako', email: 'hanako@example.jp', registration_date: undefined };

  it('publishes the organisation as registrant and the registrant person for the staff left "same", in RDAP and on port 43', async () => {
    const member = await w.p.member(30_000);
    const name = await freeName(w.epp, 'co.jp', 'pubjp');
    await member.agent.post('/mypage/domain/create/prereq').set(xhr(member))
      .send({ domainName: name, contact: { org, reg }, preRegister: false, isDifferentTec: false, isDifferentAdm: false, isDifferentBil: false }).expect(200);
    await w.buyNames(member, [name]);

    const r = await request(w.p.h.url).get(`/rdap/domain/${name}`).expect(200);
    const json = JSON.parse(r.text);
    expectValid('rdap_domain.json', json);
    const byRole = (role: string) => json.entities.find((e: { roles: string[] }) => e.roles.includes(role));
    const fn = (e: { vcardArray: [string, Array<[string, unknown, string, unknown]>] }) => Object.fromEntries(e.vcardArray[1].map((p) => [p[0], p[3]]));
    expect(fn(byRole('registrant'))).toMatchObject({ fn: orgName, email: 'org@example.jp' });
    expect(fn(byRole('technical'))).toMatchObject({ fn: 'Hanako Yamada', email: 'hanako@example.jp' });
    expect(byRole('administrative').handle).toBe(byRole('technical').handle);
    // every entity the answer names is an object of its own
    for (const role of ['registrant', 'technical']) {
      const e = await request(w.p.h.url).get(`/rdap/entity/${byRole(role).handle}`).expect(200);
      expectValid('rdap_entity.json', JSON.parse(e.text));
    }

    // .jp answers in JPRS's bracket layout, the only one whoiser's parser reads for .jp
    const { raw, parsed } = await whois43(W, name);
    expect(raw).toContain(`a. [Domain Name]                ${name.toUpperCase()}`);
    expect(parsed['Domain Name']).toBe(name.toUpperCase());
    expect(parsed.Organization).toBe(orgName);
    expect(parsed['Technical Contact']).toBe(byRole('technical').handle);
    expect(parsed['Created Date']).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    expect(parsed['Domain Status']).toEqual([expect.stringMatching(/^Connected \(\d{4}\/\d{2}\/\d{2}\)$/)]);
    expect(parsed['Name Server']).toEqual(expect.arrayContaining([expect.stringMatching(/\./)]));

    // the lookup page reaches the same answer through the registry's link
    const guest = await client(w.p.h);
    const found = await guest.agent.post('/whois/search').set('X-Requested-With', 'XMLHttpRequest').set('X-CSRF-TOKEN', guest.token()).send({ domain: name }).expect(200);
    expect(found.body.result.data).toMatchObject({ source: 'registrar', summary: { registrant: { name: orgName, privacy: false } } });
  });
});

describe('POST whois/search (the lookup page)', () => {
  let guest: Awaited<ReturnType<typeof client>>;
  const search = (domain: unknown) => guest.agent.post('/whois/search').set('X-Requested-With', 'XMLHttpRequest').set('X-CSRF-TOKEN', guest.token()).send({ domain });

  beforeAll(async () => {
    guest = await client(w.p.h);
  });

  it('requires a domain (the spec message)', async () => {
    const r = await search('  ');
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ result: { result: false, data: null }, error_msg: [M.enterDomain] });
  });

  it('answers ours from our RDAP (reached through the registry\'s link), with the proxy respected', async () => {
    const member = await w.p.member(10_000);
    const [name] = await w.buy(member, ['org']);
    const r = await search(` ${name.toUpperCase()} `).expect(200);
    expect(r.body.result.result).toBe(true);
    expect(r.body.result.data).toMatchObject({ domain: name, registered: true, source: 'registrar', registrar: 'Rakko Registrar', rdapUrl: `http://127.0.0.1:${W + 6}/rdap/domain/${name}` });
    expect(r.body.result.data.text).toContain('Registrant Name: Whois Privacy Protection Service');
    expect(r.body.result.data.text).toContain(`Domain Name: ${name.toUpperCase()}`);
    expect(r.body.result.data.summary).toMatchObject({
      registrar: 'Rakko Registrar', statuses: expect.any(Array), nameServers: expect.arrayContaining([expect.stringMatching(/\./)]),
      registrant: { name: 'Whois Privacy Protection Service', privacy: true }, expiresAt: expect.stringMatching(/^\d{4}-/),
    });
  });

  it('answers a name held by another registrar from the registry, and says when nobody holds a name', async () => {
    // a name the simulator reports as taken by someone else (no registrar RDAP to follow)
    let taken = '';
    for (let i = 0; i < 60 && !taken; i++) {
      const names = Array.from({ length: 10 }, (_, j) => `whois-taken-${Date.now().toString(36)}-${i}-${j}.com`);
      taken = (await w.epp.check(names)).find((c) => !c.avail)?.name ?? '';
    }
    expect(taken).not.toBe('');
    const r = await search(taken).expect(200);
    expect(r.body.result.data).toMatchObject({ registered: true, source: 'registry', registrar: 'Sim Holder Registrar' });
    expect(r.body.result.data.text).toContain('Registry Expiry Date: ');
    expect(r.body.result.data.summary).toMatchObject({ registrar: 'Sim Holder Registrar', registrant: null });
    const free = await freeName(w.epp, 'com', 'whois-free');
    const f = await search(free).expect(200);
    expect(f.body.result.data).toMatchObject({ registered: false, domain: free, source: 'registry', summary: null });
  });
});
