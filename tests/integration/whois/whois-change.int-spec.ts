/**
 * WHOIS contacts and WHOIS change through the real gateway, domain-ops jobs and the registry simulator: contacts as
 * EPP contact objects, the registrant change of a gTLD held until the current registrant (for a proxied domain, its
 * proxy mailbox) follows the link in the simulator's approval mail, proxy on again without approval, cancelling a
 * held change, the .jp country rule, other members' ids refused, deleting only unused contacts.
 */
import { EppError } from '@registrar/epp';
import { M } from '@registrar/messages';
import { Member, xhr } from '../purchase/purchase-harness';
import { SimMailbox, startSimMailbox } from './sim-mailbox';
import { startWhoisHarness, WhoisHarness } from './whois-harness';

let w: WhoisHarness;
let mailbox: SimMailbox;
beforeAll(async () => {
  mailbox = await startSimMailbox();
  w = await startWhoisHarness();
}, 180_000);
afterAll(async () => {
  await w?.close();
  await mailbox?.close();
}, 60_000);

const person = (over: Record<string, unknown> = {}) => ({
  email: 'taro@example.jp', last_name: 'Yamada', first_name: 'Taro', role: 1, cc: 'JP', pc: '1500002', sp: 'Tokyo', city: 'Shibuya-ku',
  street1: '1-1-1 Shibuya', phone_country_code: '81', phone: '0312345678', ...over,
});

