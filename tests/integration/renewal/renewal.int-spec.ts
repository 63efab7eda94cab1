/**
 * Renewal end to end through the real gateway: the modal's rows (POST mypage/domain/ready), POST mypage/domain/renew
 * paid by points or by a card shortfall session, exactly once under a retried submit, the registry's expiry moved,
 * the pending lookup, refusals per row, a registry refusal refunded, and a .jp in its redemption period restored
 * through RGP at the restore price on the shared test clock.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { EppClientPool } from '@registrar/epp';
import { M, registryErrorMessage } from '@registrar/messages';
import { formatDateJst, MAX_DOMAINS_PER_RENEWAL } from '@registrar/rules';
import { client as eppClient, freeName, simClock, simFaults } from '../epp/epp-harness';
import { Member, PurchaseHarness, saveCard, startPurchaseHarness, xhr } from '../purchase/purchase-harness';
import { waitFor } from '../scheduled-jobs';
import { buyDomain } from './renewal-helpers';

let p: PurchaseHarness;
let epp: EppClientPool;

beforeAll(async () => {
  process.env.RENEW_ANSWER_WAIT_MS = '30000';
  p = await startPurchaseHarness();
  epp = eppClient();
}, 180_000);
afterAll(async () => {
  await epp?.close();
  await p?.close();
}, 60_000);

const buy = (c: Member, name: string) => buyDomain(p, c, name);

const ready = async (c: Member, ids: number[]) => (await c.agent.post('/mypage/domain/ready').set(xhr(c)).send({ domainIds: ids }).expect(200)).body;
const renew = (c: Member, body: Record<string, unknown>) => c.agent.post('/mypage/domain/renew').set(xhr(c)).send({ payment: { type: 'point' }, idempotencyKey: randomUUID(), ...body });
const ledgerSum = async (userId: number) => Number((await p.db.query('SELECT coalesce(sum(delta), 0)::bigint AS s FROM orders.point_entries WHERE user_id = $1', [userId])).rows[0].s);
/** the Tokyo calendar day, as the server shows due dates */
const ymd = (d: Date) => formatDateJst(d);
const plusYears = (d: Date, y: number) => { const x = new Date(d); x.setUTCFullYear(x.getUTCFullYear() + y); return x; };

