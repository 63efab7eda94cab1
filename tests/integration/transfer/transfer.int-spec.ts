/**
 * Transfers through the real system (gateway, domain-ops, orders, catalog) against the registry simulator over EPP,
 * with another registrar (`other-registrar`) played by a second EPP client and the shared test clock:
 * transfer-in approved by the losing registrar, rejected (refund and mail), approved by the registry after 5 days,
 * settled by the 7-day sweep when no poll message was read, refused requests refunded at once; transfer-out shown on
 * the list, approved, rejected, or auto-approved by the registry (the domain leaves the list). Money exactly once.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { EppClientPool } from '@registrar/epp';
import { JobName } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { withMargin } from '@registrar/rules';
import { client as eppClient, freeName, REGISTRAR_B, simClock } from '../epp/epp-harness';
import { Member, PurchaseHarness, startPurchaseHarness, xhr } from '../purchase/purchase-harness';
import { buyDomain } from '../renewal/renewal-helpers';
import { ScheduledJobs, scheduledJobs, waitFor } from '../scheduled-jobs';

let p: PurchaseHarness;
let ours: EppClientPool;
let theirs: EppClientPool;
let jobs: ScheduledJobs;

beforeAll(async () => {
  Object.assign(process.env, { POLL_EVERY_S: '0', TRANSFER_SWEEP_EVERY_S: '0', AUTO_RENEW_CRON: '', EXPIRY_NOTICE_CRON: '' });
  p = await startPurchaseHarness();
  ours = eppClient();
  theirs = eppClient(REGISTRAR_B);
  jobs = await scheduledJobs();
}, 180_000);
afterAll(async () => {
  await jobs?.close();
  await ours?.close();
  await theirs?.close();
  await p?.close();
}, 60_000);

/** Runs a scheduled job now, as its scheduler would, and answers its result. */
const run = <T>(name: JobName, data: Record<string, unknown> = {}) => jobs.run<T>(name, data);
const emailOf = async (userId: number) => (await p.db.query('SELECT email FROM identity.users WHERE id = $1', [userId])).rows[0].email as string;
const mails = async (to: string): Promise<Array<{ subject: string; text: string }>> => (await request(p.h.url).get(`/dev/mail/api/messages?to=${encodeURIComponent(to)}`)).body.messages;
const ledgerSum = async (userId: number) => Number((await p.db.query('SELECT coalesce(sum(delta), 0)::bigint AS s FROM orders.point_entries WHERE user_id = $1', [userId])).rows[0].s);
const heldBy = async (c: Member, name: string) => (await p.db.query('SELECT id FROM domain_ops.domains WHERE punycode = $1 AND user_id = $2', [name, c.userId])).rows.length > 0;

/** A .com name registered by the other registrar (its AUTHCODE known to the test, as the member would get it). */
async function theirDomain(prefix: string): Promise<{ name: string; authcode: string }> {
  const name = await freeName(ours, 'com', prefix);
  const authcode = `Tr${randomUUID().slice(0, 12)}1`;
  await theirs.create({ name, period: { value: 2, unit: 'y' }, authInfo: authcode, ns: ['ns1.other.example'] });
  return { name, authcode };
}

/** The entry form as the page posts it; answers where the browser is sent. */
async function check(c: Member, text: string): Promise<URL> {
  const r = await c.agent.post('/mypage/transferin/check').type('form').send({ _token: c.token(), domainNames: text }).expect(303);
  return new URL(r.headers.location, 'http://app.test');
}
async function checked(c: Member, text: string) {
  const to = await check(c, text);
  expect(to.pathname).toBe('/mypage/transferin/confirm');
  return (await c.agent.get(`/mypage/transferin/hold?holdId=${to.searchParams.get('holdId')}`).set(xhr(c)).expect(200)).body as { id: string; transfers: Array<{ domain_name: string; authcode: string; point: number; error_msg: string | null }>; user: { point: number } };
}
async function requestTransfer(c: Member, items: Array<{ domain_name: string; authcode: string; point: number }>, key = randomUUID(), holdId?: string) {
  const total = items.reduce((s, i) => s + i.point, 0);
  return (await c.agent.post('/mypage/transferin/request').set(xhr(c))
    .send({ holdId, transfers: items, totalPoint: total, point: 0, payment: { type: 'point' }, idempotencyKey: key }).expect(200)).body as { result: boolean; domains: Array<{ domain_name: string; error_msg: string | null }>; errors: string[] };
}
const statusOf = async (c: Member, name: string) => ((await c.agent.get('/mypage/transferin/list').set(xhr(c)).expect(200)).body as Array<{ domain_name: string; status: string; error_msg: string | null }>).find((t) => t.domain_name === name);