async function addContact(c: Member, body: Record<string, unknown>) {
  const r = await c.agent.post('/mypage/domain/whois').set(xhr(c)).send(body).expect(200);
  expect(r.body).toMatchObject({ status: 1, errors: {} });
  return r.body.contact as { id: number };
}
const contacts = async (c: Member) => (await c.agent.get('/mypage/domain/whois').set(xhr(c)).expect(200)).body.contacts as Array<{ id: number; domain_num: number; city: string }>;
const statusCount = async (c: Member) => (await c.agent.get('/mypage/whois/status/check').set(xhr(c)).expect(200)).body.count as number;
const dispatch = (c: Member, body: Record<string, unknown>) => c.agent.post('/mypage/domain/whois/select/dispatch').set(xhr(c)).send(body).expect(200);
const four = (id: number) => ({ whoisRegType: id, whoisAdmType: id, whoisTecType: id, whoisBilType: id });
async function domainId(c: Member, name: string): Promise<number> {
  const r = await c.agent.get('/mypage/domain/default').set(xhr(c)); // keeps the session warm; the ids come from the database
  expect(r.status).toBe(200);
  const rows = await w.p.db.query('SELECT id FROM domain_ops.domains WHERE punycode = $1 AND user_id = $2', [name, c.userId]);
  return Number(rows.rows[0].id);
}
/** The registry id of a member's contact (random, never derived from the row id: issue 23, finding 7). */
async function registryIdOf(contactId: number): Promise<string | null> {
  return (await w.p.db.query('SELECT registry_contact_id FROM domain_ops.contacts WHERE id = $1', [contactId])).rows[0]?.registry_contact_id ?? null;
}
async function until<T>(what: string, fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('WHOIS contacts and WHOIS change', () => {
  let member: Member;
  let com: string;
  let jp: string;
  let comId: number;
  let jpId: number;
  let taro: { id: number };
  let alice: { id: number };

  it('adds contacts (HTML kept as text) and lists them with a usage count of 0', async () => {
    member = await w.p.member(30_000);
    [com, jp] = await w.buy(member, ['com', 'jp']);
    comId = await domainId(member, com);
    jpId = await domainId(member, jp);
    taro = await addContact(member, person({ city: '<b>Shibuya</b>&' }));
    alice = await addContact(member, person({ email: 'alice@example.com', first_name: 'Alice', last_name: 'Smith', cc: 'US', pc: '94105', sp: 'CA', city: 'San Francisco', phone_country_code: '1', phone: '4155550100' }));
    const list = await contacts(member);
    expect(list.map((c) => [c.id, c.domain_num])).toEqual([[taro.id, 0], [alice.id, 0]]);
    expect(list[0].city).toBe('<b>Shibuya</b>&');
    const bad = await member.agent.post('/mypage/domain/whois').set(xhr(member)).send(person({ pc: '123', phone: '' })).expect(200);
    expect(bad.body.status).toBe(0);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['pc', 'phone']);
  });

  it('refuses another member\'s domain or contact ids, and a non-JP contact for .jp', async () => {
    const other = await w.p.member(0);
    const otherContact = await addContact(other, person());
    expect((await dispatch(other, { domains: [comId], useOriginalWhois: 1, contacts: four(otherContact.id) })).body).toEqual({ status: 2, errors: [M.domainNotFound], contents: [] });
    expect((await dispatch(member, { domains: [comId], useOriginalWhois: 1, contacts: four(otherContact.id) })).body).toEqual({ status: 2, errors: [M.contactNotFound], contents: [] });
    expect((await dispatch(member, { domains: [], useOriginalWhois: 0 })).body).toEqual({ status: 2, errors: [M.selectDomain], contents: [] });
    expect((await other.agent.post('/mypage/domain/whois/delete').set(xhr(other)).send({ contactId: taro.id }).expect(200)).body).toEqual({ status: 0, error_msg: M.contactNotFound });
    const jpBad = await dispatch(member, { domains: [jpId], useOriginalWhois: 1, contacts: { ...four(taro.id), whoisTecType: alice.id } });
    expect(jpBad.body).toEqual({ status: 1, errors: [], contents: [{ id: jpId, status: 2, message: M.jpContactCountry }] });
    expect(await statusCount(member)).toBe(0);
  });

  it('changes a .jp domain to a person at once (no approval at this registry); the contact becomes an EPP contact object', async () => {
    const r = await dispatch(member, { domains: [jpId], useOriginalWhois: 1, contacts: four(taro.id) });
    expect(r.body).toEqual({ status: 1, errors: [], contents: [{ id: jpId, status: 1, message: M.whoisChangeAccepted }] });
    await until('the .jp change', () => statusCount(member), (n) => n === 0);
    const info = await w.epp.info(jp);
    const taroAtRegistry = (await registryIdOf(taro.id))!;
    expect(taroAtRegistry).toMatch(/^rkc[a-km-z2-9]{13}$/);
    expect(taroAtRegistry).not.toBe(`rkc${taro.id}`);
    expect(info.registrant).toBe(taroAtRegistry);
    expect(info.contacts.map((c) => c.id)).toEqual([taroAtRegistry, taroAtRegistry, taroAtRegistry]);
    const c = await w.epp.contactInfo(taroAtRegistry);
    expect(c.email).toBe('taro@example.jp');
    expect(c.postalInfo[0]).toMatchObject({ name: 'Taro Yamada', city: '<b>Shibuya</b>&', cc: 'JP' });
    expect((await contacts(member)).find((x) => x.id === taro.id)!.domain_num).toBe(1);
    expect((await member.agent.post('/mypage/domain/whois/delete').set(xhr(member)).send({ contactId: taro.id }).expect(200)).body).toEqual({ status: 0, error_msg: M.contactInUse });
  });

  it('a gTLD registrant change waits for the approval mail sent to the proxy address; following its link completes it', async () => {
    const before = await w.epp.info(com);
    const proxyEmail = (await w.epp.contactInfo(before.registrant!)).email;
    const r = await dispatch(member, { domains: [comId], useOriginalWhois: 1, contacts: four(alice.id) });
    expect(r.body.contents).toEqual([{ id: comId, status: 1, message: M.whoisChangeAccepted }]);
    const mail = await mailbox.waitFor(proxyEmail);
    expect(mail.subject).toContain(com);
    expect(mail.links).toHaveLength(1);
    // held: flag 1 at our side, pendingUpdate and the old registrant at the registry
    expect(await statusCount(member)).toBe(1);
    const held = await w.epp.info(com);
    expect(held.registrant).toBe(before.registrant);
    expect(held.statuses).toContain('pendingUpdate');
    const dispatchedAgain = await dispatch(member, { domains: [comId], useOriginalWhois: 0 });
    expect(dispatchedAgain.body.contents).toEqual([{ id: comId, status: 2, message: M.whoisProcessing }]);

    const page = await fetch(mail.links[0]);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-result="approved"');
    await until('completion after approval', () => statusCount(member), (n) => n === 0);
    const after = await w.epp.info(com);
    const aliceAtRegistry = (await registryIdOf(alice.id))!;
    expect(aliceAtRegistry).toMatch(/^rkc[a-km-z2-9]{13}$/);
    expect(after.registrant).toBe(aliceAtRegistry);
    expect(after.contacts.map((c) => c.id)).toEqual([aliceAtRegistry, aliceAtRegistry, aliceAtRegistry]);
    expect(after.statuses).not.toContain('pendingUpdate');
    const row = (await w.p.db.query('SELECT is_whois_proxy_enabled, reg_contact_id FROM domain_ops.domains WHERE id = $1', [comId])).rows[0];
    expect(row).toEqual({ is_whois_proxy_enabled: false, reg_contact_id: String(alice.id) });
    // the link works once
    expect(await (await fetch(mail.links[0])).text()).toContain('data-result="already"');
  });

  it('turns the proxy on again without approval, with the domain\'s same proxy identity; the member\'s own contact leaves the registry', async () => {
    const aliceAtRegistry = (await registryIdOf(alice.id))!;
    expect((await w.epp.contactInfo(aliceAtRegistry)).email).toBe('alice@example.com');
    const r = await dispatch(member, { domains: [comId], useOriginalWhois: 0 });
    expect(r.body.contents).toEqual([{ id: comId, status: 1, message: M.whoisProxyAccepted }]);
    await until('proxy on', () => statusCount(member), (n) => n === 0);
    const info = await w.epp.info(com);
    expect(info.registrant).toMatch(/^rkpx/);
    expect((await w.p.db.query('SELECT registry_contact_id FROM domain_ops.proxy_identities WHERE punycode = $1', [com])).rows[0].registry_contact_id).toBe(info.registrant);
    expect((await contacts(member)).find((x) => x.id === alice.id)!.domain_num).toBe(0);
    // issue 23, finding 7: no domain uses it any more, so another registrar's contact:info finds nothing
    await expect(w.epp.contactInfo(aliceAtRegistry)).rejects.toBeInstanceOf(EppError);
    expect(await registryIdOf(alice.id)).toBeNull();
  });

  it('cancels a change waiting for approval: the registry withdraws it and its link no longer works', async () => {
    const proxyEmail = (await w.epp.contactInfo((await w.epp.info(com)).registrant!)).email;
    const already = mailbox.mails.length;
    await dispatch(member, { domains: [comId], useOriginalWhois: 1, contacts: four(alice.id) });
    const mail = await until('a second approval mail', async () => mailbox.mails.slice(already).find((m) => m.to.includes(proxyEmail)), (m) => !!m);
    const cancel = await member.agent.post('/mypage/domain/whois/select/cancel').set(xhr(member)).send({ domain: com }).expect(200);
    expect(cancel.body).toEqual({ status: 1, errors: [], contents: { status: 1, message: M.whoisChangeCancelled } });
    expect(await statusCount(member)).toBe(0);
    const info = await w.epp.info(com);
    expect(info.registrant).toMatch(/^rkpx/);
    expect(info.statuses).not.toContain('pendingUpdate');
    const page = await fetch(mail!.links[0]);
    expect(page.status).toBe(410);
    expect((await member.agent.post('/mypage/domain/whois/select/cancel').set(xhr(member)).send({ domain: com }).expect(200)).body.status).toBe(2);
  });

  it('a change the registry already holds (its 1001 answer lost, the job retried) waits for the approval instead of failing', async () => {
    const before = await w.epp.info(com);
    const proxyEmail = (await w.epp.contactInfo(before.registrant!)).email;
    const already = mailbox.mails.length;
    // what the job's first attempt sends; the registry holds it, and the answer never reaches the job
    // (its first step gave the contact its registry id and created it there)
    const to = `rkcheld${Date.now().toString(36).slice(-9)}`;
    await w.p.db.query('UPDATE domain_ops.contacts SET registry_contact_id = $2 WHERE id = $1', [alice.id, to]);
    await w.epp.contactCreate({ id: to, postalInfo: [{ type: 'loc', name: 'Alice Smith', street: ['1 Market St'], city: 'San Francisco', sp: 'CA', pc: '94105', cc: 'US' }], voice: '+1.4155550100', email: 'alice@example.com', authInfo: 'Rkheld0000001' });
    const held = await w.epp.update({
      name: com, add: { contacts: (['admin', 'tech', 'billing'] as const).map((type) => ({ type, id: to })) },
      rem: { contacts: before.contacts }, chg: { registrant: to },
    });
    expect(held.pending).toBe(true);
    const r = await dispatch(member, { domains: [comId], useOriginalWhois: 1, contacts: four(alice.id) });
    expect(r.body.contents).toEqual([{ id: comId, status: 1, message: M.whoisChangeAccepted }]);
    const awaiting = async () => (await w.p.db.query(`SELECT whois_pending->>'awaitingApproval' AS a FROM domain_ops.domains WHERE id = $1`, [comId])).rows[0]?.a as string | null;
    await until('the change waiting for approval', awaiting, (a) => a === 'true');
    expect(await statusCount(member)).toBe(1);
    const mail = await until('the approval mail', async () => mailbox.mails.slice(already).find((m) => m.to.includes(proxyEmail)), (m) => !!m);
    expect(await (await fetch(mail!.links[0])).text()).toContain('data-result="approved"');
    await until('completion after approval', () => statusCount(member), (n) => n === 0);
    expect((await w.p.db.query('SELECT is_whois_proxy_enabled, reg_contact_id FROM domain_ops.domains WHERE id = $1', [comId])).rows[0]).toEqual({ is_whois_proxy_enabled: false, reg_contact_id: String(alice.id) });
    // back to the proxy for the next test
    await dispatch(member, { domains: [comId], useOriginalWhois: 0 });
    await until('proxy on', () => statusCount(member), (n) => n === 0);
    expect((await w.epp.info(com)).registrant).toMatch(/^rkpx/);
  });

  it('deletes an unused contact, also at the registry', async () => {
    const r = await member.agent.post('/mypage/domain/whois/delete').set(xhr(member)).send({ contactId: alice.id }).expect(200);
    expect(r.body).toEqual({ status: 1, error_msg: null });
    expect((await contacts(member)).map((c) => c.id)).toEqual([taro.id]);
    expect(await registryIdOf(alice.id)).toBeNull();
  });

  it('refuses an admin-locked domain per row (a person or the proxy, alone or in a bulk change) and changes nothing at the registry', async () => {
    const hanako = await addContact(member, person({ email: 'hanako@example.jp', first_name: 'Hanako' }));
    await w.p.db.query('UPDATE domain_ops.domains SET admin_lock_status = 1 WHERE id = $1', [jpId]);
    try {
      const before = await w.epp.info(jp);
      const row = async () => (await w.p.db.query('SELECT is_whois_proxy_enabled, whois_processing_flg, reg_contact_id FROM domain_ops.domains WHERE id = $1', [jpId])).rows[0];
      const rowBefore = await row();
      const person1 = await dispatch(member, { domains: [jpId], useOriginalWhois: 1, contacts: four(hanako.id) });
      expect(person1.body).toEqual({ status: 1, errors: [], contents: [{ id: jpId, status: 2, message: M.adminLocked }] });
      // the list's bulk bar sends the admin-locked row along with the others: only it is refused
      const bulk = await dispatch(member, { domains: [comId, jpId], useOriginalWhois: 0 });
      expect(bulk.body).toMatchObject({ status: 1, errors: [] });
      expect(bulk.body.contents).toHaveLength(2);
      expect(bulk.body.contents).toEqual(expect.arrayContaining([{ id: comId, status: 1, message: M.whoisProxyAccepted }, { id: jpId, status: 2, message: M.adminLocked }]));
      await until('the unlocked domain\'s change', () => statusCount(member), (n) => n === 0);
      const after = await w.epp.info(jp);
      expect(after.registrant).toBe(before.registrant);
      expect(after.contacts).toEqual(before.contacts);
      expect(await row()).toEqual(rowBefore);
    } finally {
      await w.p.db.query('UPDATE domain_ops.domains SET admin_lock_status = 0 WHERE id = $1', [jpId]);
    }
  });
});
