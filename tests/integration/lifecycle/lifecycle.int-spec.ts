/**
 * The daily lifecycle jobs on the shared test clock (the registry simulator's clock, which the services follow):
 * expiry notices 30, 15, 7 and 1 days out (one mail per member and day, none for trashed or renewed domains), auto-renew
 * paid by points, by an off-session card charge for the shortfall, or failing with the mail when neither works; a rerun
 * the same day does nothing twice.
 */
import { Queue } from 'bullmq';
import request from 'supertest';
import { EppClientPool } from '@registrar/epp';
import { JobName, QueueName } from '@registrar/contracts';
import { redisOptions } from '@registrar/infra';
import { mailBatchJobId } from '@registrar/mail';
import { daysBetweenJst, formatDateJst } from '@registrar/rules';
import { client as eppClient, freeName, simClock } from '../epp/epp-harness';
import { Member, PurchaseHarness, saveCard, startPurchaseHarness } from '../purchase/purchase-harness';
import { ScheduledJobs, scheduledJobs, waitFor } from '../scheduled-jobs';
import { buyDomain } from '../renewal/renewal-helpers';

let p: PurchaseHarness;
let epp: EppClientPool;
let jobs: ScheduledJobs;
let mailQueue: Queue;
let mailBatches: Queue;

beforeAll(async () => {
  Object.assign(process.env, { AUTO_RENEW_CRON: '', EXPIRY_NOTICE_CRON: '', RENEW_ANSWER_WAIT_MS: '0' });
  p = await startPurchaseHarness();
  epp = eppClient();
  jobs = await scheduledJobs();
  const o = redisOptions(process.env.REDIS_URL!);
  const connection = { host: o.host, port: o.port, password: o.password, db: o.db, maxRetriesPerRequest: null };
  mailQueue = new Queue(QueueName.Mail, { connection });
  mailBatches = new Queue(QueueName.MailBatches, { connection });
}, 180_000);
afterAll(async () => {
  await mailQueue?.close();
  await mailBatches?.close();
  await jobs?.close();
  await epp?.close();
  await p?.close();
}, 60_000);

/** Runs a lifecycle job now, as its scheduler would, and answers its result. */
const run = <T>(name: JobName) => jobs.run<T>(name);
async function emailOf(userId: number): Promise<string> {
  return (await p.db.query('SELECT email FROM identity.users WHERE id = $1', [userId])).rows[0].email;
}
async function mails(to: string): Promise<Array<{ subject: string; text: string }>> {
  return (await request(p.h.url).get(`/dev/mail/api/messages?to=${encodeURIComponent(to)}`)).body.messages;
}
/**
 * Every mail queued so far has been sent (or given up): what the mail catcher holds is all there will be. Single mails
 * and batches (an auto-renewal's mails go as one batch job, ADR 0048).
 */
async function mailSettled(): Promise<void> {
  await waitFor('the mail queues to drain', async () => {
    for (const q of [mailQueue, mailBatches]) {
      const c = await q.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
      if (!Object.values(c).every((n) => n === 0)) return false;
    }
    return true;
  }, 60_000);
}
/** Moves the shared test clock to `days` Tokyo days before the domain's expiry. */
async function toDaysBefore(id: number, days: number): Promise<void> {
  const step = daysBetweenJst(await simClock.now(), await dueOf(id)) - days;
  if (step > 0) await simClock.advanceDays(step);
  await p.syncClock();
}
const dueOf = async (id: number) => new Date((await p.db.query('SELECT due_date FROM domain_ops.domains WHERE id = $1', [id])).rows[0].due_date);
const ledgerSum = async (userId: number) => Number((await p.db.query('SELECT coalesce(sum(delta), 0)::bigint AS s FROM orders.point_entries WHERE user_id = $1', [userId])).rows[0].s);