describe('transfers', () => {
  let member: Member;
  let seller: Member;
  const doms: Record<string, { name: string; authcode: string }> = {};
  const sold: Record<string, { name: string; id: number }> = {};

  beforeAll(async () => {
    [member, seller] = await Promise.all([p.member(), p.member()]);
    for (const k of ['approve', 'reject', 'auto', 'sweep', 'late', 'wrong', 'bl1', 'bl2']) doms[k] = await theirDomain(`ti${k.slice(0, 3)}`);
    for (const k of ['oapprove', 'oreject', 'oauto']) {
      const name = await freeName(ours, 'com', `to${k.slice(1, 4)}`);
      sold[k] = { name, id: await buyDomain(p, seller, name) };
    }
    // past the registry's 60-day transfer lock of every name above
    await simClock.advanceDays(61);
    await p.syncClock();
  }, 240_000);

  it('refuses the entry form for a line without a dot or a TLD not transferable, with the text kept', async () => {
    const bad = await check(member, 'example\nfoo.com');
    expect(bad.pathname).toBe('/mypage/transferin');
    expect(bad.searchParams.get('errorMessage')).toBe('ドメイン名を正しくご入力ください');
    expect(bad.searchParams.get('domainNames')).toBe('example\nfoo.com');
    const tld = await check(member, 'foo.notatld');
    expect(tld.searchParams.get('errorMessage')).toBe('移管対象外のTLDが含まれています');
    const tlds = (await member.agent.get('/mypage/transferin/tlds').set(xhr(member)).expect(200)).body as string[];
    expect(tlds).toContain('com');
  }, 60_000);

  it('prices each line and tells which cannot move yet (60 days since registration)', async () => {
    const fresh = await theirDomain('tinew');
    const hold = await checked(member, `${fresh.name}\t${fresh.authcode}\n${doms.approve!.name}\u3000wrong-code\n${doms.reject!.name}`);
    const [a, b, c] = hold.transfers;
    expect(a!.domain_name).toBe(fresh.name);
    expect(a!.error_msg).toBe('登録または移管から60日以内のドメインは移管できません');
    expect(b!.error_msg).toBe('AUTHCODEが正しくありません');
    expect(c!.error_msg).toBeNull();
    expect(c!.authcode).toBe('');
    expect(c!.point).toBeGreaterThan(0);
    // the AUTHCODEs typed on the confirm page are kept for the card's round trip
    await member.agent.post('/mypage/transferin/confirm/hold').set(xhr(member)).send({ holdId: hold.id, transfers: [{ domain_name: doms.reject!.name, authcode: 'typed-code' }] }).expect(200);
    const again = (await member.agent.get(`/mypage/transferin/hold?holdId=${hold.id}`).set(xhr(member)).expect(200)).body;
    // ...but never served back (issue 23, finding 8): the page only learns that one is kept
    expect(again.transfers[2]).toMatchObject({ authcode: '', authcode_saved: true });
    expect(JSON.stringify(again)).not.toContain('typed-code');
    expect(JSON.stringify(hold)).not.toContain(fresh.authcode);
    // another member cannot read it
    await seller.agent.get(`/mypage/transferin/hold?holdId=${hold.id}`).set(xhr(seller)).expect(404);
  }, 60_000);

  it('approved by the losing registrar: paid once, then the poll reader adds it to the list with the default settings', async () => {
    const hold = await checked(member, `${doms.approve!.name} ${doms.approve!.authcode}`);
    const item = hold.transfers[0]!;
    await p.grant(member.userId, item.point);
    const before = await p.balance(member.userId);
    const key = randomUUID();
    const r = await requestTransfer(member, [{ domain_name: item.domain_name, authcode: doms.approve!.authcode, point: item.point }], key);
    expect(r.domains).toEqual([{ domain_name: doms.approve!.name, error_msg: null }]);
    expect(await p.balance(member.userId)).toBe(before - item.point);
    // the same request again (a retried call): the same answer, nothing charged twice
    const retry = await requestTransfer(member, [{ domain_name: item.domain_name, authcode: doms.approve!.authcode, point: item.point }], key);
    expect(retry.domains).toEqual(r.domains);
    expect(await p.balance(member.userId)).toBe(before - item.point);
    expect((await statusOf(member, doms.approve!.name))!.status).toBe('pending');
    const banner = (await member.agent.get('/mypage/domain/banner').set(xhr(member)).expect(200)).body;
    expect(banner.transferIn).toBeGreaterThanOrEqual(1);

    await theirs.transfer('approve', doms.approve!.name);
    await run(JobName.DrainPollMessages);
    expect((await statusOf(member, doms.approve!.name))!.status).toBe('done');
    expect(await heldBy(member, doms.approve!.name)).toBe(true);
    const info = await ours.info(doms.approve!.name);
    expect(info.clID).toBe('rakko');
    // default settings: our name servers and the domain's own WHOIS proxy contact
    expect(info.ns.map((n) => n.toLowerCase()).sort()).toEqual(['01.dnsv.jp', '02.dnsv.jp', '03.dnsv.jp', '04.dnsv.jp']);
    expect(info.registrant).toMatch(/^rkpx/);
    expect(info.statuses).toContain('clientTransferProhibited');
    const mail = await waitFor('the done mail', async () => (await mails(await emailOf(member.userId))).find((m) => m.text.includes(doms.approve!.name) && m.subject.includes('移管')));
    expect(mail.subject).toContain('完了');
    expect(await ledgerSum(member.userId)).toBe(await p.balance(member.userId));
    // read again: nothing happens twice
    await run(JobName.DrainPollMessages);
    expect(await p.balance(member.userId)).toBe(before - item.point);
  }, 120_000);

  it('rejected by the losing registrar: the points come back once, with a mail', async () => {
    const hold = await checked(member, `${doms.reject!.name},${doms.reject!.authcode}`);
    const item = hold.transfers[0]!;
    await p.grant(member.userId, item.point);
    const before = await p.balance(member.userId);
    const r = await requestTransfer(member, [item], randomUUID(), hold.id);
    expect(r.domains[0]!.error_msg).toBeNull();
    expect(await p.balance(member.userId)).toBe(before - item.point);
    await theirs.transfer('reject', doms.reject!.name);
    await run(JobName.DrainPollMessages);
    const t = (await statusOf(member, doms.reject!.name))!;
    expect(t.status).toBe('rejected');
    expect(t.error_msg).toBe('移管元の事業者により移管が拒否されました');
    expect(await p.balance(member.userId)).toBe(before);
    expect(await heldBy(member, doms.reject!.name)).toBe(false);
    expect((await ours.info(doms.reject!.name)).clID).toBe(REGISTRAR_B.clientId);
    await waitFor('the rejected mail', async () => (await mails(await emailOf(member.userId))).find((m) => m.text.includes(doms.reject!.name) && m.text.includes('移管元の事業者により移管が拒否されました')));
    await run(JobName.DrainPollMessages);
    expect(await p.balance(member.userId)).toBe(before);
  }, 120_000);

  it('a backlog longer than one run: the run stops when its time is up and a follow-up run settles the rest at once', async () => {
    const hold = await checked(member, [doms.bl1!, doms.bl2!].map((d) => `${d.name} ${d.authcode}`).join('\n'));
    const items = hold.transfers.map((t) => ({ domain_name: t.domain_name, authcode: t.authcode, point: t.point }));
    expect(items.map((i) => i.domain_name)).toEqual([doms.bl1!.name, doms.bl2!.name]);
    await p.grant(member.userId, items.reduce((sum, i) => sum + i.point, 0));
    // the page sends no AUTHCODE (it never gets them back): the request uses the ones kept with the hold...
    expect(items.map((i) => i.authcode)).toEqual(['', '']);
    const r = await requestTransfer(member, items, randomUUID(), hold.id);
    expect(r.domains.map((d) => d.error_msg)).toEqual([null, null]);
    // ...and the hold keeps none once the request is sent (issue 23, finding 8)
    const kept = (await p.db.query('SELECT items FROM domain_ops.transfer_holds WHERE id = $1', [hold.id])).rows[0].items as Array<{ authcode: string }>;
    expect(kept.map((i) => i.authcode)).toEqual(['', '']);
    for (const d of [doms.bl1!, doms.bl2!]) await theirs.transfer('approve', d.name);
    // a run with no time left reads one message and hands the rest to a follow-up run, which nobody has to start
    const first = await run<{ read: number; left: number }>(JobName.DrainPollMessages, { budgetMs: 0 });
    expect(first.read).toBe(1);
    expect(first.left).toBeGreaterThanOrEqual(1);
    for (const d of [doms.bl1!, doms.bl2!]) await waitFor(`${d.name} done`, async () => (await statusOf(member, d.name))?.status === 'done', 60_000);
    expect(await heldBy(member, doms.bl2!.name)).toBe(true);
  }, 120_000);

  it('a wrong AUTHCODE is refused at once and refunded; an empty one is refused before anything is charged', async () => {
    const price = (await checked(member, doms.wrong!.name)).transfers[0]!.point;
    await p.grant(member.userId, price);
    const before = await p.balance(member.userId);
    const r = await requestTransfer(member, [{ domain_name: doms.wrong!.name, authcode: 'not-the-code', point: price }]);
    expect(r.result).toBe(false);
    expect(r.domains[0]!.error_msg).toBe('AUTHCODEが正しくありません');
    expect(await p.balance(member.userId)).toBe(before);
    const empty = await requestTransfer(member, [{ domain_name: doms.wrong!.name, authcode: '', point: price }]);
    expect(empty.domains[0]!.error_msg).toBe(M.authcodeMissing);
    expect(await p.balance(member.userId)).toBe(before);
    expect(await ledgerSum(member.userId)).toBe(before);
  }, 60_000);

  it("a member in a price group (admin custom prices) is quoted and charged the group's transfer price", async () => {
    const listPrice = (await checked(member, doms.wrong!.name)).transfers[0]!.point;
    const grouped = await p.member();
    await p.db.query('INSERT INTO catalog.user_custom_price (user_id, price_group_id) VALUES ($1, 1)', [grouped.userId]); // リセラー価格（10%引き）
    const price = (await checked(grouped, doms.wrong!.name)).transfers[0]!.point;
    expect(price).toBe(withMargin(listPrice, -10));
    await p.grant(grouped.userId, listPrice);
    const before = await p.balance(grouped.userId);
    const atList = await requestTransfer(grouped, [{ domain_name: doms.wrong!.name, authcode: 'not-the-code', point: listPrice }]);
    expect(atList.errors).toEqual([M.totalMismatch]);
    // at the group's price the request passes the total check and reaches the registry (which refuses the code)
    const atGroup = await requestTransfer(grouped, [{ domain_name: doms.wrong!.name, authcode: 'not-the-code', point: price }]);
    expect(atGroup.domains[0]!.error_msg).toBe('AUTHCODEが正しくありません');
    expect(await p.balance(grouped.userId)).toBe(before);
  }, 60_000);

  it('transfer-out: another registrar\'s request shows on the list; the member approves one and rejects another', async () => {
    for (const k of ['oapprove', 'oreject', 'oauto']) {
      // the seller turned the domain lock off (the list's lock operation, issue 11)
      await ours.update({ name: sold[k]!.name, rem: { statuses: ['clientTransferProhibited'] } });
      await p.db.query('UPDATE domain_ops.domains SET is_domain_lock_enabled = false WHERE id = $1', [sold[k]!.id]);
      const code = (await ours.info(sold[k]!.name)).authInfo!;
      await theirs.transfer('request', sold[k]!.name, { authInfo: code, period: { value: 1, unit: 'y' } });
    }
    await run(JobName.DrainPollMessages);
    const outs = (await seller.agent.get('/mypage/transferout/list').set(xhr(seller)).expect(200)).body as Array<{ id: number; domain_name: string; requested_by: string }>;
    expect(outs.map((o) => o.domain_name).sort()).toEqual([sold.oapprove!.name, sold.oreject!.name, sold.oauto!.name].sort());
    expect(outs[0]!.requested_by).toBe(REGISTRAR_B.clientId);
    expect((await seller.agent.get('/mypage/domain/banner').set(xhr(seller)).expect(200)).body.transferOut).toBe(3);
    // nobody else answers for the seller's domains
    const idOf = (n: string) => outs.find((o) => o.domain_name === n)!.id;
    const foreign = (await member.agent.post('/mypage/transferout/approve').set(xhr(member)).send({ ids: [idOf(sold.oapprove!.name)] }).expect(200)).body;
    expect(foreign.result).toBe(false);

    // an admin-locked domain is not let go: approving is refused and the request stays
    await p.db.query('UPDATE domain_ops.domains SET admin_lock_status = 1 WHERE id = $1', [sold.oapprove!.id]);
    const locked = (await seller.agent.post('/mypage/transferout/approve').set(xhr(seller)).send({ ids: [idOf(sold.oapprove!.name)] }).expect(200)).body;
    expect(locked).toMatchObject({ result: false, errorMessage: M.adminLocked, domainResults: [{ name: sold.oapprove!.name, status: 'error', message: M.adminLocked }] });
    expect((await ours.info(sold.oapprove!.name)).clID).toBe('rakko');
    expect((await seller.agent.get('/mypage/transferout/list').set(xhr(seller)).expect(200)).body).toHaveLength(3);
    await p.db.query('UPDATE domain_ops.domains SET admin_lock_status = 0 WHERE id = $1', [sold.oapprove!.id]);
    const ok = (await seller.agent.post('/mypage/transferout/approve').set(xhr(seller)).send({ ids: [idOf(sold.oapprove!.name)] }).expect(200)).body;
    expect(ok.domainResults[0]).toMatchObject({ status: 'success', message: '移管を承認しました' });
    const no = (await seller.agent.post('/mypage/transferout/reject').set(xhr(seller)).send({ ids: [idOf(sold.oreject!.name)] }).expect(200)).body;
    expect(no.domainResults[0]).toMatchObject({ status: 'success', message: '移管を拒否しました' });
    expect((await ours.info(sold.oapprove!.name)).clID).toBe(REGISTRAR_B.clientId);
    expect((await ours.info(sold.oreject!.name)).clID).toBe('rakko');
    expect(await heldBy(seller, sold.oapprove!.name)).toBe(false);
    expect(await heldBy(seller, sold.oreject!.name)).toBe(true);
    const left = (await seller.agent.get('/mypage/transferout/list').set(xhr(seller)).expect(200)).body as Array<{ domain_name: string }>;
    expect(left.map((o) => o.domain_name)).toEqual([sold.oauto!.name]);
  }, 120_000);

  it('after 5 days the registry approves by itself: the transfer-in completes and the transfer-out leaves the list', async () => {
    const hold = await checked(member, `${doms.auto!.name}\u3000${doms.auto!.authcode}`);
    const total = hold.transfers.reduce((s, i) => s + i.point, 0);
    await p.grant(member.userId, total);
    const before = await p.balance(member.userId);
    const r = await requestTransfer(member, hold.transfers, randomUUID(), hold.id);
    expect(r.domains.map((d) => d.error_msg)).toEqual([null]);

    await simClock.advanceDays(6);
    await p.syncClock();
    await run(JobName.DrainPollMessages);
    expect((await statusOf(member, doms.auto!.name))!.status).toBe('done');
    expect(await heldBy(member, doms.auto!.name)).toBe(true);
    expect(await heldBy(seller, sold.oauto!.name)).toBe(false);
    expect((await seller.agent.get('/mypage/transferout/list').set(xhr(seller)).expect(200)).body).toEqual([]);
    expect(await p.balance(member.userId)).toBe(before - total);
  }, 120_000);

  it('the 7-day sweep settles a transfer whose poll message was never read, once', async () => {
    const d = doms.sweep!;
    const hold = await checked(member, `${d.name} ${d.authcode}`);
    await p.grant(member.userId, hold.transfers[0]!.point);
    const before = await p.balance(member.userId);
    expect((await requestTransfer(member, hold.transfers, randomUUID(), hold.id)).domains[0]!.error_msg).toBeNull();
    await simClock.advanceDays(8);
    await p.syncClock();
    const swept = await run<{ cancelled: number }>(JobName.ExpireTransfers);
    expect(swept.cancelled).toBe(0);
    // the registry approved it on day 5: the sweep found the name ours and completed it
    expect((await statusOf(member, d.name))!.status).toBe('done');
    expect(await heldBy(member, d.name)).toBe(true);
    await run(JobName.DrainPollMessages);
    expect(await p.balance(member.userId)).toBe(before - hold.transfers[0]!.point);
    expect(await ledgerSum(member.userId)).toBe(await p.balance(member.userId));
  }, 120_000);
  it('a transfer the registry still holds open after 7 days is cancelled there and refunded once, with a mail', async () => {
    const d = doms.late!;
    const hold = await checked(member, `${d.name}\u3000${d.authcode}`);
    const item = hold.transfers[0]!;
    await p.grant(member.userId, item.point);
    const before = await p.balance(member.userId);
    expect((await requestTransfer(member, hold.transfers, randomUUID(), hold.id)).domains[0]!.error_msg).toBeNull();
    expect(await p.balance(member.userId)).toBe(before - item.point);
    // a registry whose own approval period is longer than our 7 days (the simulator's is 5): still pending on day 8
    const later = new Date((await simClock.now()).getTime() + 30 * 24 * 3600_000).toISOString();
    await p.db.query(`UPDATE registry.domain SET transfer = jsonb_set(transfer, '{acDate}', to_jsonb($2::text)) WHERE name = $1`, [d.name, later]);
    await simClock.advanceDays(8);
    await p.syncClock();
    expect((await ours.info(d.name)).statuses).toContain('pendingTransfer');

    const swept = await run<{ cancelled: number }>(JobName.ExpireTransfers);
    expect(swept.cancelled).toBe(1);
    const t = (await statusOf(member, d.name))!;
    expect(t.status).toBe('cancelled');
    expect(t.error_msg).toBe(M.transferExpired);
    // cancelled at the registry: the name stays with the other registrar, nothing pending any more
    const info = await ours.info(d.name);
    expect(info.clID).toBe(REGISTRAR_B.clientId);
    expect(info.statuses).not.toContain('pendingTransfer');
    expect(await heldBy(member, d.name)).toBe(false);
    expect(await p.balance(member.userId)).toBe(before);
    await waitFor('the cancelled mail', async () => (await mails(await emailOf(member.userId))).find((m) => m.subject.includes(d.name) && m.text.includes(M.transferExpired)));

    // a rerun and the poll reader change nothing
    expect((await run<{ cancelled: number }>(JobName.ExpireTransfers)).cancelled).toBe(0);
    await run(JobName.DrainPollMessages);
    expect(await p.balance(member.userId)).toBe(before);
    expect(await ledgerSum(member.userId)).toBe(await p.balance(member.userId));
    expect((await statusOf(member, d.name))!.status).toBe('cancelled');
  }, 120_000);

  it('registrations and renewals the registry answered "accepted" (1001) are settled into done or refunded', async () => {
    const c = await p.member();
    const okName = await freeName(ours, 'com', 'tiacc');
    const goneName = await freeName(ours, 'com', 'tigon');
    const okId = await buyDomain(p, c, okName);
    const goneId = await buyDomain(p, c, goneName);
    const paid = Number((await p.db.query('SELECT point FROM domain_ops.registration_order_items WHERE punycode = $1', [goneName])).rows[0].point);
    // a renewal the registry answered "accepted" (1001; it has renewed the name since)
    const quote = (await c.agent.post('/mypage/domain/ready').set(xhr(c)).send({ domainIds: [okId] }).expect(200)).body.domains[0];
    await p.grant(c.userId, quote.renew);
    const renewed = (await c.agent.post('/mypage/domain/renew').set(xhr(c))
      .send({ domains: [{ name: okName, period: 1 }], point: quote.renew, totalFee: quote.renew, payment: { type: 'point' }, idempotencyKey: randomUUID() }).expect(200)).body;
    await waitFor('the renewal', async () => (await p.db.query(`SELECT status FROM domain_ops.renewal_order_items WHERE order_id = $1`, [renewed.renewalId])).rows[0]?.status === 'done');
    await p.db.query(`UPDATE domain_ops.renewal_order_items SET status = 'accepted', new_expiry = NULL WHERE order_id = $1`, [renewed.renewalId]);
    // both creates answered 1001 (pendingCreate): the items stay accepted and the domains pending; the registry
    // refused the second in the end (it is gone: deleted within its add grace period)
    for (const [n, id] of [[okName, okId], [goneName, goneId]] as const) {
      await p.db.query(`UPDATE domain_ops.registration_order_items SET status = 'accepted', domain_pk_id = NULL WHERE punycode = $1`, [n]);
      await p.db.query(`UPDATE domain_ops.domains SET status = 'pending' WHERE id = $1`, [id]);
    }
    await ours.delete(goneName);
    const balance = await p.balance(c.userId);
    const pending = (await c.agent.get(`/mypage/domain/ready/pending?domainIds[]=${okId}`).set(xhr(c)).expect(200)).body;
    expect(pending).toEqual([{ domain_id: okId }]);

    const r = await run<{ registrations: number; renewals: number }>(JobName.DrainPollMessages);
    expect(r.registrations).toBeGreaterThanOrEqual(2);
    expect(r.renewals).toBeGreaterThanOrEqual(1);
    const items = async (n: string) => (await p.db.query('SELECT status, domain_pk_id, error_msg FROM domain_ops.registration_order_items WHERE punycode = $1', [n])).rows[0];
    expect(await items(okName)).toMatchObject({ status: 'done' });
    expect((await p.db.query('SELECT status FROM domain_ops.domains WHERE id = $1', [okId])).rows[0].status).toBe('active');
    expect(await items(goneName)).toMatchObject({ status: 'error', error_msg: M.registrationFailed });
    expect((await p.db.query('SELECT 1 FROM domain_ops.domains WHERE id = $1', [goneId])).rows).toHaveLength(0);
    expect(await p.balance(c.userId)).toBe(balance + paid);
    expect((await p.db.query(`SELECT status FROM domain_ops.renewal_order_items WHERE order_id = $1`, [renewed.renewalId])).rows[0].status).toBe('done');
    expect((await c.agent.get(`/mypage/domain/ready/pending?domainIds[]=${okId}`).set(xhr(c)).expect(200)).body).toEqual([]);
    // nothing twice
    await run(JobName.DrainPollMessages);
    expect(await p.balance(c.userId)).toBe(balance + paid);
    expect(await ledgerSum(c.userId)).toBe(await p.balance(c.userId));
  }, 180_000);
});
