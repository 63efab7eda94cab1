/**
 * Domain operations through the real gateway, domain-ops flows and the registry simulator (docs/domain-operations.md):
 * each operation's effect checked by EPP info at the registry and in the member's data, per-domain rows polled by
 * job id, the action log and the registrar log per domain, other members' ids refused, the admin lock, moves by ID
 * and by e-mail (accept, cancel, the 7-day auto-cancel with the test clock), and a 1000-domain bulk run with faults.
 */
import { Queue, QueueEvents } from 'bullmq';
import { JobName, QueueName } from '@registrar/contracts';
import { EppError } from '@registrar/epp';
import { CLOCK, redisOptions, SystemClock } from '@registrar/infra';
import { M, registryErrorMessage } from '@registrar/messages';
import { client as eppClient, REGISTRAR_B, simFaults } from '../epp/epp-harness';
import { Member, saveCard, xhr } from '../purchase/purchase-harness';
import { OpsHarness, startOpsHarness } from './operations-harness';

let o: OpsHarness;
beforeAll(async () => {
  o = await startOpsHarness();
}, 180_000);
afterAll(async () => {
  await simFaults.reset().catch(() => undefined);
  await o?.close();
}, 60_000);

const q = async (sql: string, params: unknown[] = []) => (await o.w.p.db.query(sql, params)).rows;
const one = async (id: number) => (await q('SELECT * FROM domain_ops.domains WHERE id = $1', [id]))[0];
const nsOf = async (id: number) => (await q('SELECT name FROM domain_ops.domain_name_servers WHERE domain_id = $1 ORDER BY priority', [id])).map((r: { name: string }) => r.name);

