/**
 * The daily lifecycle jobs on the shared test clock (the registry simulator's clock, which the services follow):
 * expiry notices 15 days out (one mail per member and day, none for trashed domains), auto-renew paid by points, by an
 * off-session card charge for the shortfall, or failing with the mail when neither works; a rerun the same day does
 * nothing twice.
 */
import { Job, Queue, QueueEvents } from 'bullmq';
import request from 'supertest';
import { EppClientPool } from '@registrar/epp';
import { JobName, QueueName } from '@registrar/contracts';
import { redisOptions } from '@registrar/infra';
import { daysBetweenJst, formatDateJst } from '@registrar/rules';
import { client as eppClient, freeName, simClock } from '../epp/epp-harness';
import { Member, PurchaseHarness, saveCard, startPurchaseHarness } from '../purchase/purchase-harness';
import { buyDomain } from '../renewal/renewal-helpers';

let p: PurchaseHarness;
let epp: EppClientPool;
let queue: Queue;
let events: QueueEvents;

beforeAll(async () => {
  Object.assign(process.env, { AUTO_RENEW_CRON: '', EXPIRY_NOTICE_CRON: '', RENEW_ANSWER_WAIT_MS: '0' });
  p = await startPurchaseHarness();
  epp = eppClient();
  const o = redisOptions(process.env.REDIS_URL!);
  const connection = { host: o.host, port: o.port, password: o.password, db: o.db, maxRetriesPerRequest: null };
  queue = new Queue(QueueName.DomainOps, { connection });
  events = new QueueEvents(QueueName.DomainOps, { connection });
  await events.waitUntilReady();
}, 180_000);
afterAll(async () => {
  await events?.close();
  await queue?.close();
  await epp?.close();
  await p?.close();
}, 60_000);

