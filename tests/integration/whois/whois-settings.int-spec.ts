/**
 * Default settings (used by new registrations), API settings with the key shown once and kept hashed, the key check
 * the public API uses, and the .co.jp organisation form read back from the registry by EPP info.
 */
import { ApiKeyVerifyResult, WhoisPatterns } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { insertPortfolio, portfolio } from '@registrar/domain-ops';
import { Member, xhr } from '../purchase/purchase-harness';
import { freeName } from '../epp/epp-harness';
import { startWhoisHarness, WhoisHarness } from './whois-harness';

let w: WhoisHarness;
beforeAll(async () => {
  w = await startWhoisHarness();
}, 180_000);
afterAll(async () => {
  await w?.close();
}, 60_000);

const person = { email: 'hanako@example.jp', last_name: 'Sato', first_name: 'Hanako', role: 1, cc: 'JP', pc: '1000001', sp: 'Tokyo', city: 'Chiyoda-ku', street1: '1-1', phone: '0312345678', phone_country_code: '81' };
const defaultsOf = async (c: Member) => (await c.agent.get('/mypage/domain/default').set(xhr(c)).expect(200)).body;

describe('default settings', () => {
  let member: Member;
  let contactId: number;

  it('refuses bad name servers and another member\'s contact, with the spec messages', async () => {
    member = await w.p.member(20_000);
    contactId = (await member.agent.post('/mypage/domain/whois').set(xhr(member)).send(person).expect(200)).body.contact.id;
    const other = await w.p.member(0);
    const theirs = (await other.agent.post('/mypage/domain/whois').set(xhr(other)).send(person).expect(200)).body.contact.id;
    const base = { ...(await defaultsOf(member)).defaultSetting };
    const save = (body: Record<string, unknown>) => member.agent.post('/mypage/domain/default').set(xhr(member)).send({ ...base, ...body }).expect(200);
    expect((await save({ domain_create_name_servers: ['ns1.example.com'] })).body).toMatchObject({ status: 0, error_msg: M.nsAtLeastTwo });
    expect((await save({ domain_create_name_servers: 'ns1.example.com, NS1.example.com' })).body).toMatchObject({ status: 0, error_msg: M.nsDuplicate });
    expect((await save({ domain_create_name_servers: ['ns1.example.com', 'ns_2.example.com'] })).body).toMatchObject({ status: 0, error_msg: M.nsBadChars });
    expect((await save({ domain_create_reg_record_id: theirs })).body).toMatchObject({ status: 0, error_msg: M.contactNotFound });
  });

  it('saves every field; a new registration uses them (proxy off: the default contact at the registry, name servers, no auto-renew)', async () => {
    const r = await member.agent.post('/mypage/domain/default').set(xhr(member)).send({
      domain_create_is_domain_lock_enabled_flg: 0, domain_create_is_auto_update_enabled_flg: 0, domain_create_is_whois_proxy_enabled_flg: 0,
      domain_create_reg_record_id: contactId, domain_create_adm_contact_id: contactId, domain_create_tec_contact_id: contactId, domain_create_bil_contact_id: contactId,
      domain_create_name_servers: ' NS1.Example-DNS.net ,ns2.example-dns.net,,',
      whois_proxy_disabled_reg_record_id: contactId, whois_proxy_disabled_adm_contact_id: null, whois_proxy_disabled_tec_contact_id: null, whois_proxy_disabled_bil_contact_id: null,
    }).expect(200);
    expect(r.body).toEqual({ status: 1, error_msg: null, errors: {} });
    const saved = (await defaultsOf(member)).defaultSetting;
    expect(saved).toMatchObject({ domain_create_is_auto_update_enabled_flg: 0, domain_create_is_whois_proxy_enabled_flg: 0, domain_create_reg_record_id: contactId, domain_create_name_servers: ['ns1.example-dns.net', 'ns2.example-dns.net'] });
    const [name] = await w.buy(member, ['net']);
    const info = await w.epp.info(name);
    expect(info.registrant).toBe((await w.p.db.query('SELECT registry_contact_id FROM domain_ops.contacts WHERE id = $1', [contactId])).rows[0].registry_contact_id);
    expect(info.registrant).toMatch(/^rkc[a-km-z2-9]{13}$/);
    expect(info.ns).toEqual(['ns1.example-dns.net', 'ns2.example-dns.net']);
    const row = (await w.p.db.query('SELECT is_whois_proxy_enabled, is_auto_update_enabled, reg_contact_id FROM domain_ops.domains WHERE punycode = $1', [name])).rows[0];
    expect(row).toEqual({ is_whois_proxy_enabled: false, is_auto_update_enabled: false, reg_contact_id: String(contactId) });
  });
});