describe('domain operations', () => {
  let a: Member;
  let b: Member;
  beforeAll(async () => {
    a = await o.w.p.member();
    b = await o.w.p.member();
  }, 60_000);

  it('name servers: answered at once with a job id, applied at the registry (host objects, in-bailiwick glue), logged per domain', async () => {
    const [d1, d2] = await o.seed(a, 2);
    // long unchanged: public WHOIS's last change must then move to the time of the name-server change
    await q(`UPDATE domain_ops.domains SET updated_at = '2020-01-02T00:00:00Z' WHERE id = ANY($1::bigint[])`, [[d1.id, d2.id]]);
    const before = Date.now();
    const r = await o.post(a, '/mypage/domain/nameserver/request', { domains: [d1.id, d2.id], formData: [{ name: ' NS1.Example.ORG ', priority: 1 }, { name: 'ns2.example.org', priority: 2 }, { name: '', priority: 3 }] });
    expect(r).toMatchObject({ result: true, errors: [] });
    expect(r.jobId).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.domains.map((x: { status: string }) => x.status)).toEqual(['queued', 'queued']);
    const s = await o.wait(a, r.jobId);
    expect(s.domains).toEqual([
      expect.objectContaining({ id: d1.id, name: d1.name, status: 'success', message: M.nsUpdated }),
      expect.objectContaining({ id: d2.id, name: d2.name, status: 'success', message: M.nsUpdated }),
    ]);
    for (const d of [d1, d2]) {
      expect((await o.epp.info(d.name)).ns.sort()).toEqual(['ns1.example.org', 'ns2.example.org']);
      expect(await nsOf(d.id)).toEqual(['ns1.example.org', 'ns2.example.org']);
      const logs = await q('SELECT subject, content FROM domain_ops.action_logs WHERE domain_id = $1', [d.id]);
      expect(logs).toEqual([{ subject: 'ネームサーバー変更', content: `${d.name}: ${M.nsUpdated}` }]);
      // the registrar log is written in batches: wait for this domain's commands to reach it
      const end = Date.now() + 20_000;
      let types: string[] = [];
      while (!types.includes('domain:update') && Date.now() < end) {
        types = (await q(`SELECT action_type FROM domain_ops.registrar_log WHERE domain_pkid = $1 AND user_id = $2`, [d.id, a.userId])).map((x: { action_type: string }) => x.action_type);
        if (!types.includes('domain:update')) await new Promise((res) => setTimeout(res, 200));
      }
      expect(types).toContain('domain:update');
      // RDAP's "last changed" is the name-server change, not the domain row's older time (ADR 0058: the rows carry it)
      const rdap = await (await fetch(`${o.w.p.h.url}/rdap/domain/${d.name}`)).json() as { events: Array<{ eventAction: string; eventDate: string }> };
      const changed = Date.parse(rdap.events.find((e) => e.eventAction === 'last changed')!.eventDate);
      expect(changed).toBeGreaterThanOrEqual(before - 60_000);
    }

    // a host below the domain itself needs its glue address: without it the row says so, with it the host is created
    const glue = `ns1.${d1.name}`;
    const noIp = await o.post(a, '/mypage/domain/nameserver/request', { domains: [d1.id], formData: [{ name: glue, priority: 1 }, { name: 'ns2.example.org', priority: 2 }] });
    expect((await o.wait(a, noIp.jobId)).domains[0]).toMatchObject({ status: 'error', message: M.nsGlueRequired.replace('{ns}', glue) });
    const withIp = await o.post(a, '/mypage/domain/nameserver/request', { domains: [d1.id], formData: [{ name: glue, priority: 1, ip: '192.0.2.53' }, { name: 'ns2.example.org', priority: 2 }] });
    expect((await o.wait(a, withIp.jobId)).domains[0]).toMatchObject({ status: 'success' });
    expect((await o.epp.hostInfo(glue)).addrs).toEqual([{ ip: 'v4', address: '192.0.2.53' }]);
    expect((await o.epp.info(d1.name)).ns.sort()).toEqual([glue, 'ns2.example.org']);
  }, 120_000);

  it('the rows of a run are ended on their own page: operation_items keeps half of each page free (ADR 0053)', async () => {
    // a run's rows are inserted together and each is updated once as its domain ends: with room on its page, that
    // update writes no new index entry (HOT), which the bulk name-server run does 1,000 times
    const [{ reloptions }] = await q(`SELECT reloptions FROM pg_class WHERE oid = 'domain_ops.operation_items'::regclass`);
    expect(reloptions).toContain('fillfactor=50');
    const [d, e] = await o.seed(a, 2);
    const r = await o.post(a, '/mypage/domain/memo', { domains: [{ id: d.id, content: 'メモ' }, { id: e.id, content: 'メモ2' }] });
    const s = await o.wait(a, r.jobId);
    // what the poll answers is unchanged: every row, its status and message, the memo's content
    expect(s.domains).toEqual([
      { id: d.id, name: d.name, idn: expect.any(String), status: 'success', message: M.memoSaved, content: 'メモ' },
      { id: e.id, name: e.name, idn: expect.any(String), status: 'success', message: M.memoSaved, content: 'メモ2' },
    ]);
  }, 60_000);

  it('name servers: the modal rules refuse the request; other members\' ids are refused whole', async () => {
    const [d] = await o.seed(a, 1);
    const bad = (formData: unknown) => o.post(a, '/mypage/domain/nameserver/request', { domains: [d.id], formData });
    expect(await bad([{ name: 'ns1.example.org' }])).toMatchObject({ result: false, errors: [M.nsAtLeastTwo] });
    expect(await bad([{ name: 'ns1.example.org' }, { name: 'NS1.example.org' }])).toMatchObject({ result: false, errors: [M.nsDuplicate] });
    expect(await bad([{ name: 'ns1.example.org' }, { name: 'ns_2.example.org' }])).toMatchObject({ result: false, errors: [M.nsBadChars] });
    expect(await o.post(a, '/mypage/domain/nameserver/request', { domains: [], formData: [] })).toMatchObject({ result: false, errors: [M.selectDomain] });
    expect(await o.post(a, '/mypage/domain/nameserver/request', { domains: Array.from({ length: 1001 }, (_, i) => i + 1), formData: [] })).toMatchObject({ result: false, errors: [M.bulkLimit1000] });
    // b asks for a's domain
    const r = await o.post(b, '/mypage/domain/nameserver/request', { domains: [d.id], formData: [{ name: 'ns1.evil.org' }, { name: 'ns2.evil.org' }] });
    expect(r).toMatchObject({ result: false, errors: [M.domainNotFound] });
    expect((await o.epp.info(d.name)).ns.sort()).toEqual(['ns1.example.net', 'ns2.example.net']);
    // and cannot read a's run
    const mine = await o.post(a, '/mypage/domain/trash', { domains: [d.id], is_trash_flg: 0 });
    expect(mine).toMatchObject({ result: true, errorMessage: null });
    // the trash answers the spec's errorMessage (000 §7)
    expect(await o.post(b, '/mypage/domain/trash', { domains: [d.id], is_trash_flg: 1 })).toMatchObject({ result: false, errorMessage: M.domainNotFound });
    expect((await b.agent.get(`/mypage/domain/operation/status?jobId=${mine.jobId}`).set(xhr(b))).status).toBe(404);
  }, 60_000);

  it('lock: client*Prohibited at the registry on and off; a TLD that cannot lock gets its message', async () => {
    const [d] = await o.seed(a, 1);
    const on = await o.post(a, '/mypage/domain/lock/dispatch', { domains: [d.id], is_domain_lock_enabled_flg: 1 });
    expect((await o.wait(a, on.jobId)).domains[0]).toMatchObject({ status: 'success', message: M.lockOn });
    expect((await o.epp.info(d.name)).statuses).toEqual(expect.arrayContaining(['clientTransferProhibited', 'clientDeleteProhibited']));
    expect((await one(d.id)).is_domain_lock_enabled).toBe(true);
    // a transfer request by another registrar is refused while locked
    const other = eppClient(REGISTRAR_B);
    try {
      await expect(other.transfer('request', d.name, { authInfo: 'Seed-Auth-1x' })).rejects.toBeInstanceOf(EppError);
    } finally {
      await other.close();
    }
    const off = await o.post(a, '/mypage/domain/lock/dispatch', { domains: [d.id], is_domain_lock_enabled_flg: 0 });
    expect((await o.wait(a, off.jobId)).domains[0]).toMatchObject({ status: 'success', message: M.lockOff });
    const st = (await o.epp.info(d.name)).statuses;
    expect(st).not.toContain('clientTransferProhibited');
    expect(st).not.toContain('clientDeleteProhibited');

    // a TLD that cannot lock (.to): refused before anything reaches the registry
    const [to] = (await q(`INSERT INTO domain_ops.domains (user_id, name, idn, punycode, tld, status, due_date) VALUES ($1, $2, $2, $2, 'to', 'active', now() + interval '100 days') RETURNING id`, [a.userId, `op-lock-${Date.now()}.to`])).map((r: { id: string }) => ({ id: Number(r.id) }));
    const r = await o.post(a, '/mypage/domain/lock/dispatch', { domains: [to.id], is_domain_lock_enabled_flg: 1 });
    expect(r.domains[0]).toMatchObject({ status: 'error', message: M.lockUnsupported });
  }, 60_000);

  it('auto-renew: a card is required to turn it on (errorCode 100); not on the due date; on and off', async () => {
    const [d, today] = await o.seed(a, 2);
    expect(await o.post(a, '/mypage/domain/autoupdate', { domains: [d.id], autoUpdateFlg: 1 })).toMatchObject({ success: false, errorCode: 100 });
    await q(`UPDATE domain_ops.domains SET due_date = now() WHERE id = $1`, [today.id]);
    const r0 = await o.post(a, '/mypage/domain/autoupdate', { domains: [d.id, today.id], autoUpdateFlg: 0 });
    expect(r0.success).toBe(true);
    const s0 = await o.wait(a, r0.jobId);
    expect(s0.domains).toEqual([
      expect.objectContaining({ id: d.id, status: 'success', message: M.autoRenewOff }),
      expect.objectContaining({ id: today.id, status: 'error', message: M.autoRenewDueToday }),
    ]);
    await saveCard(a);
    const r1 = await o.post(a, '/mypage/domain/autoupdate', { domains: [d.id], autoUpdateFlg: 1 });
    expect((await o.wait(a, r1.jobId)).domains[0]).toMatchObject({ status: 'success', message: M.autoRenewOn });
    expect((await one(d.id)).is_auto_update_enabled).toBe(true);
  }, 90_000);

  it('a domain whose WHOIS change is in progress is refused by every operation but the memo, with the reason', async () => {
    const [d, free] = await o.seed(a, 2);
    // the WHOIS change's flag as the WHOIS dispatch sets it (1: change awaiting approval; 2: proxy being set)
    await q('UPDATE domain_ops.domains SET whois_processing_flg = 1 WHERE id = $1', [d.id]);
    const refusedFor = async (path: string, body: Record<string, unknown>) => {
      const r = await o.post(a, path, body);
      const s = await o.wait(a, r.jobId);
      return s.domains.map((x: { id: number; status: string; message: string }) => [x.id, x.status, x.message]);
    };
    expect(await refusedFor('/mypage/domain/nameserver/request', { domains: [d.id, free.id], formData: [{ name: 'ns1.example.org' }, { name: 'ns2.example.org' }] }))
      .toEqual([[d.id, 'error', M.whoisProcessing], [free.id, 'success', M.nsUpdated]]);
    expect((await o.epp.info(d.name)).ns.sort()).toEqual(['ns1.example.net', 'ns2.example.net']);
    expect(await refusedFor('/mypage/domain/lock/dispatch', { domains: [d.id], is_domain_lock_enabled_flg: 1 })).toEqual([[d.id, 'error', M.whoisProcessing]]);
    expect((await o.epp.info(d.name)).statuses).not.toContain('clientTransferProhibited');
    expect(await refusedFor('/mypage/domain/autoupdate', { domains: [d.id], autoUpdateFlg: 0 })).toEqual([[d.id, 'error', M.whoisProcessing]]);
    expect(await refusedFor('/mypage/domain/trash', { domains: [d.id], is_trash_flg: 1 })).toEqual([[d.id, 'error', M.whoisProcessing]]);
    expect(await refusedFor('/mypage/domain/move/user', { domains: [d.id], userId: String(b.userId), requestEmail: '', autoUpdate: 0 })).toEqual([[d.id, 'error', M.whoisProcessing]]);
    expect((await refusedFor('/mypage/domain/authcodeRequest/getAuthcode', { domains: [d.id] }))[0][1]).toBe('error');
    expect(await one(d.id)).toMatchObject({ user_id: String(a.userId), is_trash: false, is_domain_lock_enabled: false });
    // the memo is still allowed
    expect(await refusedFor('/mypage/domain/memo', { domains: [{ id: d.id, content: 'WHOIS変更待ち' }] })).toEqual([[d.id, 'success', M.memoSaved]]);
    // once the change is done, the same request goes through
    await q('UPDATE domain_ops.domains SET whois_processing_flg = 0 WHERE id = $1', [d.id]);
    expect(await refusedFor('/mypage/domain/trash', { domains: [d.id], is_trash_flg: 1 })).toEqual([[d.id, 'success', M.trashIn]]);
  }, 90_000);

  it('memo and trash', async () => {
    const [d, e] = await o.seed(a, 2);
    const r = await o.post(a, '/mypage/domain/memo', { domains: [{ id: d.id, content: '  サーバー移転予定  ' }, { id: e.id, content: ' ' }] });
    expect(r.data).toEqual([{ id: d.id, error_msg: null, content: null }, { id: e.id, error_msg: M.memoEmpty.replace('{domain}', e.name), content: null }]);
    const s = await o.wait(a, r.jobId);
    expect(s.domains[0]).toMatchObject({ status: 'success', message: M.memoSaved, content: 'サーバー移転予定' });
    expect((await one(d.id)).memo).toBe('サーバー移転予定');
    expect(await o.post(a, '/mypage/domain/memo', { domains: [{ id: d.id, content: 'x'.repeat(256) }] })).toMatchObject({ data: [{ error_msg: M.memoTooLong }] });
    const del = await o.post(a, '/mypage/domain/memo', { mode: 'delete', domains: [{ id: d.id, content: '' }] });
    await o.wait(a, del.jobId);
    expect((await one(d.id)).memo).toBeNull();

    await q('UPDATE domain_ops.domains SET is_auto_update_enabled = true WHERE id = $1', [d.id]);
    const t = await o.post(a, '/mypage/domain/trash', { domains: [d.id], is_trash_flg: 1 });
    expect((await o.wait(a, t.jobId)).domains[0]).toMatchObject({ status: 'success', message: M.trashIn });
    expect(await one(d.id)).toMatchObject({ is_trash: true, is_auto_update_enabled: false });
    const t0 = await o.post(a, '/mypage/domain/trash', { domains: [d.id], is_trash_flg: 0 });
    await o.wait(a, t0.jobId);
    expect((await one(d.id)).is_trash).toBe(false);
  }, 60_000);

  it('AUTHCODE: refused while locked or proxied; a fresh authInfo at the registry, shown once, logged without the code', async () => {
    const [d, locked, proxied] = await o.seed(a, 3);
    await q('UPDATE domain_ops.domains SET is_domain_lock_enabled = true WHERE id = $1', [locked.id]);
    await q('UPDATE domain_ops.domains SET is_whois_proxy_enabled = true WHERE id = $1', [proxied.id]);
    const r = await o.post(a, '/mypage/domain/authcodeRequest/getAuthcode', { domains: [d.id, locked.id, proxied.id] });
    expect(r.data).toEqual([{ id: d.id, error_msg: null }, { id: locked.id, error_msg: M.authcodeUnlockFirst }, { id: proxied.id, error_msg: M.authcodeProxyOffFirst }]);
    const s = await o.wait(a, r.jobId);
    expect(s.domains[0]).toMatchObject({ status: 'success', message: M.authcodeDone });
    const code = s.domains[0].authcode as string;
    expect(code).toMatch(/^\S{8,}$/);
    const again = await o.wait(a, r.jobId);
    expect(again.domains[0].authcode).toBeUndefined();
    // the code is the registry's: another registrar can read the domain with it
    const other = eppClient(REGISTRAR_B);
    try {
      expect((await other.info(d.name, { authInfo: code })).name).toBe(d.name);
    } finally {
      await other.close();
    }
    const logs = JSON.stringify(await q('SELECT * FROM domain_ops.action_logs WHERE domain_id = $1', [d.id])) + JSON.stringify(await q('SELECT * FROM domain_ops.registrar_log WHERE domain_pkid = $1', [d.id]));
    expect(logs).not.toContain(code);
  }, 60_000);

  it('admin lock blocks every operation', async () => {
    const [d] = await o.seed(a, 1);
    await q('UPDATE domain_ops.domains SET admin_lock_status = 1 WHERE id = $1', [d.id]);
    for (const [path, body] of [['/mypage/domain/lock/dispatch', { is_domain_lock_enabled_flg: 1 }], ['/mypage/domain/trash', { is_trash_flg: 1 }], ['/mypage/domain/authcodeRequest/getAuthcode', {}]] as const) {
      const r = await o.post(a, path, { domains: [d.id], ...body });
      expect(r.domains[0]).toMatchObject({ status: 'error', message: M.adminLocked });
    }
    expect((await one(d.id)).is_trash).toBe(false);
  }, 90_000);

  it('move by ラッコID: immediate, ownership, contacts and action log move, auto-renew off; no registry change', async () => {
    const [d] = await o.seed(a, 1);
    await q('UPDATE domain_ops.domains SET is_auto_update_enabled = true WHERE id = $1', [d.id]);
    const before = await o.epp.info(d.name);
    const r = await o.post(a, '/mypage/domain/move/user', { domains: [d.id], userId: String(b.userId), requestEmail: '', autoUpdate: 1 });
    expect(r).toMatchObject({ result: true, err_msg: null });
    expect((await o.wait(a, r.jobId)).domains[0]).toMatchObject({ status: 'success', message: M.moveDone });
    expect(await one(d.id)).toMatchObject({ user_id: String(b.userId), is_auto_update_enabled: false });
    expect((await q('SELECT DISTINCT user_id FROM domain_ops.action_logs WHERE domain_id = $1', [d.id])).map((x: { user_id: string }) => Number(x.user_id))).toEqual([b.userId]);
    expect((await o.epp.info(d.name)).clID).toBe(before.clID);
    // a no longer holds it
    expect(await o.post(a, '/mypage/domain/trash', { domains: [d.id], is_trash_flg: 1 })).toMatchObject({ result: false, errors: [M.domainNotFound] });
    expect(await o.post(a, '/mypage/domain/move/user', { domains: [d.id], userId: '', requestEmail: '' })).toMatchObject({ result: false, err_msg: M.moveTargetRequired });
    expect(await o.post(b, '/mypage/domain/move/user', { domains: [d.id], userId: String(b.userId) })).toMatchObject({ result: false, err_msg: M.moveToSelf });
  }, 60_000);

  it('move by e-mail: the recipient accepts; the sender cancels; unaccepted requests end after 7 days (test clock)', async () => {
    const emailOf = async (id: number) => (await o.w.p.h.users.findById(id))!.email;
    const bEmail = await emailOf(b.userId);
    const [d, e, f] = await o.seed(a, 3);
    const r = await o.post(a, '/mypage/domain/move/user', { domains: [d.id, e.id, f.id], requestEmail: bEmail.toUpperCase() });
    const s = await o.wait(a, r.jobId);
    expect(s.domains.map((x: { status: string; message: string }) => [x.status, x.message])).toEqual(Array(3).fill(['accepted', M.moveAccepted]));
    const incoming = (await b.agent.get('/mypage/localTransferIn').set(xhr(b)).expect(200)).body.domains as Array<{ id: number; name: string; user_id: number }>;
    expect(incoming.map((x) => x.name).sort()).toEqual([d.name, e.name, f.name].sort());
    expect(incoming.every((x) => x.user_id === a.userId)).toBe(true);
    const outgoing = (await a.agent.get('/mypage/localTransferOut').set(xhr(a)).expect(200)).body.domains as Array<{ id: number; name: string; request_email: string }>;
    expect(outgoing).toHaveLength(3);
    expect(outgoing[0].request_email).toBe(bEmail.toLowerCase());
    // mails to both
    const mailsOf = async () => (await q(`SELECT template, recipient FROM mail.sent_mails WHERE subject LIKE $1 OR body LIKE $2`, [`%${d.name}%`, `%${d.name}%`])) as Array<{ template: string; recipient: string }>;
    const end = Date.now() + 30_000;
    let mails = await mailsOf();
    while (mails.length < 2 && Date.now() < end) {
      await new Promise((res) => setTimeout(res, 200));
      mails = await mailsOf();
    }
    expect(mails.map((m) => m.template).sort()).toEqual(['domain.move-request-sent', 'domain.move-requested']);
    expect(mails.find((m) => m.template === 'domain.move-requested')!.recipient).toBe(bEmail.toLowerCase());

    expect(await o.post(b, '/mypage/localTransferIn/accept', { domains: [] })).toMatchObject({ result: false, errorMessage: M.selectDomainsToReceive });
    const reqOf = (name: string) => incoming.find((x) => x.name === name)!.id;
    // admin-locked after the request was made: the acceptance is refused and the domain stays (the request waits)
    await q('UPDATE domain_ops.domains SET admin_lock_status = 1 WHERE id = $1', [d.id]);
    const locked = await o.post(b, '/mypage/localTransferIn/accept', { domains: [reqOf(d.name)] });
    expect(locked).toMatchObject({ result: false, errorMessage: M.adminLocked, domainResults: [{ name: d.name, status: 'error', message: M.adminLocked }] });
    expect(await one(d.id)).toMatchObject({ user_id: String(a.userId) });
    await q('UPDATE domain_ops.domains SET admin_lock_status = 0 WHERE id = $1', [d.id]);
    const acc = await o.post(b, '/mypage/localTransferIn/accept', { domains: [reqOf(d.name)] });
    expect(acc).toMatchObject({ result: true, domainResults: [{ name: d.name, status: 'success', message: M.moveReceived }] });
    expect(await one(d.id)).toMatchObject({ user_id: String(b.userId), is_auto_update_enabled: false });
    // a cannot accept its own request, and b cannot cancel a's
    expect((await o.post(a, '/mypage/localTransferIn/accept', { domains: [reqOf(e.name)] })).result).toBe(false);
    expect((await o.post(b, '/mypage/localTransferOut/cancel', { domains: [reqOf(e.name)] })).result).toBe(false);
    expect(await o.post(a, '/mypage/localTransferOut/cancel', { domains: [] })).toMatchObject({ result: false, errorMessage: M.selectMoveRequests });
    const can = await o.post(a, '/mypage/localTransferOut/cancel', { domains: [reqOf(e.name)] });
    expect(can).toMatchObject({ result: true, domainResults: [{ status: 'success', message: M.moveCancelled }] });
    expect(await one(e.id)).toMatchObject({ user_id: String(a.userId) });

    // f waits: 6 days later it still does; 8 days later the scheduled job has cancelled it
    const clock = o.w.p.services[2].get<SystemClock>(CLOCK);
    const conn = (() => { const x = redisOptions(process.env.REDIS_URL!); return { host: x.host, port: x.port, db: x.db }; })();
    const queue = new Queue(QueueName.DomainOpsPortfolio, { connection: conn });
    const events = new QueueEvents(QueueName.DomainOpsPortfolio, { connection: conn });
    await events.waitUntilReady();
    const sweep = async () => (await queue.add(JobName.ExpireMoveRequests, {}, {})).waitUntilFinished(events, 30_000);
    try {
      clock.advance(6 * 24 * 3600_000);
      expect(await sweep()).toEqual({ expired: 0 });
      clock.advance(2 * 24 * 3600_000);
      expect(await sweep()).toEqual({ expired: 1 });
    } finally {
      clock.setOffset(0);
      await events.close();
      await queue.close();
    }
    expect((await b.agent.get('/mypage/localTransferIn').set(xhr(b)).expect(200)).body.domains).toEqual([]);
    expect(await one(f.id)).toMatchObject({ user_id: String(a.userId) });
    expect((await q(`SELECT status FROM domain_ops.move_requests WHERE domain_id = $1`, [f.id]))[0].status).toBe('expired');
  }, 90_000);

  it('1000 domains in one bulk name-server update with registry faults: every row ends with its true state', async () => {
    const ds = await o.seed(a, 1000);
    // one domain the registry refuses for good (clientUpdateProhibited set behind our back)
    const stuck = ds[17];
    await o.epp.update({ name: stuck.name, add: { statuses: ['clientUpdateProhibited'] } });
    await simFaults.set({ failShare: 0.03 });
    let r: any;
    let s: any;
    try {
      r = await o.post(a, '/mypage/domain/nameserver/request', { domains: ds.map((d) => d.id), formData: [{ name: 'ns1.bulk-example.org' }, { name: 'ns2.bulk-example.org' }] });
      expect(r.result).toBe(true);
      let seen = 0;
      const end = Date.now() + 300_000;
      for (;;) {
        const x = (await a.agent.get(`/mypage/domain/operation/status?jobId=${r.jobId}`).set(xhr(a)).expect(200)).body;
        expect(x.done).toBeGreaterThanOrEqual(seen); // progress only grows
        seen = x.done;
        if (x.finished) { s = x; break; }
        if (Date.now() > end) throw new Error(`bulk run not finished: ${x.done}/${x.total}`);
        await new Promise((res) => setTimeout(res, 500));
      }
    } finally {
      await simFaults.reset();
    }
    expect(s.total).toBe(1000);
    const bad = s.domains.filter((x: { status: string }) => x.status !== 'success');
    expect(bad.map((x: { id: number }) => x.id)).toEqual([stuck.id]);
    // the registry's refusal in Japanese with what to do and its code, never its English text
    expect(bad[0].message).toBe(registryErrorMessage(2304));
    const infos = await Promise.all(ds.map((d) => o.epp.info(d.name)));
    for (const [i, info] of infos.entries()) {
      expect([ds[i].name, info.ns.sort()]).toEqual([ds[i].name, ds[i].id === stuck.id ? ['ns1.example.net', 'ns2.example.net'] : ['ns1.bulk-example.org', 'ns2.bulk-example.org']]);
    }
    expect(await nsOf(stuck.id)).toEqual(['ns1.example.net', 'ns2.example.net']);
    expect(Number((await q(`SELECT count(*) FROM domain_ops.action_logs WHERE content LIKE '%' || $1 AND domain_id = ANY($2::bigint[])`, [M.nsUpdated, ds.map((d) => d.id)]))[0].count)).toBe(999);
    await o.epp.update({ name: stuck.name, rem: { statuses: ['clientUpdateProhibited'] } });
  }, 420_000);
});