/** Runs a lifecycle job now, as its scheduler would, and answers its result. */
async function run<T>(name: JobName): Promise<T> {
  const job: Job = await queue.add(name, {}, { removeOnComplete: true });
  return (await job.waitUntilFinished(events, 60_000)) as T;
}
async function emailOf(userId: number): Promise<string> {
  return (await p.db.query('SELECT email FROM identity.users WHERE id = $1', [userId])).rows[0].email;
}
async function mails(to: string): Promise<Array<{ subject: string; text: string }>> {
  return (await request(p.h.url).get(`/dev/mail/api/messages?to=${encodeURIComponent(to)}`)).body.messages;
}
async function waitFor<T>(what: string, f: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
const dueOf = async (id: number) => new Date((await p.db.query('SELECT due_date FROM domain_ops.domains WHERE id = $1', [id])).rows[0].due_date);
const ledgerSum = async (userId: number) => Number((await p.db.query('SELECT coalesce(sum(delta), 0)::bigint AS s FROM orders.point_entries WHERE user_id = $1', [userId])).rows[0].s);

describe('the daily lifecycle jobs', () => {
  let rich: Member; let carded: Member; let poor: Member; let quiet: Member;
  const ids: Record<string, number> = {};
  const names: Record<string, string> = {};

  beforeAll(async () => {
    [rich, carded, poor, quiet] = await Promise.all([p.member(), p.member(), p.member(), p.member()]);
    for (const [k, m] of Object.entries({ rich, carded, poor, quiet, trashed: quiet })) {
      names[k] = await freeName(epp, 'com', `lc${k.slice(0, 2)}`);
      ids[k] = await buyDomain(p, m, names[k]);
    }
    await saveCard(carded);
    await p.grant(rich.userId, 10_000);
    // the quiet member turned auto-renew off and trashed one domain (the list's operations, issue 11)
    await p.db.query('UPDATE domain_ops.domains SET is_auto_update_enabled = false WHERE id = ANY($1)', [[ids.quiet, ids.trashed]]);
    await p.db.query('UPDATE domain_ops.domains SET is_trash = true WHERE id = $1', [ids.trashed]);
    // the shared test clock to 15 Tokyo days before the expiry
    const due = await dueOf(ids.rich);
    const now = await simClock.now();
    const days = daysBetweenJst(now, due) - 15;
    if (days > 0) await simClock.advanceDays(days);
    await p.syncClock();
  }, 180_000);

  it('mails the expiry notice 15 days out, once per member and day, never for a trashed domain', async () => {
    const first = await run<{ mails: number }>(JobName.ExpiryNoticeSweep);
    expect(first.mails).toBeGreaterThanOrEqual(4);
    const to = await emailOf(quiet.userId);
    const notices = async () => (await mails(to)).filter((x) => x.subject.includes('有効期限'));
    const [m] = await waitFor('the notice', async () => { const x = await notices(); return x.length ? x : null; });
    expect(m.subject).toBe('【ラッコドメイン】ドメインの有効期限が近づいています（残り15日）');
    expect(m.text).toContain(`・${names.quiet}`);
    expect(m.text).not.toContain(names.trashed);
    await run(JobName.ExpiryNoticeSweep);
    await new Promise((r) => setTimeout(r, 1500)); // a second mail would be on its way by now
    expect(await notices()).toHaveLength(1);
    // the purchase mails came too, through the same module: one per order, with its order number
    expect((await mails(to)).filter((x) => x.subject.startsWith('【ラッコドメイン】ドメイン登録完了のお知らせ（注文番号 R'))).toHaveLength(2);
  }, 90_000);

  it('auto-renews from points, by an off-session card charge, or mails the failure; a rerun the same day does nothing twice', async () => {
    const before = { rich: await dueOf(ids.rich), carded: await dueOf(ids.carded), poor: await dueOf(ids.poor), quiet: await dueOf(ids.quiet) };
    const r = await run<{ due: number; renewed: number; failed: number }>(JobName.AutoRenewSweep);
    expect(r.renewed).toBeGreaterThanOrEqual(2);
    const plusYear = (d: Date) => { const x = new Date(d); x.setUTCFullYear(x.getUTCFullYear() + 1); return formatDateJst(x); };
    await waitFor('rich renewed', async () => formatDateJst(await dueOf(ids.rich)) === plusYear(before.rich));
    await waitFor('carded renewed', async () => formatDateJst(await dueOf(ids.carded)) === plusYear(before.carded));
    expect(formatDateJst((await epp.info(names.rich)).exDate!)).toBe(plusYear(before.rich));
    expect((await dueOf(ids.poor)).getTime()).toBe(before.poor.getTime());
    expect((await dueOf(ids.quiet)).getTime()).toBe(before.quiet.getTime());
    // the carded member paid exactly the renewal by card (at least 50 yen): nothing left over unless the 50-yen rule applied
    expect(await ledgerSum(carded.userId)).toBe(await p.balance(carded.userId));
    const card = (await p.db.query(`SELECT count(*)::int AS n FROM orders.point_entries WHERE user_id = $1 AND kind = 'purchase'`, [carded.userId])).rows[0].n;
    expect(card).toBe(1);
    const poorMail = await waitFor('the failure mail', async () => (await mails(await emailOf(poor.userId))).find((m) => m.subject.includes('自動更新に失敗しました')));
    expect(poorMail.text).toContain(names.poor);
    const richMail = await waitFor('the done mail', async () => (await mails(await emailOf(rich.userId))).find((m) => m.subject.includes('自動更新完了')));
    expect(richMail.text).toContain(`新しい有効期限: ${plusYear(before.rich)}`);
    const balances = { rich: await p.balance(rich.userId), carded: await p.balance(carded.userId) };

    const again = await run<{ renewed: number }>(JobName.AutoRenewSweep);
    expect(again.renewed).toBe(0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await p.balance(rich.userId)).toBe(balances.rich);
    expect(await p.balance(carded.userId)).toBe(balances.carded);
    expect((await mails(await emailOf(poor.userId))).filter((m) => m.subject.includes('自動更新に失敗しました'))).toHaveLength(1);
    expect(formatDateJst((await epp.info(names.rich)).exDate!)).toBe(plusYear(before.rich));
  }, 120_000);
});
