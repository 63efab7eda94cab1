/**
 * A registration ends for the member once the domain is created, recorded and paid (docs/purchase.md, ADR 0041): the
 * ROID and the default lock follow in their own job, and until the registry has the lock the domain says 設定中, never
 * ON; a lock that cannot be set ends as 設定失敗 with the reason, in the list, the detail and the history, and the
 * member's own lock change then sets it. WHOIS proxy contacts come from a reserve made ahead at the registry: a
 * registration sends no contact:create, and a reserved contact goes to one domain only, even when two replicas take at
 * the same moment.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { QueueName } from '@registrar/contracts';
import { EPP_CLIENT, EppClientPool, EppError, EppResultCode } from '@registrar/epp';
import { fmt, M, registryErrorMessage } from '@registrar/messages';
import { ProxyIdentityRepository, newProxyContactId, newProxyLocalPart } from '../../../libs/domain-ops/src/whois/proxy-identity.repository';
import { ProxyReserveRefillJob } from '../../../libs/domain-ops/src/whois/proxy-reserve.job';
import { ProxyReserveInUse } from '../../../libs/domain-ops/src/whois/proxy-reserve-in-use';
import { DomainOpsConfig } from '../../../libs/domain-ops/src/shared/domain-ops.config';
import { proxyContactInput } from '../../../libs/domain-ops/src/shared/contacts/epp-contacts';
import { registrationTotal } from '@registrar/rules';
import { client as eppClient, freeName, REGISTRAR_B, simFaults } from '../epp/epp-harness';
import { scheduledJobs, ScheduledJobs, waitFor } from '../scheduled-jobs';
import { Member, PurchaseHarness, startPurchaseHarness, waitForOrder, xhr } from './purchase-harness';

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

async function buy(c: Member, name: string): Promise<string> {
  const est = (await c.agent.get(`/mypage/domain/price/estimate/campaign?domainNames[]=${encodeURIComponent(name)}`).set(xhr(c)).expect(200)).body[0];
  const point = registrationTotal(est.registerPrice, est.renewPrice, est.minimum_years);
  const r = await c.agent.post('/mypage/domain/create').set(xhr(c))
    .send({ domains: [{ name, period: est.minimum_years, point }], totalFee: point, point, payment: { type: 'point' }, idempotencyKey: randomUUID() }).expect(200);
  expect(r.body.result).toBe(true);
  return r.body.orderId;
}

/** The member's row of this domain in the domain list (POST mypage/domain/search), as the page shows it. */
async function listRow(c: Member, name: string) {
  const r = await c.agent.post('/mypage/domain/search').set(xhr(c)).send({ key: name }).expect(200);
  return (r.body.validDomains.data as Array<Record<string, unknown>>).find((d) => d.name === name)!;
}

const commands = async (name: string, action: string) =>
  Number((await p.db.query('SELECT count(*)::int AS n FROM domain_ops.registrar_log WHERE domain_name = $1 AND action_type = $2', [name, action])).rows[0].n);