describe('renewing domains', () => {
  it('renews a .com for two years with points, exactly once under a retried submit, and the registry expiry moves by two years', async () => {
    const c = await p.member();
    const name = await freeName(epp, 'com', 'rn');
    const id = await buy(c, name);
    const before = (await epp.info(name)).exDate!;
    const r0 = await ready(c, [id]);
    const row = r0.domains[0];
    expect(row).toMatchObject({ id, name, window: 'renew', expired: false, pending: false, error: null });
    expect(row.period_options).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const total = row.renew * 2;
    await p.grant(c.userId, total);
    expect(r0.user.point).toBe(0);
    // the TLD price rows of the spec's answer (user, tldPrices, domains)
    expect(r0.tldPrices).toEqual([expect.objectContaining({ tld_name: 'com', renew: row.renew, grace_period: expect.any(Number), restore_period: expect.any(Number), tld_id: expect.any(Number) })]);

    const key = randomUUID();
    const [a, b] = await Promise.all([
      renew(c, { domains: [{ name, period: 2 }], point: total, totalFee: total, idempotencyKey: key }).expect(200),
      renew(c, { domains: [{ name, period: 2 }], point: total, totalFee: total, idempotencyKey: key }).expect(200),
    ]);
    expect(a.body.renewalId).toBe(b.body.renewalId);
    const done = a.body.data[0].code === 0 ? a.body : b.body;
    expect(done).toMatchObject({ result: true, errors: [] });
    expect(done.data[0]).toMatchObject({ id, name, years: 2, code: 0, error_msg: null, restore: false, point: total, available_period: ymd(plusYears(before, 2)) });
    expect(ymd((await epp.info(name)).exDate!)).toBe(ymd(plusYears(before, 2)));
    expect(await p.balance(c.userId)).toBe(0);
    expect(await ledgerSum(c.userId)).toBe(0);
    // answered the same again later; nothing more charged or renewed
    const again = await renew(c, { domains: [{ name, period: 2 }], point: total, idempotencyKey: key }).expect(200);
    expect(again.body.data[0]).toMatchObject({ code: 0 });
    expect(ymd((await epp.info(name)).exDate!)).toBe(ymd(plusYears(before, 2)));
    expect((await c.agent.get(`/mypage/domain/ready/pending?domainIds[]=${id}`).set(xhr(c)).expect(200)).body).toEqual([]);
    const list = (await p.db.query('SELECT due_date FROM domain_ops.domains WHERE id = $1', [id])).rows[0];
    expect(ymd(new Date(list.due_date))).toBe(ymd(plusYears(before, 2)));
  }, 120_000);

  it('refuses per row: a domain not held, a period not offered, a price the member did not see; nothing is charged', async () => {
    const c = await p.member();
    const name = await freeName(epp, 'net', 'rn');
    const id = await buy(c, name);
    const { renew: price } = (await ready(c, [id])).domains[0];
    await p.grant(c.userId, 50_000);
    const r = await renew(c, { domains: [{ name: 'not-mine-at-all.com', period: 1 }, { name, period: 10 }], point: 0 }).expect(200);
    expect(r.body).toMatchObject({ result: false, renewalId: null });
    expect(r.body.data.map((d: { code: number; error_msg: string }) => [d.code, d.error_msg])).toEqual([
      [2, 'not-mine-at-all.comは管理しているドメインではありません'], [2, `${name}の更新年数が正しくありません`],
    ]);
    const wrongTotal = await renew(c, { domains: [{ name, period: 1 }], point: price, totalFee: price - 1 }).expect(200);
    expect(wrongTotal.body).toMatchObject({ result: false, errors: [M.totalMismatch] });
    const poor = await renew(c, { domains: [{ name, period: 9 }], point: 0 }).expect(200);
    expect(poor.body.result).toBe(price * 9 > 50_000 ? false : true);
    if (!poor.body.result) expect(poor.body.errors).toEqual([M.pointsInsufficient]);
    expect(await ledgerSum(c.userId)).toBe(await p.balance(c.userId));
  }, 120_000);

  it('refuses more than MAX_DOMAINS_PER_RENEWAL (100) domains at once with the message the modal shows up front', async () => {
    const c = await p.member();
    const rows = (n: number) => Array.from({ length: n }, (_, k) => ({ name: `too-many-${k}.com`, period: 1 }));
    const r = await renew(c, { domains: rows(MAX_DOMAINS_PER_RENEWAL + 1), point: 0 }).expect(200);
    expect(r.body).toMatchObject({ result: false, renewalId: null, data: [], errors: ['一度に更新できるドメインは100件までです'] });
    // 100 pass the count (each row is then refused on its own: none is the member's)
    const ok = await renew(c, { domains: rows(MAX_DOMAINS_PER_RENEWAL), point: 0 }).expect(200);
    expect(ok.body.errors).not.toContain('一度に更新できるドメインは100件までです');
    expect(ok.body.data).toHaveLength(MAX_DOMAINS_PER_RENEWAL);
  }, 120_000);

  it('pays a shortfall by card through the renewal session (the 50-yen rule), and the paid session renews once only', async () => {
    const c = await p.member();
    const name = await freeName(epp, 'com', 'rc');
    const id = await buy(c, name);
    const { renew: price } = (await ready(c, [id])).domains[0];
    await p.grant(c.userId, price - 30);
    const card = await saveCard(c);
    const session = await c.agent.post('/mypage/point/domain/renew/session').set(xhr(c))
      .send({ domains: [{ name, point: price }], amount: 50, stripeCardId: card, resultRenewDomains: [{ name, period: 1 }], withAutoUpdate: true, allUpdateDuration: 1 }).expect(200);
    expect(session.body).toMatchObject({ result: true, status: 'paid', minimumApplied: true, surplusPoints: 20 });
    const r = await renew(c, { domains: [{ name, period: 1 }], point: price - 30, withAutoUpdate: true, payment: { type: 'card', sessionId: session.body.sessionId } }).expect(200);
    expect(r.body.data[0]).toMatchObject({ code: 0, auto_renew: true });
    const again = await renew(c, { domains: [{ name, period: 1 }], point: 0, payment: { type: 'card', sessionId: session.body.sessionId } }).expect(200);
    expect(again.body).toMatchObject({ result: false, errors: [M.cardSessionFailed] });
    expect(await p.balance(c.userId)).toBe(20);
    expect(await ledgerSum(c.userId)).toBe(20);
    const row = (await p.db.query('SELECT is_auto_update_enabled FROM domain_ops.domains WHERE id = $1', [id])).rows[0];
    expect(row.is_auto_update_enabled).toBe(true);
    // the completion mail links the card charge's receipt, which opens for this member
    const to = (await p.db.query('SELECT email FROM identity.users WHERE id = $1', [c.userId])).rows[0].email as string;
    const mail = await waitFor('the renewal-done mail', async () => ((await request(p.h.url).get(`/dev/mail/api/messages?to=${encodeURIComponent(to)}`)).body.messages as Array<{ subject: string; text: string }>)
      .find((m) => m.text.includes(name) && m.text.includes('領収書:')));
    const url = new URL(mail.text.match(/領収書: (\S+)/)![1]!);
    expect(`${url.pathname}?${url.searchParams}`).toBe(`/account_statement/receipt?kind=payment&id=${session.body.sessionId}`);
    await c.agent.get('/mypage/account_statement/receipt').query(Object.fromEntries(url.searchParams)).set(xhr(c)).expect(200);
  }, 120_000);

  it('renews from the registry\'s expiry when our row holds another day: one period, once, and the history shows the balance the charge left', async () => {
    const c = await p.member();
    const name = await freeName(epp, 'com', 'rd');
    const id = await buy(c, name);
    const before = (await epp.info(name)).exDate!;
    const { renew: price } = (await ready(c, [id])).domains[0];
    await p.grant(c.userId, price + 700);
    // our row is a day off the registry (a drift): the first domain:renew, sent from our day, is refused and read back
    await p.db.query(`UPDATE domain_ops.domains SET due_date = due_date - interval '1 day' WHERE id = $1`, [id]);
    const r = await renew(c, { domains: [{ name, period: 1 }], point: price }).expect(200);
    expect(r.body.data[0]).toMatchObject({ code: 0, available_period: ymd(plusYears(before, 1)) });
    expect(ymd((await epp.info(name)).exDate!)).toBe(ymd(plusYears(before, 1)));
    expect(ymd(new Date((await p.db.query('SELECT due_date FROM domain_ops.domains WHERE id = $1', [id])).rows[0].due_date))).toBe(ymd(plusYears(before, 1)));
    expect(await p.balance(c.userId)).toBe(700);
    const log = (await p.db.query(`SELECT point, remaining_point FROM domain_ops.action_logs WHERE user_id = $1 AND subject = 'ドメイン更新'`, [c.userId])).rows;
    expect(log).toEqual([{ point: price, remaining_point: 700 }]);
  }, 120_000);

  it('a renewal the registry refuses is refunded, with the reason on the row and in the action log', async () => {
    const c = await p.member();
    const name = await freeName(epp, 'com', 'rf');
    const id = await buy(c, name);
    const { renew: price } = (await ready(c, [id])).domains[0];
    await p.grant(c.userId, price);
    await epp.update({ name, add: { statuses: ['clientRenewProhibited'] } });
    const r = await renew(c, { domains: [{ name, period: 1 }], point: price }).expect(200);
    // the registry's 2304 in Japanese, saying what to do, with the code for support (never 'Object status prohibits operation')
    expect(r.body.data[0]).toMatchObject({ code: 2, error_msg: registryErrorMessage(2304) });
    expect(await p.balance(c.userId)).toBe(price);
    const log = (await p.db.query(`SELECT subject, type, point, content FROM domain_ops.action_logs WHERE user_id = $1 AND subject = 'ドメイン更新失敗'`, [c.userId])).rows;
    expect(log).toEqual([{ subject: 'ドメイン更新失敗', type: 1, point: price, content: expect.stringContaining('エラーコード: 2304') }]);
  }, 120_000);

  it('a renewal\'s domains go as one job (ADR 0037): one refused for good is refunded alone, one failing for a while is retried alone, each renewed and charged once', async () => {
    const c = await p.member();
    const [ok, refused, flaky] = [await freeName(epp, 'com', 'rc'), await freeName(epp, 'com', 'rc'), await freeName(epp, 'com', 'rc')];
    const ids = [await buy(c, ok), await buy(c, refused), await buy(c, flaky)];
    const before = new Map(await Promise.all([ok, refused, flaky].map(async (n) => [n, (await epp.info(n)).exDate!] as const)));
    const { renew: price } = (await ready(c, ids)).domains[0];
    await p.grant(c.userId, price * 3);
    const start = await ledgerSum(c.userId);
    await epp.update({ name: refused, add: { statuses: ['clientRenewProhibited'] } });
    // every command about `flaky` fails (2400, transient) until the first such failure is seen
    await simFaults.set({ failShare: 1, failMatch: flaky });
    try {
      // sent now (a supertest request goes out when it is awaited), answered once the rows end (RENEW_ANSWER_WAIT_MS)
      const submitted = renew(c, { domains: [ok, refused, flaky].map((name) => ({ name, period: 1 })), point: price * 3, totalFee: price * 3 }).expect(200).then((x) => x.body);
      await waitFor('a failed domain:renew of the flaky domain', async () => Number((await p.db.query(
        `SELECT count(*)::int AS n FROM domain_ops.registrar_log WHERE domain_name = $1 AND action_type = 'domain:renew' AND result = 'failed'`, [flaky])).rows[0].n) > 0, 60_000);
      await simFaults.reset();
      const r = await submitted;
      const rows = new Map<string, { code: number; error_msg: string | null }>(r.data.map((d: { name: string; code: number; error_msg: string | null }) => [d.name, d]));
      expect(rows.get(ok)).toMatchObject({ code: 0, error_msg: null });
      expect(rows.get(flaky)).toMatchObject({ code: 0, error_msg: null });
      expect(rows.get(refused)).toMatchObject({ code: 2, error_msg: registryErrorMessage(2304) });
    } finally {
      await simFaults.reset();
    }
    // one job for the three (DOMAINS_PER_JOB 25), and each renewed exactly one period at the registry
    for (const n of [ok, flaky]) expect(ymd((await epp.info(n)).exDate!)).toBe(ymd(plusYears(before.get(n)!, 1)));
    expect(ymd((await epp.info(refused)).exDate!)).toBe(ymd(before.get(refused)!));
    // one charge per domain, one refund for the refused one, and the ledger equal to its entries
    const entries = (await p.db.query(`SELECT kind, delta FROM orders.point_entries WHERE user_id = $1 AND kind IN ('spend', 'refund') AND reference LIKE 'renewal:%' ORDER BY id`, [c.userId])).rows;
    const deltas = (kind: string) => entries.filter((e: { kind: string }) => e.kind === kind).map((e: { delta: string }) => Number(e.delta));
    expect(deltas('spend')).toEqual([-price, -price, -price]);
    expect(deltas('refund')).toEqual([price]);
    expect(await p.balance(c.userId)).toBe(price);
    expect(await ledgerSum(c.userId)).toBe(start - price * 2);
    expect(await p.balance(c.userId)).toBe(await ledgerSum(c.userId));
    const logs = (await p.db.query(`SELECT subject, domain_name FROM domain_ops.action_logs WHERE user_id = $1 AND subject IN ('ドメイン更新', 'ドメイン更新失敗') ORDER BY domain_name`, [c.userId])).rows;
    expect(logs.map((l: { subject: string; domain_name: string }) => `${l.domain_name} ${l.subject}`).sort()).toEqual([`${ok} ドメイン更新`, `${flaky} ドメイン更新`, `${refused} ドメイン更新失敗`].sort());
  }, 180_000);

  it('refuses an admin-locked domain in the modal and at the submit: nothing charged, no renewal, the registry expiry unchanged', async () => {
    const c = await p.member();
    const name = await freeName(epp, 'com', 'ra');
    const id = await buy(c, name);
    const { renew: price } = (await ready(c, [id])).domains[0];
    await p.grant(c.userId, price);
    const exBefore = (await epp.info(name)).exDate!;
    await p.db.query('UPDATE domain_ops.domains SET admin_lock_status = 1 WHERE id = $1', [id]);
    expect((await ready(c, [id])).domains[0]).toMatchObject({ id, name, error: M.adminLocked });
    const r = await renew(c, { domains: [{ name, period: 1 }], point: price, totalFee: price }).expect(200);
    expect(r.body).toMatchObject({ result: false, renewalId: null, errors: [M.adminLocked] });
    expect(r.body.data.map((d: { name: string; code: number; error_msg: string }) => [d.name, d.code, d.error_msg])).toEqual([[name, 2, M.adminLocked]]);
    expect((await p.db.query('SELECT count(*)::int AS n FROM domain_ops.renewal_orders WHERE user_id = $1', [c.userId])).rows[0].n).toBe(0);
    expect(await p.balance(c.userId)).toBe(price);
    expect(await ledgerSum(c.userId)).toBe(price);
    expect(ymd((await epp.info(name)).exDate!)).toBe(ymd(exBefore));
  }, 120_000);

  it('a .jp past its due date is in redemption: the modal offers the minimum at the restore price, and the renewal restores it through RGP', async () => {
    const c = await p.member();
    const name = await freeName(epp, 'jp', 'rr');
    const id = await buy(c, name);
    const before = (await epp.info(name)).exDate!;
    const now = await simClock.now();
    const days = Math.ceil((before.getTime() - now.getTime()) / 86_400_000) + 2;
    await simClock.advanceDays(days);
    await p.syncClock();
    expect((await epp.info(name)).rgpStatuses).toContain('redemptionPeriod');
    const row = (await ready(c, [id])).domains[0];
    expect(row).toMatchObject({ expired: true, window: 'restore', period_options: [1], error: null });
    await p.grant(c.userId, row.restore);
    const r = await renew(c, { domains: [{ name, period: 1 }], point: row.restore }).expect(200);
    expect(r.body.data[0]).toMatchObject({ code: 0, restore: true, point: row.restore });
    const info = await epp.info(name);
    expect(info.rgpStatuses).not.toContain('redemptionPeriod');
    expect(ymd(info.exDate!)).toBe(ymd(plusYears(before, 1)));
    expect(await p.balance(c.userId)).toBe(0);
  }, 120_000);
});
