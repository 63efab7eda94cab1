/**
 * Provisional .co.jp activation end to end (000 spec §2, §5, §7): the list of provisional domains with their deadline,
 * POST mypage/JpDomainActivate/activate with the spec's messages, the registry turning the registration final
 * (serverHold gone, the organisation as registrant, one year), and the daily deadline job on the shared test clock:
 * a reminder mail once per day and domain, and past the deadline the registration deleted at the registry.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { EppClientPool, EppError, EppResultCode } from '@registrar/epp';
import { JobName } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { daysBetweenJst, registrationTotal } from '@registrar/rules';
import { client as eppClient, freeName, simClock } from '../epp/epp-harness';
import { Member, PurchaseHarness, startPurchaseHarness, waitForOrder, xhr } from '../purchase/purchase-harness';
import { ScheduledJobs, scheduledJobs, waitFor } from '../scheduled-jobs';

let p: PurchaseHarness;
let epp: EppClientPool;
let jobs: ScheduledJobs;

beforeAll(async () => {
  Object.assign(process.env, { AUTO_RENEW_CRON: '', EXPIRY_NOTICE_CRON: '', PROVISIONAL_DEADLINE_CRON: '' });
  p = await startPurchaseHarness();
  epp = eppClient();
  jobs = await scheduledJobs();
}, 180_000);
afterAll(async () => {
  await jobs?.close();
  await epp?.close();
  await p?.close();
}, 60_000);

const org = (name: string, date = '2020/04/01') => ({
  organization: `Act ${name}`, organization_jp: `Act ${name}`, organization_type: 10, cc: 'JP', pc: '1500002', sp: 'Tokyo', city: 'Shibuya-ku', street1: '1-1-1 Shibuya',
  phone: '0312345678', email: 'org@example.jp', registration_date: date, name: 'Taro Yamada',
});
const reg = (name: string) => ({ ...org(name), role: 'organization', last_name: 'Yamada', first_name: 'Taro', registration_date: undefined });

async function mails(userId: number): Promise<Array<{ subject: string; text: string }>> {
  const to = (await p.db.query('SELECT email FROM identity.users WHERE id = $1', [userId])).rows[0].email;
  return (await request(p.h.url).get(`/dev/mail/api/messages?to=${encodeURIComponent(to)}`)).body.messages;
}
const run = <T>(name: JobName) => jobs.run<T>(name);

/** Buys `name` as a provisional .co.jp (WHOIS with the provisional flag, then the purchase) and answers its domain id. */
async function buyProvisional(c: Member, name: string): Promise<number> {
  const est = (await c.agent.get(`/mypage/domain/price/estimate/campaign?domainNames[]=${encodeURIComponent(name)}`).set(xhr(c)).expect(200)).body[0];
  const point = registrationTotal(est.registerPrice, est.renewPrice, est.minimum_years);
  await p.grant(c.userId, point);
  const o = { ...org(name), registration_date: undefined };
  await c.agent.post('/mypage/domain/create/prereq').set(xhr(c))
    .send({ domainName: name, contact: { org: o, reg: reg(name) }, preRegister: true, isDifferentTec: false, isDifferentAdm: false, isDifferentBil: false })
    .expect(200, { result: true, errorMsg: [], errors: {} });
  const r = await c.agent.post('/mypage/domain/create').set(xhr(c))
    .send({ domains: [{ name, period: est.minimum_years, point }], totalFee: point, point, payment: { type: 'point' }, idempotencyKey: randomUUID() }).expect(200);
  expect(r.body.result).toBe(true);
  const done = await waitForOrder(c, r.body.orderId);
  expect(done.domains[0]).toMatchObject({ status: 'done', info: '仮登録' });
  return done.domains[0].domain_pk_id;
}

