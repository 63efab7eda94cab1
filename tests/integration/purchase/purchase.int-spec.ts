/**
 * Buying domains end to end through the real gateway: estimate, .co.jp WHOIS (prereq), POST mypage/domain/create
 * answering at once, the registration as a BullMQ flow over EPP to the registry simulator, the status resource, the
 * points ledger and the campaign counters. Also: a retried job never registers twice; 20 purchases by one member in
 * parallel racing for the last campaign slots and the last points; registry faults with refunds.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Queue } from 'bullmq';
import { EppClientPool } from '@registrar/epp';
import { JobName, QueueName } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { redisOptions } from '@registrar/infra';
import { registrationTotal } from '@registrar/rules';
import { client as eppClient, freeName, simFaults } from '../epp/epp-harness';
import { waitFor } from '../scheduled-jobs';
import { Member, PurchaseHarness, saveCard, startPurchaseHarness, waitForOrder, xhr } from './purchase-harness';
import { LifecycleQueue, registerJobId, RegistrationOrderRepository } from '../../../libs/domain-ops/src/lifecycle';

let p: PurchaseHarness;
let epp: EppClientPool;

beforeAll(async () => {
  p = await startPurchaseHarness();
  epp = eppClient();
}, 180_000);

afterAll(async () => {
  await simFaults.reset().catch(() => undefined);
  await epp?.close();
  await p?.close();
}, 60_000);

const org = {
  organization: 'Rakko Test KK', organization_jp: 'Rakko Test KK', organization_type: 10, cc: 'JP', pc: '1500002', sp: 'Tokyo', city: 'Shibuya-ku', street1: '1-1-1 Shibuya',
  phone: '0312345678', email: 'org@example.jp', registration_date: '2020/04/01', name: 'Taro Yamada',
};
const reg = { ...org, role: 'organization', last_name: 'Yamada', first_name: 'Taro', registration_date: undefined };

async function estimate(c: Member, names: string[]) {
  const q = names.map((n) => `domainNames[]=${encodeURIComponent(n)}`).join('&');
  const r = await c.agent.get(`/mypage/domain/price/estimate/campaign?${q}`).set(xhr(c)).expect(200);
  return r.body as Array<{ requestDomain: string; registerPrice: number; renewPrice: number; isCampaign: boolean; minimum_years: number; can_proxy: boolean; error: string | null }>;
}

async function rowsFor(c: Member, names: string[]) {
  const est = await estimate(c, names);
  const domains = est.map((e) => ({ name: e.requestDomain, period: e.minimum_years, point: registrationTotal(e.registerPrice, e.renewPrice, e.minimum_years) }));
  const totalFee = domains.reduce((s, d) => s + d.point, 0);
  return { est, domains, totalFee };
}

/** The member's registration-done mail, from the local mail catcher. */
async function doneMail(c: Member): Promise<{ subject: string; text: string }> {
  const to = (await p.db.query('SELECT email FROM identity.users WHERE id = $1', [c.userId])).rows[0].email as string;
  return waitFor('the registration-done mail', async () => ((await request(p.h.url).get(`/dev/mail/api/messages?to=${encodeURIComponent(to)}`)).body.messages as Array<{ subject: string; text: string }>)
    .find((m) => m.subject.includes('ドメイン登録完了')));
}

function create(c: Member, body: { domains: unknown[]; totalFee: number; point?: number; idempotencyKey?: string; payment?: { type: string; sessionId?: string } }) {
  return c.agent.post('/mypage/domain/create').set(xhr(c)).send({ point: body.totalFee, payment: { type: 'point' }, idempotencyKey: randomUUID(), ...body });
}

async function ledgerSum(userId: number): Promise<number> {
  return Number((await p.db.query('SELECT coalesce(sum(delta), 0)::bigint AS s FROM orders.point_entries WHERE user_id = $1', [userId])).rows[0].s);
}
async function campaignUsed(userId: number): Promise<number> {
  const r = await p.db.query('SELECT coalesce(sum(used), 0)::int AS n FROM catalog.campaign_counters WHERE user_id = $1', [userId]);
  return r.rows[0].n;
}

