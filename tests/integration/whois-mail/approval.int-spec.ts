/**
 * The approval-mail path end to end: a member of a proxied gTLD domain changes its registrant; the registry simulator
 * holds the change and mails the approval link to the current registrant, i.e. the domain's own proxy address, over
 * SMTP; the whois-mail service (listening where the simulator sends its mail in the integration run,
 * TEST_SIM_SMTP_PORT) accepts it for that domain, classifies it as an approval mail, and its job follows the link;
 * the registry applies the change and domain-ops completes it. No test code touches the mail on its way.
 */
import { INestMicroservice } from '@nestjs/common';
import { WhoisMailStatus, WhoisMailType } from '@registrar/contracts';
import { startService } from '@registrar/infra';
import { M } from '@registrar/messages';
import { WhoisMailServiceModule } from '@registrar/whois-mail';
import { createAccount, signIn } from '../gateway/gateway-harness';
import { Member, xhr } from '../purchase/purchase-harness';
import { xhr as adminXhr } from './whois-mail-harness';
import { startWhoisHarness, WhoisHarness } from '../whois/whois-harness';

jest.setTimeout(240_000);

let w: WhoisHarness;
let mail: INestMicroservice;
beforeAll(async () => {
  w = await startWhoisHarness();
  await w.p.db.query('DROP SCHEMA IF EXISTS whois_mail CASCADE');
  Object.assign(process.env, { SMTP_INBOUND_PORT: String(process.env.TEST_SIM_SMTP_PORT ?? 17735), WHOIS_MAIL_BACKOFF_MS: '200' });
  mail = await startService('whois-mail', WhoisMailServiceModule, process.env.REDIS_URL);
}, 180_000);
afterAll(async () => {
  await mail?.close();
  await w?.close();
}, 60_000);

async function until<T>(what: string, fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

it('an approval mail reaching the proxy address completes the WHOIS change by itself', async () => {
  const member: Member = await w.p.member(30_000);
  const [com] = await w.buy(member, ['com']);
  const domainId = Number((await w.p.db.query('SELECT id FROM domain_ops.domains WHERE punycode = $1', [com])).rows[0].id);
  const before = await w.epp.info(com);
  const proxyEmail = (await w.epp.contactInfo(before.registrant!)).email;
  expect(proxyEmail).toMatch(/^px-[a-z2-9]{20}@whois-proxy\.rakko\.example$/);

  const contact = (await member.agent.post('/mypage/domain/whois').set(xhr(member)).send({
    email: 'alice@example.com', last_name: 'Smith', first_name: 'Alice', role: 1, cc: 'US', pc: '94105', sp: 'CA', city: 'San Francisco',
    street1: '1 Market St', phone_country_code: '1', phone: '4155550100',
  }).expect(200)).body.contact as { id: number };
  const r = await member.agent.post('/mypage/domain/whois/select/dispatch').set(xhr(member))
    .send({ domains: [domainId], useOriginalWhois: 1, contacts: { whoisRegType: contact.id, whoisAdmType: contact.id, whoisTecType: contact.id, whoisBilType: contact.id } }).expect(200);
  expect(r.body.contents).toEqual([{ id: domainId, status: 1, message: M.whoisChangeAccepted }]);

  // the mail arrives in the inbox, tied to the domain, as an approval mail, and is processed successfully
  const admin = await signIn(w.p.h, await createAccount(w.p.h, { adminRole: 1 }));
  const email = await until('the approval mail processed', async () => {
    const list = (await admin.agent.get('/admin/api/whois/emails?type=1').set(adminXhr(admin)).expect(200)).body.emails.data as Array<{ id: number; subject: string; status: number; is_processing: number }>;
    return list.find((e) => e.subject.includes(com)) ?? null;
  }, (e) => !!e && e.status !== WhoisMailStatus.Untreated && e.is_processing === 0);
  const detail = (await admin.agent.get(`/admin/api/whois/emails/${email!.id}`).set(adminXhr(admin)).expect(200)).body.email;
  expect(detail).toMatchObject({ type: WhoisMailType.Approval, status: WhoisMailStatus.Success, domain_name: com, recipient: proxyEmail, error_html: null });

  // the registry applied the change and domain-ops completed it
  await until('the WHOIS change completed', async () => (await member.agent.get('/mypage/whois/status/check').set(xhr(member)).expect(200)).body.count as number, (n) => n === 0);
  const after = await w.epp.info(com);
  expect(after.registrant).toBe((await w.p.db.query('SELECT registry_contact_id FROM domain_ops.contacts WHERE id = $1', [contact.id])).rows[0].registry_contact_id);
  expect(after.statuses).not.toContain('pendingUpdate');
});