describe('the default lock after the order has ended', () => {
  afterEach(() => simFaults.reset());

  it('the item is done with the domain and its expiry in the list; the lock follows, shown as 設定中 until the registry has it, then ON', async () => {
    const c = await p.member(20_000);
    const name = await freeName(epp, 'com', 'fol');
    const orderId = await buy(c, name);
    const done = await waitForOrder(c, orderId);
    expect(done.domains[0]).toMatchObject({ domain_name: name, status: 'done' });
    // at once: in the list with the registry's expiry; the lock is never claimed before the registry has it
    const first = await listRow(c, name);
    const registry = await epp.info(name);
    expect(first.due_date).toBe(registry.exDate!.toISOString());
    if (first.is_domain_lock_enabled_flg === 1) expect(registry.statuses).toContain('clientTransferProhibited');
    else expect(first.domain_lock_state).toBe(1);
    // then: ON, the registry has it, the ROID is recorded
    const row = await waitFor('the lock ON in the list', async () => {
      const r = await listRow(c, name);
      return r.is_domain_lock_enabled_flg === 1 ? r : undefined;
    });
    expect(row).toMatchObject({ domain_lock_state: 0, domain_lock_error: null, domain_id: registry.roid });
    expect((await epp.info(name)).statuses).toContain('clientTransferProhibited');
    const detail = (await c.agent.get(`/mypage/domain/detail/${row.id}`).set(xhr(c)).expect(200)).body;
    expect(detail).toMatchObject({ is_domain_lock_enabled_flg: 1, domain_lock_state: 0 });
  }, 120_000);

  it('a lock the registry keeps refusing ends as 設定失敗 with the reason in the list, the detail and the history; the member sets it again from the list', async () => {
    const c = await p.member(20_000);
    const name = await freeName(epp, 'com', 'lkf');
    // every domain:info fails at the registry (an injected 2400, nothing read): the follow-up, which asks first, never
    // reaches the lock; the create (the first attempt sends no info) goes through
    await simFaults.set({ failShare: 1, failMatch: 'domain:info' });
    const orderId = await buy(c, name);
    const done = await waitForOrder(c, orderId);
    // the order is done and paid: the member holds the domain although the lock is not there yet
    expect(done.domains[0]).toMatchObject({ status: 'done' });
    expect(done).toMatchObject({ pointsRefunded: 0 });
    const atDone = await listRow(c, name);
    expect(atDone.is_domain_lock_enabled_flg).toBe(0);
    expect([1, 2]).toContain(atDone.domain_lock_state);

    const failed = await waitFor('the lock failed for good', async () => {
      const r = await listRow(c, name);
      return r.domain_lock_state === 2 ? r : undefined;
    }, 60_000);
    expect(failed).toMatchObject({ is_domain_lock_enabled_flg: 0, domain_lock_error: registryErrorMessage(2400) });
    const detail = (await c.agent.get(`/mypage/domain/detail/${failed.id}`).set(xhr(c)).expect(200)).body;
    expect(detail).toMatchObject({ is_domain_lock_enabled_flg: 0, domain_lock_state: 2 });
    const history = (await p.db.query(`SELECT subject, content FROM domain_ops.action_logs WHERE user_id = $1 AND subject = 'ドメインロック設定失敗'`, [c.userId])).rows;
    expect(history).toHaveLength(1);
    expect(history[0].content).toContain(M.lockApplyFailed);
    await simFaults.reset();
    // the registry truly has no lock (the list said so); the member turns it on from the list
    expect((await epp.info(name)).statuses).not.toContain('clientTransferProhibited');
    const on = await c.agent.post('/mypage/domain/lock/dispatch').set(xhr(c)).send({ domains: [failed.id], is_domain_lock_enabled_flg: 1 }).expect(200);
    await waitFor('the lock operation', async () => (await c.agent.get(`/mypage/domain/operation/status?jobId=${on.body.jobId}`).set(xhr(c))).body.finished || undefined);
    expect(await listRow(c, name)).toMatchObject({ is_domain_lock_enabled_flg: 1, domain_lock_state: 0, domain_lock_error: null });
    expect((await epp.info(name)).statuses).toContain('clientTransferProhibited');
  }, 180_000);
});

describe('the lock\'s answer lost', () => {
  afterEach(() => simFaults.reset());

  it('the registry applies the lock but its answer is lost (2400): the next attempt finds the lock and sends nothing twice; the ROID is on the domain and its order item', async () => {
    const c = await p.member(20_000);
    const name = await freeName(epp, 'com', 'lku');
    // the simulator runs the command, then answers 2400 instead (an answer lost after the registry acted)
    await simFaults.set({ failShare: 1, failMatch: 'domain:update' });
    const orderId = await buy(c, name);
    expect((await waitForOrder(c, orderId)).domains[0]).toMatchObject({ status: 'done' });
    const row = await waitFor('the lock ON in the list', async () => {
      const r = await listRow(c, name);
      return r.is_domain_lock_enabled_flg === 1 ? r : undefined;
    }, 60_000);
    const registry = await epp.info(name);
    expect(registry.statuses).toContain('clientTransferProhibited');
    expect(row).toMatchObject({ domain_lock_state: 0, domain_lock_error: null, domain_id: registry.roid });
    const status = await c.agent.get(`/mypage/domain/create/status?orderId=${orderId}`).set(xhr(c)).expect(200);
    expect(status.body.domains[0]).toMatchObject({ domain_name: name, domain_id: registry.roid });
    // one update was sent (the registry log is written in batches): the retry's info found the lock there
    await waitFor('the registrar log of the follow-up', async () => (await commands(name, 'domain:info')) >= 2 || undefined);
    expect(await commands(name, 'domain:update')).toBe(1);
  }, 120_000);
});