describe('buying domains', () => {
  let member: Member;
  let orderId: string;
  let names: string[];

  it('buys three domains, one a .co.jp registered through the WHOIS modal, and sees all three done; points are charged once', async () => {
    member = await p.member(30_000);
    names = [await freeName(epp, 'com', 'buy'), await freeName(epp, 'net', 'buy'), await freeName(epp, 'co.jp', 'buy')];
    const { est, domains, totalFee } = await rowsFor(member, names);
    expect(est.map((e) => e.error)).toEqual([null, null, null]);
    expect(est[0].isCampaign).toBe(true);

    // .co.jp: the purchase stays blocked until its WHOIS is registered
    const blocked = await create(member, { domains, totalFee }).expect(200);
    expect(blocked.body).toMatchObject({ result: false, orderId: null, errors: [`${names[2]}のWHOIS情報を登録してください`] });
    const empty = await member.agent.post('/mypage/domain/create/prereq').set(xhr(member))
      .send({ domainName: names[2], contact: {}, preRegister: false, isDifferentTec: true, isDifferentAdm: false, isDifferentBil: false }).expect(200);
    expect(empty.body).toEqual({ result: false, errorMsg: [M.orgMissing, M.registrantMissing, M.techMissing], errors: {} });
    const mismatch = await member.agent.post('/mypage/domain/create/prereq').set(xhr(member))
      .send({ domainName: names[2], contact: { org, reg: { ...reg, organization: 'Other KK', organization_jp: 'Other KK' } }, preRegister: false, isDifferentTec: false, isDifferentAdm: false, isDifferentBil: false }).expect(200);
    expect(mismatch.body.errorMsg).toEqual([M.orgNameMismatch]);
    const ok = await member.agent.post('/mypage/domain/create/prereq').set(xhr(member))
      .send({ domainName: names[2], contact: { org, reg }, preRegister: false, isDifferentTec: false, isDifferentAdm: false, isDifferentBil: false }).expect(200);
    expect(ok.body).toEqual({ result: true, errorMsg: [], errors: {} });

    const idempotencyKey = randomUUID();
    const first = await create(member, { domains, totalFee, idempotencyKey }).expect(200);
    expect(first.body.result).toBe(true);
    expect(first.body.domains.map((d: { status: string }) => d.status)).toEqual(['processing', 'processing', 'processing']);
    orderId = first.body.orderId;
    // a retried submit answers the same order and charges nothing more
    const again = await create(member, { domains, totalFee, idempotencyKey }).expect(200);
    expect(again.body.orderId).toBe(orderId);

    const done = await waitForOrder(member, orderId);
    expect(done.domains.map((d: { domain_name: string; status: string; error_msg: string | null }) => [d.domain_name, d.status, d.error_msg])).toEqual(names.map((n) => [n, 'done', null]));
    // done once created, recorded and paid: the domain is in the member's list with its expiry at once; the ROID and
    // the default lock follow in their own job (docs/purchase.md)
    expect(done.domains.every((d: { domain_pk_id: number | null }) => d.domain_pk_id)).toBe(true);
    const dues = (await p.db.query('SELECT due_date FROM domain_ops.domains WHERE user_id = $1', [member.userId])).rows;
    expect(dues.every((r) => r.due_date instanceof Date)).toBe(true);
    await waitFor('the ROIDs of the order', async () => {
      const s = await member.agent.get(`/mypage/domain/create/status?orderId=${orderId}`).set(xhr(member)).expect(200);
      return s.body.domains.every((d: { domain_id: string | null }) => d.domain_id) || undefined;
    });
    expect(done).toMatchObject({ pointsCharged: totalFee, pointsRefunded: 0, balance: 30_000 - totalFee });
    expect(await p.balance(member.userId)).toBe(30_000 - totalFee);
    expect(await ledgerSum(member.userId)).toBe(30_000 - totalFee);
    expect(await campaignUsed(member.userId)).toBe(2);

    // recorded with the default settings, held by us at the registry, logged
    const owned = (await p.db.query('SELECT punycode, status, is_whois_proxy_enabled, is_auto_update_enabled FROM domain_ops.domains WHERE user_id = $1 ORDER BY punycode', [member.userId])).rows;
    expect(owned.map((o) => o.punycode).sort()).toEqual([...names].sort());
    expect(owned.every((o) => o.status === 'active' && o.is_auto_update_enabled)).toBe(true);
    for (const n of names) expect((await epp.info(n)).clID).toBe('rakko');
    const com = await epp.info(names[0]);
    expect(com.ns).toEqual(['01.dnsv.jp', '02.dnsv.jp', '03.dnsv.jp', '04.dnsv.jp']);
    await waitFor('the default lock of the .com', async () => (await p.db.query(`SELECT 1 FROM domain_ops.domains WHERE punycode = $1 AND is_domain_lock_enabled AND lock_state IS NULL`, [names[0]])).rows[0]);
    expect((await epp.info(names[0])).statuses).toContain('clientTransferProhibited');
    // paid with points only: the completion mail lists the order, with no receipt link (no money was charged)
    expect((await doneMail(member)).text).not.toContain('領収書:');
    // the order has no parent job: the last of its items to end closed it (docs/purchase.md)
    await waitFor('the order closed', async () => (await p.db.query(`SELECT 1 FROM domain_ops.registration_orders WHERE id = $1 AND status = 'done'`, [orderId])).rows[0]);
    const ro = redisOptions(process.env.REDIS_URL!);
    const lifecycle = new Queue(QueueName.DomainOpsLifecycle, { connection: { host: ro.host, port: ro.port, db: ro.db } });
    expect(await lifecycle.getJob(`order-${orderId}`)).toBeFalsy();
    await lifecycle.close();
    const logs = (await p.db.query('SELECT point, remaining_point, subject FROM domain_ops.action_logs WHERE user_id = $1', [member.userId])).rows;
    expect(logs).toHaveLength(3);
    expect(logs.every((l) => l.subject === 'ドメイン新規登録')).toBe(true);

    // another member cannot read this order
    const other = await p.member();
    await other.agent.get(`/mypage/domain/create/status?orderId=${orderId}`).set(xhr(other)).expect(404);
  }, 180_000);

  it('a retried registration job does not register twice or charge twice', async () => {
    const item = (await p.db.query('SELECT id, punycode FROM domain_ops.registration_order_items WHERE order_id = $1 ORDER BY position LIMIT 1', [orderId])).rows[0];
    const creates = async () => Number((await p.db.query(`SELECT count(*)::int AS n FROM domain_ops.registrar_log WHERE domain_name = $1 AND action_type = 'domain:create'`, [item.punycode])).rows[0].n);
    expect(await creates()).toBe(1);
    const balance = await p.balance(member.userId);
    // as if the worker died after the create and before it recorded the result: the job runs again
    await p.db.query(`UPDATE domain_ops.registration_order_items SET status = 'processing' WHERE id = $1`, [item.id]);
    await p.db.query(`UPDATE domain_ops.registration_orders SET status = 'processing' WHERE id = $1`, [orderId]);
    const o = redisOptions(process.env.REDIS_URL!);
    const queue = new Queue(QueueName.DomainOpsLifecycle, { connection: { host: o.host, port: o.port, db: o.db } });
    const job = await queue.add(JobName.RegisterDomain, { orderId, itemId: Number(item.id) }, { jobId: `retry-${item.id}-${Date.now()}` });
    for (let i = 0; i < 100 && !(await job.isCompleted()); i++) await new Promise((r) => setTimeout(r, 200));
    expect(await job.isCompleted()).toBe(true);
    await queue.close();
    await new Promise((r) => setTimeout(r, 400)); // the registrar log is written in batches
    expect(await creates()).toBe(1);
    expect((await p.db.query('SELECT count(*)::int AS n FROM domain_ops.domains WHERE punycode = $1', [item.punycode])).rows[0].n).toBe(1);
    expect((await p.db.query('SELECT status FROM domain_ops.registration_order_items WHERE id = $1', [item.id])).rows[0].status).toBe('done');
    // the order is closed again by the item that ended last
    expect((await p.db.query('SELECT status FROM domain_ops.registration_orders WHERE id = $1', [orderId])).rows[0].status).toBe('done');
    expect(await p.balance(member.userId)).toBe(balance);
    expect((await p.db.query('SELECT count(*)::int AS n FROM domain_ops.action_logs WHERE user_id = $1', [member.userId])).rows[0].n).toBe(3);
  }, 60_000);

  it('refuses a wrong price, a wrong period, too many domains and a total that does not match', async () => {
    const c = await p.member(5_000);
    const name = await freeName(epp, 'com', 'bad');
    const { domains, totalFee } = await rowsFor(c, [name]);
    expect((await create(c, { domains: [{ ...domains[0], point: 1 }], totalFee: 1 }).expect(200)).body.errors).toEqual([`${name}の価格が変更されました。もう一度お試しください`]);
    expect((await create(c, { domains: [{ ...domains[0], period: 11 }], totalFee }).expect(400)).status).toBe(400);
    expect((await create(c, { domains, totalFee: totalFee + 1 }).expect(200)).body.errors).toEqual([M.totalMismatch]);
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `many-${i}-${name}`, period: 1, point: 1078 }));
    expect((await create(c, { domains: many, totalFee: 21 * 1078 }).expect(200)).body.errors).toEqual(['一度にご購入いただけるドメインは20件までです']);
    expect((await create(c, { domains: [{ name: `x.unknown-tld-zz`, period: 1, point: 100 }], totalFee: 100 }).expect(200)).body.errors).toEqual(['x.unknown-tld-zzの価格取得に失敗しました']);
    // the one domain-name rule: a name search and the cart refuse is refused here too (it was registered and charged)
    const [work] = await estimate(c, ['xn--sec426190.work']);
    expect(work.error).not.toBeNull();
    expect((await create(c, { domains: [{ name: 'xn--sec426190.work', period: 1, point: 1 }], totalFee: 1 }).expect(200)).body.errors).toEqual(['xn--sec426190.workはドメイン名として正しくありません']);
    expect(await p.balance(c.userId)).toBe(5_000);
  }, 60_000);
});