describe('API settings and the API key', () => {
  it('counts for the gate the domains under management that the sidebar counts (not trashed)', async () => {
    const m = await w.p.member(0);
    const q = (sql: string, params?: unknown[]) => w.p.db.query(sql, params).then((r) => r.rows);
    const now = new Date();
    // ten domains, one of them in the trash: nine under management, below the gate of ten
    const mine = portfolio(10, `g${Date.now().toString(36)}`, now, 5).map((d, i) => ({ ...d, trash: i === 0, dueDate: new Date(now.getTime() + (i === 1 ? -5 : 100) * 86_400_000) }));
    await insertPortfolio(q, m.userId, mine, { now });
    const shown = (await m.agent.get('/mypage/user/api').set(xhr(m)).expect(200)).body;
    const sidebar = (await m.agent.get('/mypage/domain/count').set(xhr(m)).expect(200)).body.count;
    expect(shown.user.domain_count).toBe(9);
    expect(shown.user.domain_count).toBe(sidebar);
    expect((await m.agent.post('/mypage/user/api').set(xhr(m)).send({ isApiEnabled: 1, isIpRestriction: 0, apiAllowedIps: [] }).expect(200)).body.errors).toEqual([M.apiRequirement]);
  });

  it('gates API use, gives the key once, keeps only its hash, rotates it, and checks keys and IPs for the public API', async () => {
    const poor = await w.p.member(0);
    const save = (c: Member, body: Record<string, unknown>) => c.agent.post('/mypage/user/api').set(xhr(c)).send(body).expect(200);
    expect((await save(poor, { isApiEnabled: 1, isIpRestriction: 0, apiAllowedIps: [] })).body).toEqual({ status: 0, errors: [M.apiRequirement], apiKey: null });
    expect((await save(poor, { isApiEnabled: 0, isIpRestriction: 1, apiAllowedIps: '' })).body.errors).toEqual([M.apiNeedsApiOn, M.apiNeedsIps]);

    const rich = await w.p.member(10_000);
    // issue 23, finding 11: a block of every address is no restriction
    expect((await save(rich, { isApiEnabled: 1, isIpRestriction: 1, apiAllowedIps: '0.0.0.0/0\n::/0\n192.0.2.10' })).body).toEqual({
      status: 0, errors: [M.apiIpAllowsAll.replace('{ip}', '0.0.0.0/0'), M.apiIpAllowsAll.replace('{ip}', '::/0')], apiKey: null,
    });
    const on = await save(rich, { isApiEnabled: 1, isIpRestriction: 1, apiAllowedIps: ' 192.0.2.10 \n\n192.0.2.10\n2001:db8::/32\n' });
    expect(on.body.status).toBe(1);
    const key: string = on.body.apiKey;
    expect(key).toMatch(/^rk_[A-Za-z0-9]{40}$/);
    const shown = (await rich.agent.get('/mypage/user/api').set(xhr(rich)).expect(200)).body;
    expect(shown).toEqual({ user: { is_api_enabled: 1, is_ip_restriction: 1, api_allowed_ip: [{ ip: '192.0.2.10' }, { ip: '2001:db8::/32' }], has_api_key: true, api_key_prefix: key.slice(0, 10), domain_count: 0 }, point: 10_000 });
    expect(JSON.stringify(shown)).not.toContain(key);
    const stored = (await w.p.db.query('SELECT key_hash FROM domain_ops.api_settings WHERE user_id = $1', [rich.userId])).rows[0].key_hash;
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(key.slice(3));
    // saving again does not show or change the key
    expect((await save(rich, { isApiEnabled: 1, isIpRestriction: 1, apiAllowedIps: ['192.0.2.10'] })).body).toEqual({ status: 1, errors: [], apiKey: null });

    const verify = (apiKey: string, ip: string) => w.call<ApiKeyVerifyResult>(WhoisPatterns.ApiVerifyKey, { apiKey, ip });
    expect(await verify(key, '192.0.2.10')).toEqual({ valid: true, userId: rich.userId, reason: null });
    expect(await verify(key, '::ffff:192.0.2.10')).toEqual({ valid: true, userId: rich.userId, reason: null });
    expect(await verify(key, '198.51.100.1')).toEqual({ valid: false, userId: rich.userId, reason: 'ip-not-allowed' });
    expect(await verify(`${key.slice(0, -1)}${key.endsWith('x') ? 'y' : 'x'}`, '192.0.2.10')).toMatchObject({ valid: false, reason: 'unknown-key' }); // one character changed

    const rotated = (await rich.agent.post('/mypage/user/api/key').set(xhr(rich)).expect(200)).body;
    expect(rotated.status).toBe(1);
    expect(rotated.apiKey).not.toBe(key);
    expect(await verify(key, '192.0.2.10')).toMatchObject({ valid: false, reason: 'unknown-key' });
    expect(await verify(rotated.apiKey, '192.0.2.10')).toMatchObject({ valid: true });
    await save(rich, { isApiEnabled: 0, isIpRestriction: 0, apiAllowedIps: [] });
    expect(await verify(rotated.apiKey, '192.0.2.10')).toEqual({ valid: false, userId: rich.userId, reason: 'api-disabled' });
  });
});