describe('follow-ups marked by an older release (a rolling upgrade, ADR 0060)', () => {
  it('a domain an older replica marked on its own row is still followed up: the lock applied at the registry, then ON, nothing left marked', async () => {
    const c = await p.member(20_000);
    const name = await freeName(epp, 'com', 'fup');
    expect((await waitForOrder(c, await buy(c, name))).domains[0]).toMatchObject({ status: 'done' });
    const on = await waitFor('the lock ON in the list', async () => {
      const r = await listRow(c, name);
      return r.is_domain_lock_enabled_flg === 1 ? r : undefined;
    });
    // as an older release records it: the lock off at the registry and 設定中 here, the follow-up marked on the row
    await epp.update({ name, rem: { statuses: ['clientTransferProhibited'] } });
    await p.db.query(`UPDATE domain_ops.domains SET is_domain_lock_enabled = false, lock_state = 'applying', follow_up_lock = true, follow_up_due = now(), follow_up_attempts = 0 WHERE id = $1`, [on.id]);
    expect(await listRow(c, name)).toMatchObject({ is_domain_lock_enabled_flg: 0, domain_lock_state: 1 });
    // the next run (another member's order asks for one; the schedule would too) adopts the mark and applies the lock
    const other = await freeName(epp, 'com', 'fuq');
    await waitForOrder(c, await buy(c, other));
    const row = await waitFor('the lock ON again', async () => {
      const r = await listRow(c, name);
      return r.is_domain_lock_enabled_flg === 1 ? r : undefined;
    }, 60_000);
    expect(row).toMatchObject({ domain_lock_state: 0, domain_lock_error: null });
    expect((await epp.info(name)).statuses).toContain('clientTransferProhibited');
    const left = await p.db.query(
      `SELECT d.follow_up_due, d.follow_up_lock, (SELECT count(*)::int FROM domain_ops.domain_follow_ups f WHERE f.domain_id = d.id) AS marks FROM domain_ops.domains d WHERE d.id = $1`, [on.id]);
    expect(left.rows[0]).toEqual({ follow_up_due: null, follow_up_lock: null, marks: 0 });
  }, 120_000);
});