describe('payment, WHOIS contacts, provisional .co.jp, schedules', () => {
  it('a shortfall of 1 to 49 yen is bought by card as 50, the surplus stays as points, and the paid session buys one order only', async () => {
    const name = await freeName(epp, 'com', 'card');
    const c = await p.member();
    const { domains, totalFee } = await rowsFor(c, [name]);
    await p.grant(c.userId, totalFee - 30);
    const card = await saveCard(c);
    const session = await c.agent.post('/mypage/point/domain/create/session').set(xhr(c)).send({ domains: [{ name, point: totalFee }], amount: 50, stripeCardId: card }).expect(200);
    expect(session.body).toMatchObject({ result: true, status: 'paid', minimumApplied: true, surplusPoints: 20 });
    expect(await p.balance(c.userId)).toBe(totalFee + 20);
    const r = await create(c, { domains, totalFee, point: totalFee - 30, payment: { type: 'card', sessionId: session.body.sessionId } }).expect(200);
    expect(r.body.result).toBe(true);
    // another submit with the same paid session (a new key) cannot use it again
    const again = await create(c, { domains, totalFee, payment: { type: 'card', sessionId: session.body.sessionId } }).expect(200);
    expect(again.body).toMatchObject({ result: false, errors: [M.cardSessionFailed] });
    expect((await waitForOrder(c, r.body.orderId)).domains[0].status).toBe('done');
    expect(await p.balance(c.userId)).toBe(20);
    expect(await ledgerSum(c.userId)).toBe(20);
    // the completion mail links the receipt of the card charge, and the link opens it for this member only
    const mail = await doneMail(c);
    // a one-item order is closed by its item's end, in the same statement
    expect((await p.db.query('SELECT status, finished_at FROM domain_ops.registration_orders WHERE id = $1', [r.body.orderId])).rows[0]).toMatchObject({ status: 'done', finished_at: expect.any(Date) });
    const link = mail.text.match(/領収書: (\S+)/)?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.pathname).toBe('/account_statement/receipt');
    expect(Object.fromEntries(url.searchParams)).toEqual({ kind: 'payment', id: session.body.sessionId });
    const receipt = await c.agent.get('/mypage/account_statement/receipt').query(Object.fromEntries(url.searchParams)).set(xhr(c)).expect(200);
    expect(receipt.body).toMatchObject({ kind: 'payment', id: session.body.sessionId, amount: 50 });
    const other = await p.member();
    await other.agent.get('/mypage/account_statement/receipt').query(Object.fromEntries(url.searchParams)).set(xhr(other)).expect(404);
  }, 90_000);

  it('the member chooses how many points to use: the card pays the rest, and the rest of the balance stays', async () => {
    const c = await p.member();
    const name = await freeName(epp, 'com', 'pc');
    const { domains, totalFee } = await rowsFor(c, [name]);
    await p.grant(c.userId, totalFee + 1_000); // enough to pay it all with points
    const card = await saveCard(c);
    const use = totalFee - 200;
    // the amount for the default (all points) is refused when fewer points are chosen, and the other way round
    const wrong = await c.agent.post('/mypage/point/domain/create/session').set(xhr(c)).send({ domains: [{ name, point: totalFee }], amount: 50, pointsToUse: use, stripeCardId: card }).expect(200);
    expect(wrong.body).toMatchObject({ result: false, errors: [M.paymentAmountChanged] });
    const session = await c.agent.post('/mypage/point/domain/create/session').set(xhr(c)).send({ domains: [{ name, point: totalFee }], amount: 200, pointsToUse: use, stripeCardId: card }).expect(200);
    expect(session.body).toMatchObject({ result: true, status: 'paid' });
    const r = await create(c, { domains, totalFee, point: totalFee, payment: { type: 'card', sessionId: session.body.sessionId } }).expect(200);
    expect(r.body.result).toBe(true);
    expect((await waitForOrder(c, r.body.orderId)).domains[0].status).toBe('done');
    // balance + 200 bought − total = 1,000 + 200: the chosen points were used, no more
    expect(await p.balance(c.userId)).toBe(1_200);
  }, 90_000);

  it('a domain without WHOIS proxy needs a WHOIS contact first; the contact added from the cart is used for it', async () => {
    const c = await p.member(20_000);
    const name = await freeName(epp, 'us', 'np');
    const { est, domains, totalFee } = await rowsFor(c, [name]);
    expect(est[0].can_proxy).toBe(false);
    expect((await create(c, { domains, totalFee }).expect(200)).body.errors).toEqual([M.transferNeedsWhois]);
    const bad = await c.agent.post('/mypage/domain/whois').set(xhr(c)).send({ email: 'x', role: 2, cc: 'JP', pc: '12', update_ng_contacts: 1 }).expect(200);
    expect(bad.body.status).toBe(0);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['email', 'first_name', 'last_name', 'organization', 'pc', 'sp', 'city', 'street1', 'phone']));
    const good = await c.agent.post('/mypage/domain/whois').set(xhr(c))
      .send({ email: 'taro@example.jp', first_name: 'Taro', last_name: 'Yamada', role: 1, cc: 'JP', pc: '150-0002', sp: 'Tokyo', city: 'Shibuya-ku', street1: '1-1-1', phone_country_code: '81', phone: '03-1234-5678', update_ng_contacts: 1 }).expect(200);
    expect(good.body).toMatchObject({ status: 1, error_msg: null, contact: { email: 'taro@example.jp', role: 1, organization: 'Taro Yamada' } });
    const defaults = await c.agent.get('/mypage/domain/default').set(xhr(c)).expect(200);
    expect(defaults.body.defaultSetting).toMatchObject({
      domain_create_is_whois_proxy_enabled_flg: 1, domain_create_is_auto_update_enabled_flg: 1, domain_create_is_domain_lock_enabled_flg: 1,
      domain_create_name_servers: ['01.dnsv.jp', '02.dnsv.jp', '03.dnsv.jp', '04.dnsv.jp'], whois_proxy_disabled_reg_record_id: good.body.contact.id,
    });
    expect(defaults.body.contacts.map((x: { id: number }) => x.id)).toEqual([good.body.contact.id]);
    const r = await create(c, { domains, totalFee }).expect(200);
    expect((await waitForOrder(c, r.body.orderId)).domains[0].status).toBe('done');
    expect((await epp.info(name)).registrant).toBe((await p.db.query('SELECT registry_contact_id FROM domain_ops.contacts WHERE id = $1', [good.body.contact.id])).rows[0].registry_contact_id);
    expect((await p.db.query('SELECT is_whois_proxy_enabled FROM domain_ops.domains WHERE punycode = $1', [name])).rows[0].is_whois_proxy_enabled).toBe(false);
  }, 90_000);

  it('a provisional .co.jp is registered for six months and shown as such', async () => {
    const c = await p.member(20_000);
    const name = await freeName(epp, 'co.jp', 'prov');
    const { domains, totalFee } = await rowsFor(c, [name]);
    const future = { ...org, organization: `Prov ${name}`, organization_jp: `Prov ${name}`, registration_date: '2099/01/01' };
    const refused = await c.agent.post('/mypage/domain/create/prereq').set(xhr(c))
      .send({ domainName: name, contact: { org: future, reg: { ...reg, organization: future.organization, organization_jp: future.organization } }, preRegister: false, isDifferentTec: false, isDifferentAdm: false, isDifferentBil: false }).expect(200);
    expect(refused.body.errorMsg).toEqual([M.futureRegistrationDate]);
    await c.agent.post('/mypage/domain/create/prereq').set(xhr(c))
      .send({ domainName: name, contact: { org: future, reg: { ...reg, organization: future.organization, organization_jp: future.organization } }, preRegister: true, isDifferentTec: false, isDifferentAdm: false, isDifferentBil: false })
      .expect(200, { result: true, errorMsg: [], errors: {} });
    const r = await create(c, { domains, totalFee }).expect(200);
    const done = await waitForOrder(c, r.body.orderId);
    expect(done.domains[0]).toMatchObject({ status: 'done', info: '仮登録' });
    const info = await epp.info(name);
    expect(info.statuses).toContain('serverHold');
    expect((await p.db.query('SELECT status FROM domain_ops.domains WHERE punycode = $1', [name])).rows[0].status).toBe('provisional');
  }, 90_000);

  it('the campaign reset is a job scheduler at 0:00 on the 1st, Asia/Tokyo', async () => {
    const o = redisOptions(process.env.REDIS_URL!);
    const queue = new Queue(QueueName.Catalog, { connection: { host: o.host, port: o.port, db: o.db } });
    const schedulers = await queue.getJobSchedulers();
    await queue.close();
    expect(schedulers).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'campaign-counter-reset', pattern: '0 0 1 * *', tz: 'Asia/Tokyo', name: JobName.ResetCampaignCounters })]));
  });
});

