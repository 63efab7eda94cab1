/**
 * A registration ends for the member once the domain is created, recorded and paid (docs/purchase.md, ADR 0041): the
 * ROID and the default lock follow in their own job, and until the registry has the lock the domain says 設定中, never
 * ON; a lock that cannot be set ends as 設定失敗 with the reason, in the list, the detail and the history, and the
 * member's own lock change then sets it. WHOIS proxy contacts come from a reserve made ahead at the registry: a
 * registration sends no contact:create, and a reserved contact goes to one domain only, even when two replicas take at
 * the same moment.
 */
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { EppClientPool } from '@registrar/epp';
import { M, registryErrorMessage } from '@registrar/messages';
import { ProxyIdentityRepository, newProxyContactId, newProxyLocalPart } from '../../../libs/domain-ops/src/whois/proxy-identity.repository';
import { registrationTotal } from '@registrar/rules';
import { client as eppClient, freeName, simFaults } from '../epp/epp-harness';
import { waitFor } from '../scheduled-jobs';
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
      await Promise.all(replicas.map((d) => d.destroy()));
    }
  }, 60_000);
});