describe('the reserve of WHOIS proxy contacts', () => {
  it('a registration with proxy takes a contact made ahead: no contact:create on its way, the contact at the registry is the domain\'s proxy', async () => {
    await waitFor('a ready reserve', async () => Number((await p.db.query(`SELECT count(*)::int AS n FROM domain_ops.proxy_contact_reserve WHERE state = 'ready'`)).rows[0].n) > 0 || undefined);
    const c = await p.member(20_000);
    const name = await freeName(epp, 'com', 'rsv');
    const reserved = new Set((await p.db.query(`SELECT registry_contact_id FROM domain_ops.proxy_contact_reserve WHERE state = 'ready'`)).rows.map((r) => r.registry_contact_id));
    const orderId = await buy(c, name);
    expect((await waitForOrder(c, orderId)).domains[0].status).toBe('done');
    const identity = (await p.db.query('SELECT email, registry_contact_id FROM domain_ops.proxy_identities WHERE punycode = $1', [name])).rows[0];
    expect(reserved.has(identity.registry_contact_id)).toBe(true);
    expect((await p.db.query('SELECT 1 FROM domain_ops.proxy_contact_reserve WHERE registry_contact_id = $1', [identity.registry_contact_id])).rows).toHaveLength(0);
    const info = await epp.info(name);
    expect(info.registrant).toBe(identity.registry_contact_id);
    expect((await epp.contactInfo(identity.registry_contact_id)).email).toBe(identity.email);
    // the registrar log of the member's commands (written in batches): the create, and no contact:create (the contact
    // was made ahead, for no domain and no member)
    await waitFor('the create in the registrar log', async () => (await commands(name, 'domain:create')) === 1 || undefined);
    expect(Number((await p.db.query(`SELECT count(*)::int AS n FROM domain_ops.registrar_log WHERE user_id = $1 AND action_type = 'contact:create'`, [c.userId])).rows[0].n)).toBe(0);
  }, 120_000);

  it('two replicas taking at the same moment never give one reserved contact to two domains', async () => {
    // two replicas: two connection pools, two repositories, racing for a reserve smaller than the demand
    const url = process.env.DATABASE_URL!;
    const replicas = [new DataSource({ type: 'postgres', url, poolSize: 8 }), new DataSource({ type: 'postgres', url, poolSize: 8 })];
    await Promise.all(replicas.map((d) => d.initialize()));
    // the rows below are of a mail domain not in use, which a refill run deletes: none runs meanwhile
    const release = await holdRefills();
    try {
      const mail = `race-${randomUUID().slice(0, 8)}.example`;
      const ids = Array.from({ length: 20 }, () => newProxyContactId());
      await p.db.query(`INSERT INTO domain_ops.proxy_contact_reserve (email, registry_contact_id, state) SELECT * , 'ready' FROM unnest($1::text[], $2::text[])`,
        [ids.map(() => `${newProxyLocalPart()}@${mail}`), ids]);
      const repos = replicas.map((d) => new ProxyIdentityRepository(d));
      const names = Array.from({ length: 60 }, (_, i) => `race-${randomUUID().slice(0, 8)}-${i}.com`);
      const taken = await Promise.all(names.map((n, i) => repos[i % 2]!.take(n, mail)));
      const got = taken.map((t) => t.identity?.registryContactId).filter((x): x is string => !!x);
      // every reserved contact went to exactly one domain, and none was left while a taker went without
      expect(new Set(got).size).toBe(got.length);
      expect([...got].sort()).toEqual([...ids].sort());
      const rows = (await p.db.query('SELECT punycode, registry_contact_id FROM domain_ops.proxy_identities WHERE registry_contact_id = ANY($1::text[])', [ids])).rows;
      expect(rows).toHaveLength(ids.length);
      expect(new Set(rows.map((r) => r.punycode)).size).toBe(ids.length);
      expect((await p.db.query('SELECT count(*)::int AS n FROM domain_ops.proxy_contact_reserve WHERE registry_contact_id = ANY($1::text[])', [ids])).rows[0].n).toBe(0);
    } finally {
      await release();
      await Promise.all(replicas.map((d) => d.destroy()));
    }
  }, 60_000);

  it('two registrations of one name taking at the same moment: one identity, and the other\'s reserved contact stays in the reserve', async () => {
    const url = process.env.DATABASE_URL!;
    const replicas = [new DataSource({ type: 'postgres', url, poolSize: 2 }), new DataSource({ type: 'postgres', url, poolSize: 2 })];
    await Promise.all(replicas.map((d) => d.initialize()));
    const release = await holdRefills();
    const holder = new Client({ connectionString: url });
    await holder.connect();
    try {
      const mail = `same-${randomUUID().slice(0, 8)}.example`;
      const ids = [newProxyContactId(), newProxyContactId()];
      await p.db.query(`INSERT INTO domain_ops.proxy_contact_reserve (email, registry_contact_id, state) SELECT *, 'ready' FROM unnest($1::text[], $2::text[])`,
        [ids.map(() => `${newProxyLocalPart()}@${mail}`), ids]);
      const name = `same-${randomUUID().slice(0, 8)}.com`;
      // both takes start before either has made the identity: a third transaction holds the name's identity row
      // (uncommitted), so neither sees an identity and both wait at their insert; it then steps back
      await holder.query('BEGIN');
      await holder.query(`INSERT INTO domain_ops.proxy_identities (punycode, email, registry_contact_id) VALUES ($1, $2, $3)`, [name, `${newProxyLocalPart()}@${mail}`, newProxyContactId()]);
      const takes = replicas.map((d) => new ProxyIdentityRepository(d).take(name, mail));
      await waitFor('both takes waiting at their insert', async () => Number((await p.db.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%proxy_contact_reserve%' AND datname = current_database()`)).rows[0].n) === 2 || undefined);
      await holder.query('ROLLBACK');
      const taken = await Promise.all(takes);
      const got = taken.map((t) => t.identity?.registryContactId).filter((x): x is string => !!x);
      expect(got).toHaveLength(1);
      const identity = (await p.db.query('SELECT registry_contact_id FROM domain_ops.proxy_identities WHERE punycode = $1', [name])).rows;
      expect(identity.map((r) => r.registry_contact_id)).toEqual(got);
      // the loser's contact is still in the reserve, ready for another domain (before, it was deleted: lost)
      const left = (await p.db.query('SELECT registry_contact_id, state FROM domain_ops.proxy_contact_reserve WHERE registry_contact_id = ANY($1::text[])', [ids])).rows;
      expect(left).toEqual([{ registry_contact_id: ids.find((i) => i !== got[0]), state: 'ready' }]);
    } finally {
      await holder.end();
      await release();
      await Promise.all(replicas.map((d) => d.destroy()));
    }
  }, 60_000);

  it('a registration that fails for good gives its proxy contact back to the reserve; one another registration of the name may use is kept', async () => {
    await waitFor('a ready reserve', async () => Number((await p.db.query(`SELECT count(*)::int AS n FROM domain_ops.proxy_contact_reserve WHERE state = 'ready'`)).rows[0].n) > 0 || undefined);
    const theirs = eppClient(REGISTRAR_B);
    const release = await holdRefills();
    const repo = p.services[2]!.get(ProxyIdentityRepository, { strict: false });
    let returned = '';
    try {
      // the name is another registrar's: the registration takes a reserved contact, then fails (taken) and is refunded
      const name = await freeName(epp, 'com', 'rsvfail');
      await theirs.create({ name, authInfo: 'Other-Registrar-1' });
      const before = (await p.db.query('SELECT registry_contact_id FROM domain_ops.proxy_contact_reserve')).rows.map((r) => r.registry_contact_id).sort();
      const c = await p.member(20_000);
      const orderId = await buy(c, name);
      expect((await waitForOrder(c, orderId)).domains[0]).toMatchObject({ status: 'error', error_msg: M.domainTaken });
      // no identity left for the name; the contact is back in the reserve (to be checked at the registry by the refill
      // before it is handed out again); before, it stayed bound to a name we do not hold
      expect((await p.db.query('SELECT 1 FROM domain_ops.proxy_identities WHERE punycode = $1', [name])).rows).toHaveLength(0);
      const after = (await p.db.query('SELECT registry_contact_id, state FROM domain_ops.proxy_contact_reserve')).rows;
      expect(after.map((r) => r.registry_contact_id).sort()).toEqual(before);
      const back = after.filter((r) => r.state === 'creating');
      expect(back).toHaveLength(1);
      returned = back[0].registry_contact_id;

      // a name whose identity another registration may still use (its item not ended in error) keeps it
      const other = `keep-${randomUUID().slice(0, 8)}.com`;
      const identity = await repo.ensure(other, 'example.jp');
      const order = randomUUID();
      await p.db.query(`INSERT INTO domain_ops.registration_orders (id, user_id, idempotency_key, total, payment_type, status) VALUES ($1, $2, $3, 0, 'point', 'processing')`, [order, c.userId, randomUUID()]);
      const item = Number((await p.db.query(`INSERT INTO domain_ops.registration_order_items (order_id, position, name, punycode, tld, period, point, is_campaign, whois_proxy, status, spent)
        VALUES ($1, 0, $2, $2, 'com', 1, 0, false, true, 'processing', false) RETURNING id`, [order, other])).rows[0].id);
      expect(await repo.release(other, item + 1_000_000)).toBe(false);
      expect(await repo.byPunycode(other)).toEqual(identity);
      await p.db.query(`UPDATE domain_ops.registration_order_items SET status = 'error' WHERE id = $1`, [item]);
      expect(await repo.release(other, item + 1_000_000)).toBe(true);
      expect(await repo.byPunycode(other)).toBeNull();
      await p.db.query('DELETE FROM domain_ops.proxy_contact_reserve WHERE registry_contact_id = $1', [identity.registryContactId]);
    } finally {
      await release();
      await theirs.close();
    }
    // a refill run finds it at the registry ("exists") and makes it ready again
    await p.services[2]!.get(ProxyReserveRefillJob, { strict: false }).handle();
    expect((await p.db.query(`SELECT state FROM domain_ops.proxy_contact_reserve WHERE registry_contact_id = $1`, [returned])).rows).toEqual([{ state: 'ready' }]);
  }, 120_000);

  it('after WHOIS_PROXY_MAIL_DOMAIN changed, the old contacts are never taken and the refill deletes them at the registry and here, once, replicas sharing them; a refused delete is retried', async () => {
    const domainOps = p.services[2]!;
    const config = domainOps.get(DomainOpsConfig, { strict: false });
    const registrar = domainOps.get<EppClientPool>(EPP_CLIENT, { strict: false });
    const mail = config.WHOIS_PROXY_MAIL_DOMAIN.toLowerCase();
    const old = `old-${randomUUID().slice(0, 8)}.example`;
    // contacts of the reserve made under the old mail domain: 5 made at the registry (one of them left retiring by a run
    // that died, its lease over), one whose create never reached the registry
    const made = Array.from({ length: 5 }, () => ({ id: newProxyContactId(), email: `${newProxyLocalPart()}@${old}` }));
    for (const c of made) await registrar.contactCreate({ ...proxyContactInput(c.id, c.email), authInfo: 'Rk-test-secret-1' });
    const never = { id: newProxyContactId(), email: `${newProxyLocalPart()}@${old}` };
    const refused = made[0]!.id;
    const release = await holdRefills();
    const url = process.env.DATABASE_URL!;
    const other = new DataSource({ type: 'postgres', url, poolSize: 4 });
    await other.initialize();
    try {
      // older than every current contact, so they would come first if the mail domain were not checked; and found by a
      // run of the current setting a day ago, longer than the grace (no replica of the old setting since)
      await p.db.query(
        `INSERT INTO domain_ops.proxy_contact_reserve (email, registry_contact_id, state, created_at, stale_since)
         SELECT e, i, s, now() - interval '1 day', now() - interval '1 day' FROM unnest($1::text[], $2::text[], $3::text[]) AS t(e, i, s)`,
        [[...made.map((c) => c.email), never.email], [...made.map((c) => c.id), never.id], ['ready', 'ready', 'ready', 'ready', 'ready', 'creating']],
      );
      await p.db.query(`UPDATE domain_ops.proxy_contact_reserve SET state = 'retiring', lease_until = now() - interval '1 minute' WHERE registry_contact_id = $1`, [made[4]!.id]);
      const oldIds = [...made.map((c) => c.id), never.id];

      // a registration takes a contact of the current mail domain, never one of the old
      const repo = domainOps.get(ProxyIdentityRepository, { strict: false });
      const { identity } = await repo.take(`rsv-${randomUUID().slice(0, 8)}.com`, mail);
      expect(identity?.email.endsWith(`@${mail}`)).toBe(true);
      expect(oldIds).not.toContain(identity!.registryContactId);

      // two replicas' refill runs at once (two connection pools), the registry refusing one contact's delete
      await simFaults.set({ failShare: 1, failMatch: refused });
      const replica = new ProxyReserveRefillJob(registrar, new ProxyIdentityRepository(other), config);
      const runs = await Promise.allSettled([domainOps.get(ProxyReserveRefillJob, { strict: false }).handle(), replica.handle()]);
      await simFaults.reset();
      // the refused delete fails its run (BullMQ retries it) and stays, retiring; the others are gone
      expect(runs.some((r) => r.status === 'rejected')).toBe(true);
      const left = async () => (await p.db.query('SELECT registry_contact_id, state FROM domain_ops.proxy_contact_reserve WHERE registry_contact_id = ANY($1::text[])', [oldIds])).rows;
      expect(await left()).toEqual([{ registry_contact_id: refused, state: 'retiring' }]);
      for (const c of made.slice(1)) {
        const e = await registrar.contactInfo(c.id).then(() => null, (x: unknown) => x);
        expect(EppError.is(e, EppResultCode.ObjectDoesNotExist)).toBe(true);
      }
      // each contact's delete was sent once, whichever replica sent it
      await waitFor('the deletes in the registrar log', async () => (await Promise.all(made.slice(1).map((c) => commands(c.id, 'contact:delete')))).every((n) => n >= 1) || undefined);
      for (const c of made.slice(1)) expect(await commands(c.id, 'contact:delete')).toBe(1);

      // the retry: the refused one goes too (the simulator ran the delete it answered 2400 for, as a registry whose
      // answer was lost would: "does not exist" then counts as deleted)
      await expect(replica.handle()).resolves.toMatchObject({ retired: 1 });
      expect(await left()).toEqual([]);
      const e = await registrar.contactInfo(refused).then(() => null, (x: unknown) => x);
      expect(EppError.is(e, EppResultCode.ObjectDoesNotExist)).toBe(true);
      // and the reserve at the current mail domain is full
      const { ready, creating } = await repo.reserveCounts(mail);
      expect(ready + creating).toBeGreaterThanOrEqual(config.PROXY_RESERVE_SIZE);
    } finally {
      await simFaults.reset().catch(() => undefined);
      await release();
      await other.destroy();
    }
  }, 120_000);
});

describe('a change of WHOIS_PROXY_MAIL_DOMAIN rolled out over replicas', () => {
  it('replicas of both settings delete none of each other\'s contacts; once no replica of the old one ran for the grace, they go, the reserve off or on; with nothing to clean, no registry command', async () => {
    const domainOps = p.services[2]!;
    const config = domainOps.get(DomainOpsConfig, { strict: false });
    const registrar = domainOps.get<EppClientPool>(EPP_CLIENT, { strict: false });
    const repo = domainOps.get(ProxyIdentityRepository, { strict: false });
    // every registry command the replicas below send (the real client, counted)
    const sent: string[] = [];
    const counted = new Proxy(registrar, {
      get(t, k, r) {
        const v = Reflect.get(t, k, r);
        return typeof v === 'function' ? (...a: unknown[]) => { sent.push(String(k)); return v.apply(t, a); } : v;
      },
    }) as EppClientPool;
    const oldMail = `roll-old-${randomUUID().slice(0, 8)}.example`;
    const newMail = `roll-new-${randomUUID().slice(0, 8)}.example`;
    const replica = (mail: string, size: number) =>
      new ProxyReserveRefillJob(counted, repo, { ...config, WHOIS_PROXY_MAIL_DOMAIN: mail, PROXY_RESERVE_SIZE: size } as DomainOpsConfig);
    const oldReplica = replica(oldMail, 3);
    const newReplica = replica(newMail, 3);
    const rowsOf = async (mail: string) => (await p.db.query(
      `SELECT registry_contact_id AS id, state FROM domain_ops.proxy_contact_reserve WHERE split_part(email, '@', 2) = $1 ORDER BY registry_contact_id`, [mail])).rows as Array<{ id: string; state: string }>;
    const atRegistry = async (id: string) => registrar.contactInfo(id).then(() => true, (e: unknown) => (EppError.is(e, EppResultCode.ObjectDoesNotExist) ? false : Promise.reject(e)));
    const release = await holdRefills();
    try {
      // the old setting's reserve, then the rollout: runs of both settings, one after the other and at once
      await expect(oldReplica.handle()).resolves.toEqual({ made: 3, retired: 0 });
      await expect(newReplica.handle()).resolves.toEqual({ made: 3, retired: 0 });
      await expect(oldReplica.handle()).resolves.toEqual({ made: 0, retired: 0 });
      await expect(Promise.all([oldReplica.handle(), newReplica.handle()])).resolves.toEqual([{ made: 0, retired: 0 }, { made: 0, retired: 0 }]);
      const olds = await rowsOf(oldMail);
      const news = await rowsOf(newMail);
      expect([...olds, ...news].map((r) => r.state)).toEqual(Array(6).fill('ready'));
      for (const r of [...olds, ...news]) expect(await atRegistry(r.id)).toBe(true);
      // each setting still hands out its own
      const { identity } = await repo.take(`roll-${randomUUID().slice(0, 8)}.com`, oldMail);
      expect(olds.map((r) => r.id)).toContain(identity!.registryContactId);

      // a rollout longer than the grace whose old replicas never got a run of the shared schedule: an old process alive
      // says so by itself (ProxyReserveInUse, at boot and every quarter of the grace), so the new side deletes nothing
      const back = async () => p.db.query(
        `UPDATE domain_ops.proxy_contact_reserve SET stale_since = stale_since - make_interval(secs => $2 + 60) WHERE split_part(email, '@', 2) = $1 AND stale_since IS NOT NULL`,
        [oldMail, config.PROXY_RESERVE_RETIRE_GRACE_S]);
      await newReplica.handle();
      await back();
      await new ProxyReserveInUse(repo, { ...config, WHOIS_PROXY_MAIL_DOMAIN: oldMail } as DomainOpsConfig).beat();
      sent.length = 0;
      await expect(replica(newMail, 0).handle()).resolves.toEqual({ made: 0, retired: 0 });
      expect(sent).toEqual([]);
      expect((await rowsOf(oldMail)).map((r) => r.state)).toEqual(['ready', 'ready']);

      // the rollout is over: the last run of the old setting was longer ago than the grace (the clock moved back by hand)
      await newReplica.handle();
      const moved = await back();
      expect(moved.rowCount).toBe(2);
      // the new setting with the reserve off still deletes them: at the registry and here, making nothing
      const off = replica(newMail, 0);
      sent.length = 0;
      await expect(off.handle()).resolves.toEqual({ made: 0, retired: 2 });
      expect(sent).toEqual(['contactDelete', 'contactDelete']);
      expect(await rowsOf(oldMail)).toEqual([]);
      for (const r of olds.filter((o) => o.id !== identity!.registryContactId)) expect(await atRegistry(r.id)).toBe(false);
      // the taken one is a domain's proxy contact now, the new setting's reserve untouched
      expect(await atRegistry(identity!.registryContactId)).toBe(true);
      expect(await rowsOf(newMail)).toEqual(news);
      // nothing left to clean: the reserve off sends nothing to the registry
      sent.length = 0;
      await expect(off.handle()).resolves.toEqual({ made: 0, retired: 0 });
      expect(sent).toEqual([]);
    } finally {
      await p.db.query(`DELETE FROM domain_ops.proxy_contact_reserve WHERE split_part(email, '@', 2) = ANY($1::text[])`, [[oldMail, newMail]]);
      await release();
    }
  }, 120_000);
});

describe('two refill runs at once (the schedule\'s and a registration\'s top-up, ADR 0066)', () => {
  it('each reserve contact is made at the registry once, and all of them end ready', async () => {
    const domainOps = p.services[2]!;
    const config = domainOps.get(DomainOpsConfig, { strict: false });
    const registrar = domainOps.get<EppClientPool>(EPP_CLIENT, { strict: false });
    const repo = domainOps.get(ProxyIdentityRepository, { strict: false });
    const made: string[] = [];
    const counted = new Proxy(registrar, {
      get(t, k, r) {
        const v = Reflect.get(t, k, r);
        return k === 'contactCreate' ? (input: { id: string }, ...a: unknown[]) => { made.push(input.id); return (v as (...x: unknown[]) => unknown).apply(t, [input, ...a]); } : v;
      },
    }) as EppClientPool;
    const mail = `twice-${randomUUID().slice(0, 8)}.example`;
    const run = () => new ProxyReserveRefillJob(counted, repo, { ...config, WHOIS_PROXY_MAIL_DOMAIN: mail, PROXY_RESERVE_SIZE: 8 } as DomainOpsConfig).handle();
    const release = await holdRefills();
    try {
      // the reserve's rows written, their contacts not made yet (a top-up under way): both runs find them to make
      const ids = Array.from({ length: 8 }, () => newProxyContactId());
      await p.db.query(`INSERT INTO domain_ops.proxy_contact_reserve (email, registry_contact_id) SELECT * FROM unnest($1::text[], $2::text[])`,
        [ids.map(() => `${newProxyLocalPart()}@${mail}`), ids]);
      const [a, b] = await Promise.all([run(), run()]);
      expect(a.made + b.made).toBe(8);
      expect([...made].sort()).toEqual([...ids].sort());
      const rows = (await p.db.query(`SELECT state FROM domain_ops.proxy_contact_reserve WHERE split_part(email, '@', 2) = $1`, [mail])).rows;
      expect(rows.map((r) => r.state)).toEqual(Array(8).fill('ready'));
    } finally {
      await p.db.query(`DELETE FROM domain_ops.proxy_contact_reserve WHERE split_part(email, '@', 2) = $1`, [mail]);
      await release();
    }
  }, 120_000);
});

/**
 * Keeps the system's own refill runs (its schedule, a registration's top-up) from running until released: the WHOIS
 * queue is paused and any run already going is waited for.
 */
async function holdRefills(): Promise<() => Promise<void>> {
  const jobs: ScheduledJobs = await scheduledJobs(QueueName.DomainOpsWhois);
  await jobs.queue.pause();
  await waitFor('no refill running', async () => (await jobs.queue.getActiveCount()) === 0 || undefined);
  return async () => {
    await jobs.queue.resume();
    await jobs.close();
  };
}

describe('two members ordering one name at the same moment (ADR 0052)', () => {
  it('the domain goes to the member whose create the registry accepted, even when the other order records first; the other is refunded, the name taken', async () => {
    const [a, b] = [await p.member(20_000), await p.member(20_000)];
    const name = await freeName(epp, 'com', 'samename');
    const pool = p.services[2]!.get<EppClientPool>(EPP_CLIENT);
    const create = pool.create.bind(pool);
    const bEnded = async () => (await p.db.query(
      `SELECT i.status FROM domain_ops.registration_order_items i JOIN domain_ops.registration_orders o ON o.id = i.order_id
        WHERE o.user_id = $1 AND i.punycode = $2 AND i.status IN ('done', 'error', 'accepted')`, [b.userId, name])).rows[0];
    let accepted!: () => void;
    const aAccepted = new Promise<void>((resolve) => (accepted = resolve));
    // a's create reaches the registry first, and its answer is slow: b's create (the name exists) and b's order go
    // on and end before a's job hears back
    const spy = jest.spyOn(pool, 'create').mockImplementation(async (input, ctx) => {
      if (input.name !== name) return create(input, ctx);
      if (ctx?.userId === a.userId) {
        const r = await create(input, ctx);
        accepted();
        await waitFor('b\'s order item ended', bEnded, 60_000).catch(() => undefined);
        return r;
      }
      await aAccepted;
      return create(input, ctx);
    });
    let aDone: Awaited<ReturnType<typeof waitForOrder>>;
    let bDone: Awaited<ReturnType<typeof waitForOrder>>;
    let orders: string[];
    try {
      orders = await Promise.all([buy(a, name), buy(b, name)]);
      [aDone, bDone] = await Promise.all([waitForOrder(a, orders[0]!), waitForOrder(b, orders[1]!)]);
    } finally {
      spy.mockRestore();
    }
    expect(aDone.domains[0]).toMatchObject({ domain_name: name, status: 'done' });
    expect(bDone.domains[0]).toMatchObject({ domain_name: name, status: 'error', error_msg: M.domainTaken });
    // our table gives the domain to a, whose create the registry accepted (a's contacts are on the name there)
    expect((await p.db.query('SELECT user_id::int AS user_id FROM domain_ops.domains WHERE punycode = $1', [name])).rows).toEqual([{ user_id: a.userId }]);
    expect((await listRow(a, name))?.name).toBe(name);
    expect(await listRow(b, name)).toBeUndefined();
    // b paid nothing in the end, with the reason in its history; a paid once
    const point = Number((await p.db.query('SELECT point FROM domain_ops.registration_order_items WHERE order_id = $1', [orders[1]])).rows[0].point);
    expect(await p.balance(b.userId)).toBe(20_000);
    expect(await p.balance(a.userId)).toBe(20_000 - point);
    const history = (await b.agent.get('/mypage/actionLog/search').set(xhr(b)).expect(200)).body.actionLogs.data.map((l: { description: string }) => l.description);
    expect(history).toContain(`${name}: ${fmt(M.refundedPoints, { point, reason: M.domainTaken })}`);
  }, 180_000);
});