describe('concurrency', () => {
  it('a new member\'s defaults read ten times at once: every read answers them, one row is made', async () => {
    const c = await p.member();
    const reads = await Promise.all(Array.from({ length: 10 }, () => c.agent.get('/mypage/domain/default').set(xhr(c))));
    for (const r of reads) {
      expect(r.status).toBe(200);
      expect(r.body.defaultSetting).toMatchObject({ domain_create_is_whois_proxy_enabled_flg: 1, domain_create_name_servers: ['01.dnsv.jp', '02.dnsv.jp', '03.dnsv.jp', '04.dnsv.jp'] });
    }
    expect((await p.db.query('SELECT count(*)::int AS n FROM domain_ops.default_settings WHERE user_id = $1', [c.userId])).rows[0].n).toBe(1);
  });

  it('20 purchases by one member at once race for the last campaign slots and the last points: no overrun, no negative balance, the ledger adds up', async () => {
    const c = await p.member(4_500);
    const names: string[] = [];
    for (let i = 0; i < 20; i++) names.push(await freeName(epp, 'com', 'race'));
    const { est } = await rowsFor(c, [names[0]]);
    expect(est[0].isCampaign).toBe(true);
    const price = registrationTotal(est[0].registerPrice, est[0].renewPrice, 1);
    const answers = await Promise.all(names.map((name) => create(c, { domains: [{ name, period: 1, point: price }], totalFee: price })));
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body)).toEqual([]);
    const won = answers.filter((a) => a.body.result);
    // 4500 points buy four at the campaign price; the fifth slot's holder cannot pay and gives it back
    expect(won).toHaveLength(Math.floor(4_500 / price));
    const lost = [M.pointsInsufficient, ...names.map((n) => `${n}の価格が変更されました。もう一度お試しください`)];
    for (const a of answers.filter((x) => !x.body.result)) expect(lost).toContain(a.body.errors[0]);
    for (const a of won) expect((await waitForOrder(c, a.body.orderId)).domains[0].status).toBe('done');
    // each order closed by its one item; the lost ones failed (or refused before an order was made)
    const orders = (await p.db.query('SELECT status, count(*)::int AS n FROM domain_ops.registration_orders WHERE user_id = $1 GROUP BY status', [c.userId])).rows;
    const byStatus = Object.fromEntries(orders.map((o) => [o.status, o.n]));
    expect(byStatus.done).toBe(won.length);
    expect(Object.keys(byStatus).filter((k) => k !== 'done' && k !== 'failed')).toEqual([]);
    const balance = await p.balance(c.userId);
    expect(balance).toBe(4_500 - won.length * price);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(await ledgerSum(c.userId)).toBe(balance);
    expect(await campaignUsed(c.userId)).toBe(won.length);
    expect(await campaignUsed(c.userId)).toBeLessThanOrEqual(5);
    const minBalance = (await p.db.query('SELECT min(balance_after)::int AS m FROM orders.point_entries WHERE user_id = $1', [c.userId])).rows[0].m;
    expect(minBalance).toBeGreaterThanOrEqual(0);
    expect((await p.db.query('SELECT count(*)::int AS n FROM domain_ops.domains WHERE user_id = $1', [c.userId])).rows[0].n).toBe(won.length);
  }, 240_000);
});