describe('provisional .co.jp activation', () => {
  let member: Member;
  let other: Member;
  const names: string[] = [];
  const ids: number[] = [];

  beforeAll(async () => {
    [member, other] = await Promise.all([p.member(), p.member()]);
    for (const k of ['act', 'lapse']) {
      const name = await freeName(epp, 'co.jp', k);
      names.push(name);
      ids.push(await buyProvisional(member, name));
    }
  }, 180_000);

  it('lists the provisional domains with their deadline; refuses with the spec messages; activates one at the registry', async () => {
    const list = await member.agent.get('/mypage/JpDomainActivate/list').set(xhr(member)).expect(200);
    expect(list.body.domains.map((d: { name: string }) => d.name).sort()).toEqual([...names].sort());
    const due = (await p.db.query('SELECT due_date FROM domain_ops.domains WHERE id = $1', [ids[0]])).rows[0].due_date;
    expect(list.body.domains.find((d: { name: string }) => d.name === names[0]).deadline).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(daysBetweenJst(await simClock.now(), new Date(due))).toBeGreaterThan(170);
    expect((await other.agent.get('/mypage/JpDomainActivate/list').set(xhr(other)).expect(200)).body.domains).toEqual([]);

    const activate = (c: Member, body: object) => c.agent.post('/mypage/JpDomainActivate/activate').set(xhr(c)).send(body).expect(200);
    // nothing entered, a date in the future, names that differ, another member's domain: refused, nothing changed
    expect((await activate(member, { domainName: names[0], contact: {} })).body.message).toContain(M.orgMissing);
    expect((await activate(member, { domainName: names[0], contact: { org: org(names[0], '2099/01/01'), reg: reg(names[0]) } })).body)
      .toMatchObject({ result: false, message: [M.futureRegistrationDateActivate] });
    expect((await activate(member, { domainName: names[0], contact: { org: org(names[0]), reg: { ...reg(names[0]), organization: 'Other', organization_jp: 'Other' } } })).body)
      .toMatchObject({ result: false, message: ['組織情報と登録者情報の組織名が一致していません'] });
    expect((await activate(other, { domainName: names[0], contact: { org: org(names[0]), reg: reg(names[0]) } })).body).toMatchObject({ result: false, message: [M.activateNotProvisional] });
    expect((await epp.info(names[0])).statuses).toContain('serverHold');
    // a provisional .co.jp takes no WHOIS change (issue 13): neither from the list nor through the organisation form
    const contactsBefore = (await epp.info(names[0])).registrant;
    const change = await member.agent.post('/mypage/domain/whois/select/dispatch').set(xhr(member)).send({ domains: [ids[0]], useOriginalWhois: 0 }).expect(200);
    expect(change.body.contents).toEqual([{ id: ids[0], status: 2, message: M.whoisProvisionalCoJp }]);
    const orgUpdate = await member.agent.post('/mypage/domain/whois/org/update').set(xhr(member)).send({ domainName: names[0], contact: { org: org(names[0]), reg: reg(names[0]) } }).expect(200);
    expect(orgUpdate.body).toMatchObject({ result: false, message: [M.whoisProvisionalCoJp] });
    expect((await p.db.query('SELECT whois_processing_flg FROM domain_ops.domains WHERE id = $1', [ids[0]])).rows[0].whois_processing_flg).toBe(0);
    expect((await epp.info(names[0])).registrant).toBe(contactsBefore);

    const ok = await activate(member, { domainName: names[0], contact: { org: org(names[0]), reg: reg(names[0]) } });
    expect(ok.body).toEqual({ result: true, message: [M.activateDone], errors: {} });
    const info = await epp.info(names[0]);
    expect(info.statuses).not.toContain('serverHold');
    expect(info.registrant).toMatch(/^rkvo/);
    const row = (await p.db.query('SELECT status, due_date FROM domain_ops.domains WHERE id = $1', [ids[0]])).rows[0];
    expect(row.status).toBe('active');
    expect(new Date(row.due_date).toISOString()).toBe(info.exDate!.toISOString());
    expect(daysBetweenJst(await simClock.now(), info.exDate!)).toBeGreaterThanOrEqual(364);
    // done once: a second request finds nothing provisional
    expect((await activate(member, { domainName: names[0], contact: { org: org(names[0]), reg: reg(names[0]) } })).body.message).toEqual([M.activateNotProvisional]);
    expect((await member.agent.get('/mypage/JpDomainActivate/list').set(xhr(member)).expect(200)).body.domains.map((d: { name: string }) => d.name)).toEqual([names[1]]);
  }, 120_000);

  it('the deadline job mails a reminder 7 days before (once a day), and past the deadline deletes the registration', async () => {
    const due = new Date((await p.db.query('SELECT due_date FROM domain_ops.domains WHERE id = $1', [ids[1]])).rows[0].due_date);
    await simClock.advanceDays(daysBetweenJst(await simClock.now(), due) - 7);
    await p.syncClock();
    const first = await run<{ reminded: number; released: number }>(JobName.ProvisionalDeadlineSweep);
    expect(first).toMatchObject({ reminded: 1, released: 0 });
    const reminder = await waitFor('the reminder', async () => (await mails(member.userId)).find((m) => m.subject.includes('本登録期限が近づいています')));
    expect(reminder.text).toContain(names[1]);
    expect(reminder.text).toContain('残り7日');
    // a rerun the same day asks for the same mail key, which the mail module sends once (its log holds one row per key)
    await run(JobName.ProvisionalDeadlineSweep);
    const logged = await p.db.query(`SELECT count(*)::int AS n FROM mail.sent_mails WHERE key LIKE $1`, [`cojp-deadline:${ids[1]}:%`]);
    expect(logged.rows[0].n).toBe(1);

    await simClock.advanceDays(8);
    await p.syncClock();
    const past = await run<{ released: number; failed: number }>(JobName.ProvisionalDeadlineSweep);
    expect(past).toMatchObject({ released: 1, failed: 0 });
    const gone = await epp.info(names[1]).then(() => null, (e: unknown) => e);
    expect(EppError.is(gone, EppResultCode.ObjectDoesNotExist)).toBe(true);
    expect((await p.db.query('SELECT count(*)::int AS n FROM domain_ops.domains WHERE id = $1', [ids[1]])).rows[0].n).toBe(0);
    const released = await waitFor('the release mail', async () => (await mails(member.userId)).find((m) => m.subject.includes('仮登録ドメインが削除されました')));
    expect(released.text).toContain(names[1]);
    // the activated one is untouched
    expect((await p.db.query('SELECT status FROM domain_ops.domains WHERE id = $1', [ids[0]])).rows[0].status).toBe('active');
    expect((await run<{ released: number }>(JobName.ProvisionalDeadlineSweep)).released).toBe(0);
  }, 120_000);
});