describe('.co.jp organisation form', () => {
  const org = {
    organization: 'Rakko Org KK', organization_jp: 'Rakko Org KK', organization_type: 10, cc: 'JP', pc: '1500002', sp: 'Tokyo', city: 'Shibuya-ku', street1: '1-1-1 Shibuya',
    phone: '0312345678', email: 'org@example.jp', registration_date: '2020/04/01', name: 'Taro Yamada',
  };
  const reg = { ...org, role: 'organization', last_name: 'Yamada', first_name: 'Taro', registration_date: undefined };

  it('shows the WHOIS given at purchase, validates with the .co.jp rules, and replaces the registry contacts', async () => {
    const member = await w.p.member(30_000);
    const name = await freeName(w.epp, 'co.jp', 'org');
    await member.agent.post('/mypage/domain/create/prereq').set(xhr(member))
      .send({ domainName: name, contact: { org, reg }, preRegister: false, isDifferentTec: false, isDifferentAdm: false, isDifferentBil: false }).expect(200);
    await w.buyNames(member, [name]);
    const got = (await member.agent.get(`/mypage/domain/whois/get?domainName=${name}`).set(xhr(member)).expect(200)).body;
    expect(got.contacts.org_contact).toMatchObject({ organization: 'Rakko Org KK' });
    expect(got.contacts.tec_contact).toBeNull();

    const update = (contact: Record<string, unknown>) => member.agent.post('/mypage/domain/whois/org/update').set(xhr(member)).send({ domainName: name, contact }).expect(200);
    expect((await update({ org })).body).toMatchObject({ result: false, message: [M.registrantMissing] });
    expect((await update({ org, reg: { ...reg, organization: 'Other KK', organization_jp: 'Other KK' } })).body.message).toEqual([M.orgNameMismatch]);
    const tec = { ...reg, role: 'individual', last_name: 'Suzuki', first_name: 'Jiro', email: 'tech@example.jp' };
    const ok = await update({ org: { ...org, street1: '2-2-2 Shibuya' }, reg, tec });
    expect(ok.body).toEqual({ result: true, message: [M.whoisOrgUpdated], errors: {} });
    const info = await w.epp.info(name);
    const registrant = await w.epp.contactInfo(info.registrant!);
    expect(registrant.postalInfo[0].street).toEqual(['2-2-2 Shibuya']);
    const techId = info.contacts.find((c) => c.type === 'tech')!.id;
    expect((await w.epp.contactInfo(techId)).email).toBe('tech@example.jp');
    expect(info.contacts.find((c) => c.type === 'admin')!.id).not.toBe(techId);
    const again = (await member.agent.get(`/mypage/domain/whois/get?domainName=${name}`).set(xhr(member)).expect(200)).body;
    expect(again.contacts.tec_contact).toMatchObject({ email: 'tech@example.jp' });
    // a .co.jp is never changed through the list's WHOIS change
    const id = Number((await w.p.db.query('SELECT id FROM domain_ops.domains WHERE punycode = $1', [name])).rows[0].id);
    const d = await member.agent.post('/mypage/domain/whois/select/dispatch').set(xhr(member)).send({ domains: [id], useOriginalWhois: 0 }).expect(200);
    expect(d.body.contents).toEqual([{ id, status: 2, message: M.whoisCoJpIndividual }]);
    // an admin-locked .co.jp: the form's update is refused and the registry keeps its contacts
    await w.p.db.query('UPDATE domain_ops.domains SET admin_lock_status = 1 WHERE id = $1', [id]);
    expect((await update({ org: { ...org, street1: '3-3-3 Shibuya' }, reg, tec })).body).toEqual({ result: false, message: [M.adminLocked], errors: {} });
    const locked = await w.epp.info(name);
    expect((await w.epp.contactInfo(locked.registrant!)).postalInfo[0].street).toEqual(['2-2-2 Shibuya']);
    expect(locked.contacts).toEqual(info.contacts);
  });
});