describe('registry faults', () => {
  afterEach(() => simFaults.reset());

  it('a failure after the registry registered the domain, on every attempt, refunds nothing: the item waits for the resume, which completes it', async () => {
    const c = await p.member(20_000);
    const name = await freeName(epp, 'com', 'afterreg');
    const { domains, totalFee } = await rowsFor(c, [name]);
    const ops = p.services[2]!;
    const lifecycle = ops.get(LifecycleQueue);
    // the history line of the registration cannot be written (PostgreSQL refuses it), on every attempt of the job
    const tag = `t${Date.now()}`;
    await p.db.query(`CREATE FUNCTION domain_ops.${tag}_fn() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.domain_name = '${name}' AND NEW.type = 0 THEN RAISE EXCEPTION 'the history is unavailable'; END IF; RETURN NEW; END $$`);
    await p.db.query(`CREATE TRIGGER ${tag} BEFORE INSERT ON domain_ops.action_logs FOR EACH ROW EXECUTE FUNCTION domain_ops.${tag}_fn()`);
    let orderId = '';
    try {
      const r = await c.agent.post('/mypage/domain/create').set(xhr(c)).send({ domains, totalFee, point: totalFee, payment: { type: 'point' }, idempotencyKey: randomUUID() }).expect(200);
      expect(r.body.result).toBe(true);
      orderId = r.body.orderId;
      await waitFor('the registration job to end', async () => ['completed', 'failed'].includes((await (await lifecycle.queue.getJob(registerJobId(orderId, name)))?.getState()) ?? ''), 90_000);
    } finally {
      await p.db.query(`DROP TRIGGER IF EXISTS ${tag} ON domain_ops.action_logs`);
      await p.db.query(`DROP FUNCTION IF EXISTS domain_ops.${tag}_fn()`);
    }
    // the registry has it for us: the member keeps the charge, the item is not an error
    expect((await epp.info(name)).clID).toBe('rakko');
    expect((await p.db.query('SELECT status, refunded FROM domain_ops.registration_order_items WHERE order_id = $1', [orderId])).rows[0]).toEqual({ status: 'processing', refunded: false });
    expect(await p.balance(c.userId)).toBe(20_000 - totalFee);
    // the money reconciler resumes an order without live jobs so: the resumed job records the domain and ends the order
    await lifecycle.enqueueOrder(orderId, await ops.get(RegistrationOrderRepository).items(orderId), '-resume');
    const done = await waitForOrder(c, orderId);
    expect(done.domains[0]).toMatchObject({ domain_name: name, status: 'done' });
    expect((await p.db.query('SELECT 1 FROM orders.point_entries WHERE idempotency_key = $1', [`order:${orderId}:${name}:refund`])).rowCount).toBe(0);
    expect(await p.balance(c.userId)).toBe(20_000 - totalFee);
  }, 150_000);

  it('one domain refused by the registry and dropped connections on the others: the member holds exactly the ones that succeeded and is refunded for the rest', async () => {
    const c = await p.member(20_000);
    const good = [await freeName(epp, 'com', 'flt'), await freeName(epp, 'net', 'flt')];
    const taken = 'google.com'; // held by another registrar at the simulator
    const names = [good[0], taken, good[1]];
    const { domains, totalFee } = await rowsFor(c, names);
    await simFaults.set({ dropShare: 1 });
    const r = await create(c, { domains, totalFee }).expect(200);
    expect(r.body.result).toBe(true);
    await new Promise((res) => setTimeout(res, 1_500)); // the first attempts meet dropped connections
    await simFaults.reset();
    const done = await waitForOrder(c, r.body.orderId, 120_000);
    const byName = Object.fromEntries(done.domains.map((d: { domain_name: string }) => [d.domain_name, d]));
    expect(byName[good[0]].status).toBe('done');
    expect(byName[good[1]].status).toBe('done');
    expect(byName[taken]).toMatchObject({ status: 'error', error_msg: M.domainTaken });
    const refunded = domains[1].point;
    expect(done).toMatchObject({ pointsCharged: totalFee, pointsRefunded: refunded, balance: 20_000 - totalFee + refunded });
    expect(await ledgerSum(c.userId)).toBe(20_000 - totalFee + refunded);
    const refunds = (await p.db.query(`SELECT delta, idempotency_key FROM orders.point_entries WHERE user_id = $1 AND kind = 'refund'`, [c.userId])).rows;
    expect(refunds).toEqual([{ delta: String(refunded), idempotency_key: `order:${r.body.orderId}:google.com:refund` }]);
    const owned = (await p.db.query('SELECT punycode FROM domain_ops.domains WHERE user_id = $1 ORDER BY punycode', [c.userId])).rows.map((o) => o.punycode);
    expect(owned).toEqual([...good].sort());
    for (const n of good) expect((await epp.info(n)).clID).toBe('rakko');
    // the campaign slot of the refunded item is given back
    expect(await campaignUsed(c.userId)).toBe(2);
    const log = (await p.db.query(`SELECT type, point, content FROM domain_ops.action_logs WHERE user_id = $1 AND type = 1`, [c.userId])).rows;
    expect(log).toHaveLength(1);
    expect(log[0].content).toContain(M.domainTaken);
  }, 240_000);
});