describe('the daily lifecycle jobs', () => {
  let rich: Member; let carded: Member; let poor: Member; let quiet: Member; let locked: Member;
  const ids: Record<string, number> = {};
  const names: Record<string, string> = {};

  beforeAll(async () => {
    [rich, carded, poor, quiet, locked] = await Promise.all([p.member(), p.member(), p.member(), p.member(), p.member()]);
    // the rich member has two due domains: one auto-renewal of two items, whose two done mails go as one batch
    for (const [k, m] of Object.entries({ rich, rich2: rich, carded, poor, quiet, trashed: quiet, locked })) {
      names[k] = await freeName(epp, 'com', `lc${k.slice(0, 2)}`);
      ids[k] = await buyDomain(p, m, names[k]);
    }
    await saveCard(carded);
    await p.grant(rich.userId, 10_000);
    // an operator admin-locked one domain (auto-renew on, points and a card at hand): auto-renew must leave it alone
    await saveCard(locked);
    await p.grant(locked.userId, 10_000);
    await p.db.query('UPDATE domain_ops.domains SET admin_lock_status = 1 WHERE id = $1', [ids.locked]);
    // the quiet member turned auto-renew off and trashed one domain (the list's operations, issue 11)
    await p.db.query('UPDATE domain_ops.domains SET is_auto_update_enabled = false WHERE id = ANY($1)', [[ids.quiet, ids.trashed]]);
    await p.db.query('UPDATE domain_ops.domains SET is_trash = true WHERE id = $1', [ids.trashed]);
    // the shared test clock to 30 Tokyo days before the expiry
    await toDaysBefore(ids.rich, 30);
  }, 180_000);

  const notices = async (m: Member) => (await mails(await emailOf(m.userId))).filter((x) => x.subject.includes('有効期限'));
  const subject = (days: number) => `【ラッコドメイン】ドメインの有効期限が近づいています（残り${days}日）`;

  it('mails the expiry notice 30 and 15 days out, once per member and day, never for a trashed domain', async () => {
    expect((await run<{ mails: number }>(JobName.ExpiryNoticeSweep)).mails).toBeGreaterThanOrEqual(4);
    const [m30] = await waitFor('the 30-day notice', async () => { const x = await notices(quiet); return x.length ? x : null; });
    expect(m30.subject).toBe(subject(30));
    expect(m30.text).toContain(`・${names.quiet}`);
    expect(m30.text).not.toContain(names.trashed);
    // a day between notice days sends nothing
    await simClock.advanceDays(1);
    await p.syncClock();
    await run(JobName.ExpiryNoticeSweep);
    await mailSettled();
    expect(await notices(quiet)).toHaveLength(1);

    await toDaysBefore(ids.rich, 15);
    const first = await run<{ mails: number }>(JobName.ExpiryNoticeSweep);
    expect(first.mails).toBeGreaterThanOrEqual(4);
    const m = await waitFor('the 15-day notice', async () => (await notices(quiet)).find((x) => x.subject === subject(15)));
    expect(m.text).toContain(`・${names.quiet}`);
    expect(m.text).not.toContain(names.trashed);
    await run(JobName.ExpiryNoticeSweep);
    await mailSettled();
    expect((await notices(quiet)).map((x) => x.subject).sort()).toEqual([subject(15), subject(30)]);
    const to = await emailOf(quiet.userId);
    // the purchase mails came too, through the same module: one per order, with its order number
    expect((await mails(to)).filter((x) => x.subject.startsWith('【ラッコドメイン】ドメイン登録完了のお知らせ（注文番号 R'))).toHaveLength(2);
  }, 90_000);

  it('auto-renews from points, by an off-session card charge, or mails the failure; a rerun the same day does nothing twice', async () => {
    const before = { rich: await dueOf(ids.rich), rich2: await dueOf(ids.rich2), carded: await dueOf(ids.carded), poor: await dueOf(ids.poor), quiet: await dueOf(ids.quiet), locked: await dueOf(ids.locked) };
    // two sweeps at once (a retried job, a second replica's run): between them each domain is renewed once
    type Sweep = { due: number; renewed: number; skipped: number; failed: number };
    const [r, twin] = await Promise.all([run<Sweep>(JobName.AutoRenewSweep), run<Sweep>(JobName.AutoRenewSweep)]);
    expect(r.renewed + twin.renewed).toBeGreaterThanOrEqual(2);
    expect(r.skipped + twin.skipped).toBeGreaterThanOrEqual(1);
    const plusYear = (d: Date) => { const x = new Date(d); x.setUTCFullYear(x.getUTCFullYear() + 1); return formatDateJst(x); };
    await waitFor('rich renewed', async () => formatDateJst(await dueOf(ids.rich)) === plusYear(before.rich));
    await waitFor('carded renewed', async () => formatDateJst(await dueOf(ids.carded)) === plusYear(before.carded));
    await waitFor('rich2 renewed', async () => formatDateJst(await dueOf(ids.rich2)) === plusYear(before.rich2));
    expect(formatDateJst((await epp.info(names.rich)).exDate!)).toBe(plusYear(before.rich));
    expect((await dueOf(ids.poor)).getTime()).toBe(before.poor.getTime());
    expect((await dueOf(ids.quiet)).getTime()).toBe(before.quiet.getTime());
    // the admin-locked domain is skipped as an out-of-period one is: no renewal, no charge, no failure mail
    expect((await dueOf(ids.locked)).getTime()).toBe(before.locked.getTime());
    expect(formatDateJst((await epp.info(names.locked)).exDate!)).toBe(formatDateJst(before.locked));
    expect((await p.db.query('SELECT count(*)::int AS n FROM domain_ops.renewal_orders WHERE user_id = $1', [locked.userId])).rows[0].n).toBe(0);
    expect(await p.balance(locked.userId)).toBe(10_000);
    expect(await ledgerSum(locked.userId)).toBe(10_000);
    // the carded member paid exactly the renewal by card (at least 50 yen): nothing left over unless the 50-yen rule applied
    expect(await ledgerSum(carded.userId)).toBe(await p.balance(carded.userId));
    const card = (await p.db.query(`SELECT count(*)::int AS n FROM orders.point_entries WHERE user_id = $1 AND kind = 'purchase'`, [carded.userId])).rows[0].n;
    expect(card).toBe(1);
    // one renewal charge and one renewal item per domain
    for (const [m, n] of [[rich, 2], [carded, 1]] as const) {
      expect((await p.db.query(`SELECT count(*)::int AS n FROM orders.point_entries WHERE user_id = $1 AND kind = 'spend' AND reference LIKE 'renewal:%'`, [m.userId])).rows[0].n).toBe(n);
    }
    expect((await p.db.query('SELECT count(*)::int AS n FROM domain_ops.renewal_order_items WHERE domain_id = ANY($1)', [[ids.rich, ids.rich2, ids.carded]])).rows[0].n).toBe(3);
    const poorMail = await waitFor('the failure mail', async () => (await mails(await emailOf(poor.userId))).find((m) => m.subject.includes('自動更新に失敗しました')));
    expect(poorMail.text).toContain(names.poor);
    // one done mail per domain, both as one job of the mail worker (ADR 0048), each once per key
    const richMails = await waitFor('the done mails', async () => {
      const got = (await mails(await emailOf(rich.userId))).filter((m) => m.subject.includes('自動更新完了'));
      return got.length >= 2 ? got : null;
    });
    expect(richMails).toHaveLength(2);
    expect(richMails.find((m) => m.text.includes(names.rich!))!.text).toContain(`新しい有効期限: ${plusYear(before.rich)}`);
    expect(richMails.find((m) => m.text.includes(names.rich2!))!.text).toContain(`新しい有効期限: ${plusYear(before.rich2)}`);
    const renewalId = (await p.db.query('SELECT order_id FROM domain_ops.renewal_order_items WHERE domain_id = $1', [ids.rich])).rows[0].order_id;
    const doneKeys = [names.rich!, names.rich2!].map((n) => `renewal:${renewalId}:${n}:done`);
    expect(await mailBatches.getJob(mailBatchJobId(doneKeys))).toBeTruthy();
    const balances = { rich: await p.balance(rich.userId), carded: await p.balance(carded.userId) };

    const again = await run<{ renewed: number }>(JobName.AutoRenewSweep);
    expect(again.renewed).toBe(0);
    await mailSettled();
    expect(await p.balance(rich.userId)).toBe(balances.rich);
    expect(await p.balance(carded.userId)).toBe(balances.carded);
    expect((await mails(await emailOf(poor.userId))).filter((m) => m.subject.includes('自動更新に失敗しました'))).toHaveLength(1);
    expect((await mails(await emailOf(rich.userId))).filter((m) => m.subject.includes('自動更新完了'))).toHaveLength(2);
    expect((await mails(await emailOf(locked.userId))).filter((m) => m.subject.includes('自動更新'))).toEqual([]);
    expect(formatDateJst((await epp.info(names.rich)).exDate!)).toBe(plusYear(before.rich));
  }, 120_000);

  it('mails the 7- and 1-day notices for what is still due, not for the domains auto-renew renewed', async () => {
    await toDaysBefore(ids.quiet, 7);
    expect((await run<{ mails: number }>(JobName.ExpiryNoticeSweep)).mails).toBeGreaterThanOrEqual(2);
    const m7 = await waitFor('the 7-day notice', async () => (await notices(quiet)).find((x) => x.subject === subject(7)));
    expect(m7.text).toContain(`・${names.quiet}`);
    expect(m7.text).not.toContain(names.trashed);
    await waitFor('the poor member\'s 7-day notice', async () => (await notices(poor)).find((x) => x.subject === subject(7)));

    await toDaysBefore(ids.quiet, 1);
    await run(JobName.ExpiryNoticeSweep);
    await waitFor('the 1-day notice', async () => (await notices(quiet)).find((x) => x.subject === subject(1)));
    await mailSettled();
    // the renewed domains are a year away now: their members heard of nothing after the 15-day notice
    for (const m of [rich, carded]) expect((await notices(m)).map((x) => x.subject).sort()).toEqual([subject(15), subject(30)]);
    expect((await notices(quiet)).map((x) => x.subject).sort()).toEqual([subject(1), subject(15), subject(30), subject(7)].sort());
  }, 120_000);
});
