/**
 * The admin screens' calls, for real: the gateway, the admin service (which keeps import runs and the console's
 * history) and the domain-ops service on the Redis transport, and the registry simulator. Command console runs land in the registrar log with the admin's id; the registrar log
 * filters (and its 422s); the action log's any-condition rule; domain info; import verified at the registry.
 */
import 'reflect-metadata';
import { INestMicroservice } from '@nestjs/common';
import crypto from 'node:crypto';
import { Client } from 'pg';
import { startService } from '@registrar/infra';
import { DomainOpsServiceModule } from '@registrar/domain-ops';
import { AdminServiceModule } from '@registrar/admin';
import { OrdersServiceModule } from '@registrar/orders';
import { EppClientPool } from '@registrar/epp';
import { M } from '@registrar/messages';
import { createAccount, Harness, signIn, startHarness } from '../gateway/gateway-harness';
import { client as eppClient, freeName, REGISTRAR_B } from '../epp/epp-harness';

jest.setTimeout(120_000);

describe('admin calls over domain-ops', () => {
  let h: Harness;
  let db: Client;
  let svc: INestMicroservice;
  let orders: INestMicroservice;
  let admin: INestMicroservice;
  let ours: EppClientPool;
  let theirs: EppClientPool;
  let superAdmin: Awaited<ReturnType<typeof signIn>> & { id: number };
  let normal: Awaited<ReturnType<typeof signIn>>;
  const post = (c: { agent: any; token: () => string }, url: string, body: unknown) => c.agent.post(url).set('X-Requested-With', 'XMLHttpRequest').set('X-CSRF-TOKEN', c.token()).send(body);

  beforeAll(async () => {
    process.env.NODE_ENV = 'test';
    db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    process.env.ORDERS_RECONCILE_EVERY_S = '0';
    svc = await startService('domain-ops', DomainOpsServiceModule, process.env.REDIS_URL);
    orders = await startService('orders', OrdersServiceModule, process.env.REDIS_URL);
    admin = await startService('admin', AdminServiceModule, process.env.REDIS_URL);
    h = await startHarness();
    const s = await createAccount(h, { adminRole: 1 });
    superAdmin = { ...(await signIn(h, s)), id: s.user.id };
    normal = await signIn(h, await createAccount(h, { adminRole: 2 }));
    ours = eppClient();
    theirs = eppClient(REGISTRAR_B);
  }, 120_000);
  afterAll(async () => {
    await ours?.close(); await theirs?.close();
    await h?.close(); await admin?.close(); await svc?.close(); await orders?.close(); await db?.end();
  });

  it('runs an allow-listed command from parameter=value lines and records it in the registrar log under the admin', async () => {
    const name = await freeName(ours, 'com', 'adm');
    const label = name.replace(/\.com$/, '');
    const r = await post(superAdmin, '/admin/api/api_command', { command: ['command=check', `domainname=${label}`, 'tld[0]=com', 'tld[1]=net'] });
    expect(r.status).toBe(200);
    expect(r.body.error).toBeNull();
    const result = JSON.parse(r.body.result);
    expect(result.map((x: { name: string }) => x.name)).toEqual([`${label}.com`, `${label}.net`]);

    const refused = await post(superAdmin, '/admin/api/api_command', { command: ['command=delete', `domainname=${name}`] });
    expect(refused.body.error).toContain('このコマンドは実行できません');
    expect((await post(normal, '/admin/api/api_command', { command: ['command=check'] })).status).toBe(403);

    // the admin service keeps the console's history (super admins only)
    const history = await superAdmin.agent.get('/admin/api/api_command/history').set('X-Requested-With', 'XMLHttpRequest');
    expect(history.status).toBe(200);
    expect(history.body.data).toEqual(expect.arrayContaining([
      expect.objectContaining({ admin_id: superAdmin.id, command: 'check', error: null, params: expect.objectContaining({ domainname: label }) }),
    ]));
    expect((await normal.agent.get('/admin/api/api_command/history').set('X-Requested-With', 'XMLHttpRequest')).status).toBe(403);

    // the registrar log sink writes in batches: wait until the command shows up, filtered by the admin's id
    let rows: any[] = [];
    for (let i = 0; i < 50 && !rows.length; i++) {
      const log = await post(normal, '/admin/api/onamae_log', { userId: String(superAdmin.id), actionType: 'domain:check' });
      expect(log.status).toBe(200);
      rows = log.body.data.onamaeResults.data;
      if (!rows.length) await new Promise((res) => setTimeout(res, 100));
    }
    expect(rows[0]).toMatchObject({ user_id: superAdmin.id, action_type: 'domain:check', result_code: 10000 });
    expect(JSON.parse(rows[0].success_parameter).names).toEqual([`${label}.com`, `${label}.net`]);
    expect(JSON.parse(rows[0].onamae_response)).toBeTruthy();

    const audit = await superAdmin.agent.get('/admin/api/audit_log').query({ adminId: superAdmin.id, action: 'api.command' }).set('X-Requested-With', 'XMLHttpRequest');
    expect(audit.body.auditLogs.total).toBe(2);
  });

  it('filters the registrar log by result type and refuses bad conditions field by field (422)', async () => {
    const failed = await post(normal, '/admin/api/onamae_log', { userId: String(superAdmin.id), resultCodeType: 'failed' });
    expect(failed.body.data.onamaeResults.data.every((r: { result_code: number }) => r.result_code === 20000)).toBe(true);
    const bad = await post(normal, '/admin/api/onamae_log', { userId: '12a', dateFrom: '2026-13-01', dateTo: '2026-01-01', resultCodeType: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ userId: [M.userIdDigits], dateFrom: [M.adminDateInvalid], resultCodeType: [M.adminResultTypeInvalid] });
    const order = await post(normal, '/admin/api/onamae_log', { dateFrom: '2026-02-01', dateTo: '2026-01-01' });
    expect(order.body.errors).toEqual({ dateTo: [M.adminDateOrder] });
  });

  it('links a registrar-log row to our domain by its name when the command did not know the domain\'s id', async () => {
    // a domain:create is logged before our row exists (the registration job inserts it after the registry's answer)
    const userId = 700000 + Math.floor(Math.random() * 99999);
    const name = `adm-pkid-${Date.now().toString(36)}.com`;
    const log = (domain: string | null, pkid: number | null) => db.query(
      `INSERT INTO domain_ops.registrar_log (user_id, domain_pkid, domain_name, action_type, result_code, result, spec_result_code, success_parameter, onamae_response, duration_ms, cl_trid)
       VALUES ($1, $2, $3, 'domain:create', 1000, 'success', 10000, '{}', '{}', 5, 'it-pkid')`, [userId, pkid, domain]);
    await log(name, null);
    await log(`unknown-${name}`, null);
    const [{ id }] = (await db.query(
      `INSERT INTO domain_ops.domains (user_id, name, idn, punycode, tld, status) VALUES ($1, $2, $2, $2, 'com', 'active') RETURNING id`, [userId, name])).rows;
    await log(name, 424242); // a command that knew its domain keeps its own id
    const r = await post(normal, '/admin/api/onamae_log', { userId: String(userId) });
    expect(r.status).toBe(200);
    const rows = r.body.data.onamaeResults.data as { domain_name: string; domain_pkid: number | null }[];
    expect(rows.map((x) => [x.domain_name, x.domain_pkid])).toEqual([[name, 424242], [`unknown-${name}`, null], [name, Number(id)]]);
  });

  it('asks for a condition on the action log and finds a member\'s entries', async () => {
    const none = await post(normal, '/admin/api/action_log', {});
    expect(none.status).toBe(422);
    expect(none.body.errors.message).toEqual([M.specifyAnyCondition]);
    await db.query(`INSERT INTO domain_ops.action_logs (user_id, domain_name, type, point, remaining_point, subject, content, dedupe_key) VALUES ($1, 'adm-log.com', 0, 1500, 100, 'ドメイン登録', 'adm-log.com を登録しました', $2)`, [424242, `adm-${Date.now()}`]);
    const r = await post(normal, '/admin/api/action_log', { userId: '424242' });
    expect(r.status).toBe(200);
    expect(r.body.actionLogs.data[0]).toMatchObject({ user_id: 424242, action_name: 'ドメイン登録', description: 'adm-log.com を登録しました', type: 0, point: 1500 });
    const byName = await post(normal, '/admin/api/action_log', { description: 'adm-log.com' });
    expect(byName.body.actionLogs.total).toBeGreaterThan(0);
    // the page opens on the latest entries, newest first, without a condition (issue 26)
    const latest = await post(normal, '/admin/api/action_log', { latest: 1 });
    expect(latest.status).toBe(200);
    const ids = (latest.body.actionLogs.data as { id: number }[]).map((x) => x.id);
    expect(ids.length).toBeGreaterThan(0);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(latest.body.actionLogs.data[0]).toMatchObject({ user_id: 424242, action_name: 'ドメイン登録' });
  });

  it('the dashboard counts today\'s registrations, failures and stuck orders; super admins also get the queues; a missing part is named (issue 26)', async () => {
    const get = (c: { agent: any }, url: string) => c.agent.get(url).set('X-Requested-With', 'XMLHttpRequest');
    const before = (await get(superAdmin, '/admin/api/dashboard')).body;
    expect(before.result).toBe(true);
    const userId = 800000 + Math.floor(Math.random() * 99999);
    const orderId = crypto.randomUUID();
    await db.query(`INSERT INTO domain_ops.registration_orders (id, user_id, idempotency_key, total, payment_type, status, created_at, finished_at) VALUES ($1, $2, $3, 3000, 'point', 'done', now(), now())`, [orderId, userId, `dash-${orderId}`]);
    await db.query(
      `INSERT INTO domain_ops.registration_order_items (order_id, position, name, punycode, tld, period, point, is_campaign, whois_proxy, status, error_msg)
       VALUES ($1, 1, $2, $2, 'com', 1, 1000, false, true, 'done', NULL), ($1, 2, $3, $3, 'net', 1, 2000, false, true, 'error', 'refused')`,
      [orderId, `dash-${orderId.slice(0, 8)}.com`, `dash-${orderId.slice(0, 8)}.net`]);
    const stuckId = crypto.randomUUID();
    await db.query(`INSERT INTO domain_ops.registration_orders (id, user_id, idempotency_key, total, payment_type, status, created_at) VALUES ($1, $2, $3, 500, 'card', 'charging', now() - interval '1 hour')`, [stuckId, userId, `dash-${stuckId}`]);

    const after = (await get(superAdmin, '/admin/api/dashboard')).body;
    expect(after.ops.registrations.count - before.ops.registrations.count).toBeGreaterThanOrEqual(1);
    expect(after.ops.registrations.yen - before.ops.registrations.yen).toBeGreaterThanOrEqual(1000);
    expect(after.ops.salesYen).toBe(after.ops.registrations.yen + after.ops.renewals.yen + after.ops.transfersIn.yen);
    expect(after.ops.failedItems - before.ops.failedItems).toBeGreaterThanOrEqual(1);
    expect(after.ops.stuckOrders.registration - before.ops.stuckOrders.registration).toBeGreaterThanOrEqual(1);
    expect(after.jobs.queues.map((q: { name: string }) => q.name)).toEqual(expect.arrayContaining(['domain-ops-lifecycle', 'domain-ops-portfolio', 'domain-ops-whois', 'domain-ops-registry-sync', 'orders', 'mail']));
    // the WHOIS mail service is not running here: its part is named, the rest still answers
    expect(after.inbox).toBeNull();
    expect(after.unavailable).toEqual(['inbox']);

    // a normal admin: the domain figures only
    const theirs = (await get(normal, '/admin/api/dashboard')).body;
    expect(theirs.ops).not.toBeNull();
    expect(theirs.jobs).toBeNull();
    expect(theirs.inbox).toBeNull();

    // the order a ledger entry names, for super admins only
    const order = await get(superAdmin, `/admin/api/orders/order/${orderId}`);
    expect(order.status).toBe(200);
    expect(order.body.order).toMatchObject({ kind: 'order', id: orderId, user_id: userId, status: 'done', total: 3000, payment_type: 'point' });
    expect(order.body.order.items.map((i: { status: string; error_msg: string | null }) => [i.status, i.error_msg])).toEqual([['done', null], ['error', 'refused']]);
    expect((await get(normal, `/admin/api/orders/order/${orderId}`)).status).toBe(403);
    expect((await get(superAdmin, `/admin/api/orders/order/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await get(superAdmin, '/admin/api/orders/nope/1')).status).toBe(404);
  });

  it('imports only domains we sponsor at the registry, into the member\'s list, and shows their info', async () => {
    const mine = await freeName(ours, 'com', 'imp');
    await ours.create({ name: mine, authInfo: 'Secret-Auth-1', ns: [] });
    const other = await freeName(theirs, 'com', 'imx');
    await theirs.create({ name: other, authInfo: 'Secret-Auth-1', ns: [] });
    const member = await createAccount(h);

    const missing = await post(superAdmin, '/admin/api/domains/import', { userId: '', domainNames: '' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ userId: [M.enterAccountId], domainNames: [M.enterDomainNames] });
    expect((await post(superAdmin, '/admin/api/domains/import', { userId: 'abc', domainNames: mine })).body.errors.userId).toEqual([M.accountIdDigits]);
    expect((await post(normal, '/admin/api/domains/import', { userId: String(member.user.id), domainNames: mine })).status).toBe(403);

    const r = await post(superAdmin, '/admin/api/domains/import', { userId: String(member.user.id), domainNames: `${mine}\n${other}\n` });
    expect(r.status).toBe(200);
    expect(r.body.results).toEqual([expect.stringContaining(mine)]);
    expect(r.body.errors).toEqual([expect.stringContaining('当社が管理していないドメインです')]);
    const rows = await db.query('SELECT user_id FROM domain_ops.domains WHERE punycode = $1', [mine]);
    expect(rows.rows.map((x) => Number(x.user_id))).toEqual([member.user.id]);
    const again = await post(superAdmin, '/admin/api/domains/import', { userId: String(member.user.id), domainNames: mine });
    expect(again.body.errors).toEqual([expect.stringContaining('すでに登録されています')]);
    // each import run is kept by the admin service
    const runs = await db.query('SELECT admin_id, results, errors FROM admin.import_runs WHERE user_id = $1 ORDER BY id', [member.user.id]);
    expect(runs.rows.map((x) => [Number(x.admin_id), x.results.length, x.errors.length])).toEqual([[superAdmin.id, 1, 1], [superAdmin.id, 0, 1]]);

    const info = await post(normal, '/admin/api/domains/info', { name: mine });
    expect(info.status).toBe(200);
    expect(info.body.info.registry).toMatchObject({ name: mine, clID: 'rakko' });
    expect(Number(info.body.info.ours.user_id)).toBe(member.user.id);
    const nobody = await freeName(ours, 'com', 'imn');
    const nothing = await post(normal, '/admin/api/domains/info', { name: nobody });
    expect(nothing.body.info).toBeNull();
  });

  it('adjusts a member\'s points through the ledger with a reason (super only, once per request key), and finds the member', async () => {
    const member = await createAccount(h, { email: `adjust-${Date.now()}@example.test` });
    const url = `/admin/api/users/${member.user.id}/points/adjust`;
    expect((await post(normal, url, { amount: 500, reason: 'お詫び', requestKey: 'normal-key-1' })).status).toBe(403);
    const bad = await post(superAdmin, url, { amount: 0, reason: '', requestKey: 'k' });
    expect(bad.status).toBe(400);
    const plus = await post(superAdmin, url, { amount: 500, reason: 'お詫び', requestKey: 'adjust-key-1' });
    expect(plus.status).toBe(200);
    expect(plus.body.point).toBe(500);
    expect((await post(superAdmin, url, { amount: 500, reason: 'お詫び', requestKey: 'adjust-key-1' })).body.point).toBe(500); // resent: applied once
    const minus = await post(superAdmin, url, { amount: -200, reason: '二重付与の取消', requestKey: 'adjust-key-2' });
    expect(minus.body.point).toBe(300);
    const tooMuch = await post(superAdmin, url, { amount: -1000, reason: '取消', requestKey: 'adjust-key-3' });
    expect(tooMuch.status).toBe(422);

    const points = await superAdmin.agent.get(`/admin/api/users/${member.user.id}/points`).set('X-Requested-With', 'XMLHttpRequest');
    expect(points.body.point).toBe(300);
    expect(points.body.history.data.map((e: { delta: number; reference: string }) => [e.delta, e.reference])).toEqual([
      [-200, `admin ${superAdmin.id}: 二重付与の取消`], [500, `admin ${superAdmin.id}: お詫び`],
    ]);
    const audit = await superAdmin.agent.get('/admin/api/audit_log').query({ action: 'user.points.adjust', target: String(member.user.id) }).set('X-Requested-With', 'XMLHttpRequest');
    expect(audit.body.auditLogs.data.find((a: { status: number }) => a.status === 200 && a).before).toEqual({ point: 500 });

    const found = await superAdmin.agent.get('/admin/api/users').query({ q: 'adjust-' }).set('X-Requested-With', 'XMLHttpRequest');
    expect(found.body.users.map((u: { id: number }) => u.id)).toContain(member.user.id);
    const byId = await superAdmin.agent.get('/admin/api/users').query({ q: String(member.user.id) }).set('X-Requested-With', 'XMLHttpRequest');
    expect(byId.body.users).toHaveLength(1);
    // 002 §6 (issue 23, finding 6): a normal admin searches no members and reads no address, phone, points or domains
    for (const path of ['/admin/api/users?q=adjust-', `/admin/api/users/${member.user.id}`, `/admin/api/users/${member.user.id}/points`, `/admin/api/users/${member.user.id}/domains`]) {
      const r = await normal.agent.get(path).set('X-Requested-With', 'XMLHttpRequest');
      expect([path, r.status, r.body.users ?? r.body.user ?? r.body.point ?? r.body.domains]).toEqual([path, 403, undefined]);
    }
  });
});
