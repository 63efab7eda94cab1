/**
 * One-click DNSSEC for real (docs/dns.md "DNSSEC"): POST mypage/domain/dnssec runs as a domain operation; PowerDNS
 * (the one the test runner started on DNS_PORT, its API on DNS_PORT + 5) signs the zone live from the dns schema;
 * kdig sees RRSIG and DNSKEY, delv validates answers with our KSK as the trust anchor, the AXFR of the signed zone
 * passes named-checkzone, the DS reaches the registry simulator (EPP secDNS, read back by domain:info), a rollover
 * changes the key and the DS, and disabling removes the DS at the registry before signing stops. A domain on other
 * name servers gets its DS by hand, checked with Japanese messages.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { Client } from 'pg';
import request from 'supertest';
import { Queue, QueueEvents } from 'bullmq';
import { JobName, QueueName } from '@registrar/contracts';
import { redisOptions } from '@registrar/infra';
import { buildDomainUpdate, EppClientPool, validateEppFrames } from '@registrar/epp';
import { DS, fmt, M } from '@registrar/messages';
import { client as eppClient, frames, freeName, simFaults } from '../epp/epp-harness';
import { buyWithPoints, Member, xhr } from '../purchase/purchase-harness';
import { axfr, checkZone, dig, DNS_PORT, DnsHarness, startDnsHarness, until } from './dns-harness';

const run = promisify(execFile);

let p: DnsHarness;
let epp: EppClientPool;

beforeAll(async () => {
  // the second steps (a rollover's old key, a disabling's unsigning) run at once instead of after the DS's TTL
  process.env.DNSSEC_DS_WAIT_MS = '0';
  p = await startDnsHarness();
  epp = eppClient();
}, 180_000);

afterAll(async () => {
  await epp?.close();
  await p?.close();
}, 60_000);

/** Starts an operation and answers its rows once finished (the panel polls the same status call). */
async function operate(c: Member, url: string, body: Record<string, unknown>) {
  const r = (await c.agent.post(url).set(xhr(c)).send(body).expect(200)).body;
  if (!r.result || !r.jobId) return { accepted: r, rows: r.domains ?? [] };
  const s = await until(async () => (await c.agent.get(`/mypage/domain/operation/status?jobId=${r.jobId}`).set(xhr(c)).expect(200)).body, (x) => x.finished, 90_000);
  return { accepted: r, rows: s.domains as Array<{ status: string; message: string }> };
}

const state = async (c: Member, id: number) => (await c.agent.get(`/mypage/domain/dnssec?id=${id}`).set(xhr(c)).expect(200)).body;

/** kdig with DNSSEC records requested: the answer section's lines. */
async function digDnssec(name: string, type: string): Promise<string[]> {
  const { stdout } = await run('kdig', ['@127.0.0.1', '-p', String(DNS_PORT), '+dnssec', '+noall', '+answer', '+timeout=2', '+retry=1', name, type]);
  return stdout.split('\n').filter((l) => l.trim() && !l.startsWith(';'));
}

/** delv against our PowerDNS with `dnskey` (flags 257) of `zone` as the only trust anchor: its first lines. */
async function delv(zone: string, dnskey: string, name: string, type: string): Promise<string> {
  const [flags, proto, alg, ...key] = dnskey.split(/\s+/);
  const file = path.join(process.env.TEST_TMP ?? os.tmpdir(), `anchor-${zone}-${randomUUID()}.conf`);
  fs.writeFileSync(file, `trust-anchors { ${zone}. static-key ${flags} ${proto} ${alg} "${key.join('')}"; };\n`);
  const r = await run('delv', ['@127.0.0.1', '-p', String(DNS_PORT), '-a', file, `+root=${zone}`, name, type]).catch((e) => ({ stdout: String(e.stdout ?? ''), stderr: String(e.stderr ?? e) }));
  return `${r.stdout}\n${r.stderr}`;
}

describe('one-click DNSSEC on our name servers', () => {
  let member: Member;
  let name: string;
  let id: number;
  let firstKey: { keyTag: number; dnskey: string; ds: { keyTag: number; alg: number; digestType: number; digest: string } };

  it('a new domain starts unsigned: 無効, no DNSKEY, no DS at the registry', async () => {
    member = await p.member(50_000);
    name = await freeName(epp, 'com', 'sec');
    id = await buyWithPoints(member, name);
    await until(() => dig(name, 'SOA'), (a) => a.status === 'NOERROR' && a.answers.length === 1);
    const s = await state(member, id);
    expect(s).toMatchObject({ domainPkId: id, punycode: name, isOurDns: true, served: true, mode: 'off', status: 'off', statusLabel: '無効', keys: [], registryDs: [] });
    expect(await digDnssec(name, 'DNSKEY')).toEqual([]);
    expect((await epp.info(name)).secDNS?.dsData ?? []).toEqual([]);
  }, 180_000);

  it('another member can neither read nor change it', async () => {
    const other = await p.member();
    await other.agent.get(`/mypage/domain/dnssec?id=${id}`).set(xhr(other)).expect(404);
    const r = await operate(other, '/mypage/domain/dnssec', { domains: [id], enabled: 1 });
    expect(r.accepted).toMatchObject({ result: false, errors: [M.domainNotFound] });
    expect((await state(member, id)).status).toBe('off');
  });

  it('enabling signs the zone, sends the DS to the registry and ends 有効 with the key tag and algorithm', async () => {
    await member.agent.post('/mypage/domain/dns/dispatch').set(xhr(member))
      .send({ domains: [id], saveData: [{ host_name: 'www', recode_type: 20, ttl: 300, record: '192.0.2.80' }, { host_name: 'a.b', recode_type: 20, ttl: 300, record: '192.0.2.81' }], editNameServer: 0 }).expect(200);
    const r = await operate(member, '/mypage/domain/dnssec', { domains: [id], enabled: 1 });
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0].status).toBe('success');
    const s = await state(member, id);
    expect(s).toMatchObject({ mode: 'managed', status: 'active', statusLabel: '有効', lastError: null });
    expect(s.keys).toHaveLength(1);
    firstKey = s.keys[0];
    expect(s.keys[0]).toMatchObject({ alg: 13, algorithm: 'ECDSAP256SHA256', type: 'csk', active: true });
    expect(s.keys[0].dnskey).toMatch(/^257 3 13 /);
    expect(r.rows[0].message).toBe(fmt(DS.enabled, { keyTag: firstKey.keyTag, alg: '13 ECDSAP256SHA256' }));
    // the registry holds exactly the key's SHA-256 DS (domain:info, secDNS:dsData)
    expect(s.registryDs).toEqual([firstKey.ds]);
    expect((await epp.info(name)).secDNS?.dsData).toEqual([{ ...firstKey.ds, digest: firstKey.ds.digest.toUpperCase() }]);
    // the action history has the row
    const logs = await p.db.query(`SELECT subject, content FROM domain_ops.action_logs WHERE domain_id = $1 AND subject = 'DNSSEC設定'`, [id]);
    expect(logs.rows.map((l: { content: string }) => l.content)).toEqual([`${name}: ${r.rows[0].message}`]);
  }, 120_000);

  it('PowerDNS answers with RRSIG and DNSKEY, and delv validates with our KSK as the trust anchor', async () => {
    const a = await digDnssec(`www.${name}`, 'A');
    expect(a.some((l) => /\sA\s+192\.0\.2\.80$/.test(l))).toBe(true);
    expect(a.some((l) => new RegExp(`\\sRRSIG\\s+A 13 3 300 \\d+ \\d+ ${firstKey.keyTag} ${name.replace(/\./g, '\\.')}\\. `).test(l))).toBe(true);
    const keys = await digDnssec(name, 'DNSKEY');
    expect(keys.some((l) => l.includes(`DNSKEY\t257 3 13`) || /\sDNSKEY\s+257 3 13 /.test(l))).toBe(true);
    expect(keys.some((l) => /\sRRSIG\s+DNSKEY 13 /.test(l))).toBe(true);
    // a validating resolver's view: a positive answer, a name that does not exist (NSEC3), an empty non-terminal
    expect(await delv(name, firstKey.dnskey, `www.${name}`, 'A')).toMatch(/; fully validated\n.*192\.0\.2\.80/);
    expect(await delv(name, firstKey.dnskey, `nx.${name}`, 'A')).toMatch(/negative response, fully validated/);
    expect(await delv(name, firstKey.dnskey, `b.${name}`, 'A')).toMatch(/negative response, fully validated/);
    // a wrong anchor does not validate (the check can fail)
    const wrong = firstKey.dnskey.replace(/[A-Za-z0-9+/]{8}(=*)$/, 'AAAAAAAA$1');
    expect(await delv(name, wrong, `www.${name}`, 'A')).not.toMatch(/fully validated/);
  }, 60_000);

  it('the AXFR of the signed zone passes named-checkzone as a DNSSEC-signed zone', async () => {
    const text = await axfr(name);
    expect(text).toMatch(/\sNSEC3PARAM\s/);
    const checked = await checkZone(name, text);
    expect(checked.output).toMatch(/DNSSEC signed/);
    expect(checked.ok).toBe(true);
  }, 60_000);

  it('records saved later are signed at once, and DS rows in the DNS records are refused while DNSSEC is on', async () => {
    const saveData = [{ host_name: 'www', recode_type: 20, ttl: 300, record: '192.0.2.80' }, { host_name: 'new', recode_type: 20, ttl: 300, record: '192.0.2.90' }];
    expect((await member.agent.post('/mypage/domain/dns/dispatch').set(xhr(member)).send({ domains: [id], saveData, editNameServer: 0 }).expect(200)).body.result).toBe(true);
    expect(await delv(name, firstKey.dnskey, `new.${name}`, 'A')).toMatch(/; fully validated\n.*192\.0\.2\.90/);
    expect(await delv(name, firstKey.dnskey, `gone.${name}`, 'A')).toMatch(/negative response, fully validated/);
    const withDs = await member.agent.post('/mypage/domain/dns/dispatch').set(xhr(member))
      .send({ domains: [id], saveData: [...saveData, { host_name: '', recode_type: 100, ttl: 3600, record: '', key_tag: 1, alg: 13, digest_type: 2, digest: 'A'.repeat(64) }], editNameServer: 0 }).expect(200);
    expect(withDs.body).toMatchObject({ result: false, errors: [DS.managedByPanel] });
    expect((await epp.info(name)).secDNS?.dsData).toEqual([{ ...firstKey.ds, digest: firstKey.ds.digest.toUpperCase() }]);
  }, 60_000);

  it('a zone file import on the signed zone is rectified: its new empty non-terminal gets its NSEC3 row and validates', async () => {
    // `x.deep` makes `deep` an empty non-terminal: only PowerDNS's rectify writes its row (type NULL, its NSEC3 hash)
    const text = `$ORIGIN ${name}.\nwww 300 IN A 192.0.2.80\nnew 300 IN A 192.0.2.90\nx.deep 300 IN A 192.0.2.91\n`;
    const r = await member.agent.post('/mypage/domain/dns/import/apply').set(xhr(member)).send({ id, text }).expect(200);
    expect(r.body.result).toBe(true);
    const ent = await p.db.query(`SELECT r.ordername FROM dns.records r JOIN dns.domains d ON d.id = r.domain_id WHERE d.name = $1 AND r.name = $2 AND r.type IS NULL`, [name, `deep.${name}`]);
    expect(ent.rows).toHaveLength(1);
    expect(await delv(name, firstKey.dnskey, `x.deep.${name}`, 'A')).toMatch(/; fully validated\n.*192\.0\.2\.91/);
    expect(await delv(name, firstKey.dnskey, `deep.${name}`, 'A')).toMatch(/negative response, fully validated/);
  }, 60_000);

  it('enabling again changes nothing (same key, same DS)', async () => {
    const r = await operate(member, '/mypage/domain/dnssec', { domains: [id], enabled: 1 });
    expect(r.rows[0]).toMatchObject({ status: 'success', message: DS.alreadyEnabled });
    expect((await state(member, id)).keys.map((k: { keyTag: number }) => k.keyTag)).toEqual([firstKey.keyTag]);
  }, 60_000);

  it('a rollover puts a new key and its DS in place of the old ones, and the zone still validates', async () => {
    const r = await operate(member, '/mypage/domain/dnssec/rollover', { domains: [id] });
    expect(r.rows[0].status).toBe('success');
    const s = await state(member, id);
    expect(s.status).toBe('active');
    expect(s.keys).toHaveLength(1);
    const key = s.keys[0];
    expect(key.dnskey).not.toBe(firstKey.dnskey);
    expect(r.rows[0].message).toBe(fmt(DS.rollDone, { keyTag: key.keyTag }));
    expect((await epp.info(name)).secDNS?.dsData).toEqual([{ ...key.ds, digest: key.ds.digest.toUpperCase() }]);
    expect(await delv(name, key.dnskey, `www.${name}`, 'A')).toMatch(/; fully validated/);
    expect(await delv(name, firstKey.dnskey, `www.${name}`, 'A')).not.toMatch(/fully validated/);
    firstKey = key;
  }, 90_000);

  it('a lost answer while disabling (the registry removed the DS but answered 2400): the retry asks domain:info and finishes', async () => {
    // the simulator applies the command, then answers 2400: the removal happened, the answer says it failed
    await simFaults.set({ failShare: 1, failMatch: 'secDNS:all>' });
    let r: Awaited<ReturnType<typeof operate>>;
    try {
      r = await operate(member, '/mypage/domain/dnssec', { domains: [id], enabled: 0 });
    } finally {
      await simFaults.reset();
    }
    expect(r.rows[0]).toMatchObject({ status: 'success', message: DS.disabled });
    expect((await epp.info(name)).secDNS?.dsData ?? []).toEqual([]);
    expect(await state(member, id)).toMatchObject({ mode: 'off', status: 'off', keys: [], lastError: null });
    expect(await digDnssec(name, 'DNSKEY')).toEqual([]);
    // on again for the next test: a new key, its DS at the registry
    const on = await operate(member, '/mypage/domain/dnssec', { domains: [id], enabled: 1 });
    expect(on.rows[0].status).toBe('success');
    const s = await state(member, id);
    expect(s.status).toBe('active');
    firstKey = s.keys[0];
    expect(await delv(name, firstKey.dnskey, `www.${name}`, 'A')).toMatch(/; fully validated/);
  }, 120_000);

  it('disabling removes the DS at the registry, then stops signing: 無効, no DNSKEY, no RRSIG', async () => {
    const r = await operate(member, '/mypage/domain/dnssec', { domains: [id], enabled: 0 });
    expect(r.rows[0]).toMatchObject({ status: 'success', message: DS.disabled });
    expect((await epp.info(name)).secDNS?.dsData ?? []).toEqual([]);
    expect(await state(member, id)).toMatchObject({ mode: 'off', status: 'off', keys: [], registryDs: [] });
    expect(await digDnssec(name, 'DNSKEY')).toEqual([]);
    const a = await digDnssec(`www.${name}`, 'A');
    expect(a.some((l) => /\sA\s+192\.0\.2\.80$/.test(l))).toBe(true);
    expect(a.some((l) => /\sRRSIG\s/.test(l))).toBe(false);
    expect((await p.db.query(`SELECT count(*)::int AS n FROM dns.cryptokeys k JOIN dns.domains d ON d.id = k.domain_id WHERE d.name = $1`, [name])).rows[0].n).toBe(0);
    expect((await p.db.query(`SELECT count(*)::int AS n FROM dns.domainmetadata m JOIN dns.domains d ON d.id = m.domain_id WHERE d.name = $1`, [name])).rows[0].n).toBe(0);
  }, 90_000);

  it('rollover while off is refused with its message', async () => {
    const r = await operate(member, '/mypage/domain/dnssec/rollover', { domains: [id] });
    expect(r.rows[0]).toMatchObject({ status: 'error', message: DS.notEnabled });
  }, 60_000);
});

describe('a signed zone that a save stops serving', () => {
  it('an import after the domain expired (before the reconciliation noticed) takes the DS off the registry before the keys go', async () => {
    const member = await p.member(50_000);
    const name = await freeName(epp, 'com', 'secx');
    const id = await buyWithPoints(member, name);
    await until(() => dig(name, 'SOA'), (a) => a.status === 'NOERROR' && a.answers.length === 1);
    expect((await operate(member, '/mypage/domain/dnssec', { domains: [id], enabled: 1 })).rows[0].status).toBe('success');
    expect((await epp.info(name)).secDNS?.dsData ?? []).toHaveLength(1);
    await p.db.query(`UPDATE domain_ops.domains SET due_date = now() - interval '3 days' WHERE id = $1`, [id]);
    try {
      const r = await member.agent.post('/mypage/domain/dns/import/apply').set(xhr(member)).send({ id, text: `$ORIGIN ${name}.\nwww 300 IN A 192.0.2.80\n` }).expect(200);
      expect(r.body.result).toBe(true);
      expect((await dig(name, 'SOA')).status).toBe('REFUSED');
      // no DS left pointing at keys that are gone (a validating resolver would fail the domain once it is served again)
      expect((await epp.info(name)).secDNS?.dsData ?? []).toEqual([]);
      expect(await state(member, id)).toMatchObject({ mode: 'off', status: 'off', registryDs: [] });
    } finally {
      await p.db.query(`UPDATE domain_ops.domains SET due_date = now() + interval '300 days' WHERE id = $1`, [id]);
    }
  }, 180_000);
});

describe('a zone stops being served while DNSSEC of its domain changes (the per-domain DNSSEC lock)', () => {
  const rows = async (name: string) => (await epp.info(name)).secDNS?.dsData ?? [];
  const save = (c: Member, id: number) => c.agent.post('/mypage/domain/dns/dispatch').set(xhr(c))
    .send({ domains: [id], saveData: [{ host_name: 'www', recode_type: 20, ttl: 300, record: '192.0.2.80' }], editNameServer: 0 });

  it('an enable in flight finishes first, then the save that stops serving takes its DS off the registry', async () => {
    const member = await p.member(50_000);
    const name = await freeName(epp, 'com', 'secr');
    const id = await buyWithPoints(member, name);
    await until(() => dig(name, 'SOA'), (a) => a.status === 'NOERROR' && a.answers.length === 1);
    // a slow registry: the enable holds the domain's DNSSEC lock across its EPP commands for a while
    await simFaults.set({ latencyMs: 1500 });
    try {
      const started = (await member.agent.post('/mypage/domain/dnssec').set(xhr(member)).send({ domains: [id], enabled: 1 }).expect(200)).body;
      expect(started.result).toBe(true);
      await until(async () => (await p.db.query('SELECT status FROM dns.dnssec WHERE domain_pk_id = $1', [id])).rows[0]?.status, (s) => s === 'ds_pending', 60_000);
      // the domain expires (before the reconciliation noticed); a save now stops serving the zone
      await p.db.query(`UPDATE domain_ops.domains SET due_date = now() - interval '3 days' WHERE id = $1`, [id]);
      const saved = await save(member, id).expect(200);
      expect(saved.body.result).toBe(true);
      const done = await until(async () => (await member.agent.get(`/mypage/domain/operation/status?jobId=${started.jobId}`).set(xhr(member)).expect(200)).body, (x) => x.finished, 90_000);
      expect(done.domains[0].status).toBe('success');
    } finally {
      await simFaults.reset();
    }
    // whatever the order, no DS is left at the registry for keys that went with the zone
    expect((await dig(name, 'SOA')).status).toBe('REFUSED');
    expect(await rows(name)).toEqual([]);
    expect(await state(member, id)).toMatchObject({ mode: 'off', status: 'off', registryDs: [], served: false });
    await p.db.query(`UPDATE domain_ops.domains SET due_date = now() + interval '300 days' WHERE id = $1`, [id]);
  }, 240_000);

  it('a save that stops serving holds the domain\'s DNSSEC lock until the zone is unserved; an enable after it finds the zone unserved and sends no DS', async () => {
    const member = await p.member(50_000);
    const name = await freeName(epp, 'com', 'secq');
    const id = await buyWithPoints(member, name);
    await until(() => dig(name, 'SOA'), (a) => a.status === 'NOERROR' && a.answers.length === 1);
    await p.db.query(`UPDATE domain_ops.domains SET due_date = now() - interval '3 days' WHERE id = $1`, [id]);
    // the test holds the zone row: the save stops right before its unserving transaction (after its DS step)
    const holder = new Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    const dnssecLockHeld = async () => Number((await p.db.query(
      `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND classid = hashtext('dns.dnssec')::oid AND objid = (($1::bigint % 2147483647)::int)::oid`, [id])).rows[0].n) > 0;
    let saving: Promise<request.Response> | null = null;
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM dns.zones WHERE domain_pk_id = $1 FOR UPDATE', [id]);
      let answered: unknown = null;
      saving = save(member, id).then((r) => { answered = r.body; return r; });
      await until(async () => (answered ? -1 : Number((await p.db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO dns.zones%'`)).rows[0].n)), (n) => n !== 0, 60_000);
      expect(answered).toBeNull();
      // between its DS step and its unserving commit the save holds the DNSSEC lock: no enable or rollover can run in
      // there (the old code let one sign the still-served zone and send its DS, then the keys went with the zone)
      expect(await dnssecLockHeld()).toBe(true);
      await holder.query('COMMIT');
      expect((await saving).body.result).toBe(true);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
      await saving?.catch(() => undefined);
    }
    expect(await dnssecLockHeld()).toBe(false);
    try {
      const r = await operate(member, '/mypage/domain/dnssec', { domains: [id], enabled: 1 });
      // refused: the domain expired (domain-ops), or its zone is no longer served (the dns service)
      expect(r.rows[0].status).toBe('error');
      expect([M.domainExpired, DS.notServed]).toContain(r.rows[0].message);
      expect(await rows(name)).toEqual([]);
      expect((await p.db.query(`SELECT count(*)::int AS n FROM dns.cryptokeys k JOIN dns.domains d ON d.id = k.domain_id WHERE d.name = $1`, [name])).rows[0].n).toBe(0);
      expect(await state(member, id)).toMatchObject({ served: false, status: 'off' });
    } finally {
      await p.db.query(`UPDATE domain_ops.domains SET due_date = now() + interval '300 days' WHERE id = $1`, [id]);
    }
  }, 240_000);

  it('the registry refusing the DS removal: the save is refused with what happened and what to do, and nothing changes', async () => {
    const member = await p.member(50_000);
    const name = await freeName(epp, 'com', 'secl');
    const id = await buyWithPoints(member, name);
    await until(() => dig(name, 'SOA'), (a) => a.status === 'NOERROR' && a.answers.length === 1);
    expect((await save(member, id).expect(200)).body.result).toBe(true);
    expect((await operate(member, '/mypage/domain/dnssec', { domains: [id], enabled: 1 })).rows[0].status).toBe('success');
    const signed = await state(member, id);
    await epp.update({ name, add: { statuses: ['clientUpdateProhibited'] } });
    await p.db.query(`UPDATE domain_ops.domains SET due_date = now() - interval '3 days' WHERE id = $1`, [id]);
    try {
      const r = await member.agent.post('/mypage/domain/dns/dispatch').set(xhr(member))
        .send({ domains: [id], saveData: [{ host_name: 'mail', recode_type: 20, ttl: 300, record: '192.0.2.99' }], editNameServer: 0 }).expect(200);
      expect(r.body).toMatchObject({ result: false, errors: [fmt(DS.saveDsRefusedExpired, { reason: fmt(DS.reasonCode, { code: 2304 }), subject: DS.subjectRecords })] });
      // records unchanged, the zone still served and signed, the DS still at the registry: the panel says so
      const data = (await member.agent.get(`/mypage/domain/dns/getdata?id=${id}`).set(xhr(member)).expect(200)).body.contents;
      expect(data.formData.filter((x: { fixed?: boolean }) => !x.fixed).map((x: { host_name: string; record: string }) => `${x.host_name} ${x.record}`)).toEqual(['www 192.0.2.80']);
      expect(await delv(name, signed.keys[0].dnskey, `www.${name}`, 'A')).toMatch(/; fully validated/);
      expect(await rows(name)).toHaveLength(1);
      expect(await state(member, id)).toMatchObject({ mode: 'managed', status: 'active', registryDs: signed.registryDs, lastError: fmt(DS.leavingRefused, { code: 2304 }) });
      // an import is refused the same way
      const imp = await member.agent.post('/mypage/domain/dns/import/apply').set(xhr(member)).send({ id, text: `$ORIGIN ${name}.\nmail 300 IN A 192.0.2.99\n` }).expect(200);
      expect(imp.body).toMatchObject({ result: false, errors: [fmt(DS.saveDsRefusedExpired, { reason: fmt(DS.reasonCode, { code: 2304 }), subject: DS.subjectRecords })] });
      // the lock released, the same save goes through: the DS leaves first, then the zone stops being served
      await epp.update({ name, rem: { statuses: ['clientUpdateProhibited'] } });
      const again = await member.agent.post('/mypage/domain/dns/dispatch').set(xhr(member))
        .send({ domains: [id], saveData: [{ host_name: 'mail', recode_type: 20, ttl: 300, record: '192.0.2.99' }], editNameServer: 0 }).expect(200);
      expect(again.body.result).toBe(true);
      expect(await rows(name)).toEqual([]);
      expect((await dig(name, 'SOA')).status).toBe('REFUSED');
      expect(await state(member, id)).toMatchObject({ mode: 'off', status: 'off', lastError: null });
    } finally {
      await epp.update({ name, rem: { statuses: ['clientUpdateProhibited'] } }).catch(() => undefined);
      await p.db.query(`UPDATE domain_ops.domains SET due_date = now() + interval '300 days' WHERE id = $1`, [id]);
    }
  }, 240_000);
});

describe('a name deleted and registered again', () => {
  it('the new holder\'s zone starts unsigned and empty: no earlier key, record, forwarding rule or DNSSEC state comes back', async () => {
    const first = await p.member(50_000);
    const name = await freeName(epp, 'com', 'secre');
    const oldId = await buyWithPoints(first, name);
    await until(() => dig(name, 'SOA'), (a) => a.status === 'NOERROR' && a.answers.length === 1);
    await first.agent.post('/mypage/domain/dns/dispatch').set(xhr(first))
      .send({ domains: [oldId], saveData: [{ host_name: 'old', recode_type: 20, ttl: 300, record: '192.0.2.66' }], editNameServer: 0 }).expect(200);
    expect((await operate(first, '/mypage/domain/dnssec', { domains: [oldId], enabled: 1 })).rows[0].status).toBe('success');
    const url = await first.agent.post('/mypage/domain/forwarding/url').set(xhr(first)).send({ id: oldId, host: 'go', target: 'https://example.org/', status: 301, keep_path: false }).expect(200);
    expect(url.body.result).toBe(true);
    expect(await digDnssec(name, 'DNSKEY')).not.toEqual([]);
    // the domain leaves us and the same name is registered again (a new domain row, another member) before any
    // event reached the dns service: its zone is still served and signed with the earlier holder's keys
    const second = await p.member(50_000);
    const moved = `gone-${oldId}-${name}`;
    await p.db.query(`UPDATE domain_ops.domains SET punycode = $2, name = $2, idn = $2 WHERE id = $1`, [oldId, moved]);
    const { rows: [row] } = await p.db.query(
      `INSERT INTO domain_ops.domains (user_id, name, idn, punycode, tld, registry_domain_id, due_date, status)
       SELECT $2, $3, $3, $3, tld, registry_domain_id, due_date, status FROM domain_ops.domains WHERE id = $1 RETURNING id`, [oldId, second.userId, name]);
    const newId = Number(row.id);
    await p.db.query(`INSERT INTO domain_ops.domain_name_servers (domain_id, priority, name) SELECT $2, priority, name FROM domain_ops.domain_name_servers WHERE domain_id = $1`, [oldId, newId]);
    try {
      const saved = await second.agent.post('/mypage/domain/dns/dispatch').set(xhr(second))
        .send({ domains: [newId], saveData: [{ host_name: 'www', recode_type: 20, ttl: 300, record: '192.0.2.7' }], editNameServer: 0 }).expect(200);
      expect(saved.body.result).toBe(true);
      expect((await dig(`www.${name}`, 'A')).answers.map((a) => a.data)).toEqual(['192.0.2.7']);
      // no key of the earlier zone signs the new one, none is shown, nothing of the earlier holder is answered
      expect(await digDnssec(name, 'DNSKEY')).toEqual([]);
      expect((await digDnssec(`www.${name}`, 'A')).some((l) => /\sRRSIG\s/.test(l))).toBe(false);
      expect((await p.db.query(`SELECT count(*)::int AS n FROM dns.cryptokeys k JOIN dns.domains d ON d.id = k.domain_id WHERE d.name = $1`, [name])).rows[0].n).toBe(0);
      expect((await p.db.query(`SELECT count(*)::int AS n FROM dns.domainmetadata m JOIN dns.domains d ON d.id = m.domain_id WHERE d.name = $1`, [name])).rows[0].n).toBe(0);
      expect((await dig(`old.${name}`, 'A')).answers).toEqual([]);
      expect((await dig(`go.${name}`, 'A')).answers).toEqual([]);
      expect((await p.db.query(`SELECT count(*)::int AS n FROM dns.url_forwards WHERE punycode = $1`, [name])).rows[0].n).toBe(0);
      expect(await state(second, newId)).toMatchObject({ mode: 'off', status: 'off', keys: [], registryDs: [], served: true });
      // enabling makes a key of its own
      expect((await operate(second, '/mypage/domain/dnssec', { domains: [newId], enabled: 1 })).rows[0].status).toBe('success');
      expect((await state(second, newId)).keys).toHaveLength(1);
    } finally {
      await operate(second, '/mypage/domain/dnssec', { domains: [newId], enabled: 0 }).catch(() => undefined);
    }
  }, 240_000);
});

describe('second steps due (rollover, disabling)', () => {
  it('one domain whose step keeps failing does not hold up the others', async () => {
    const o = redisOptions(process.env.REDIS_URL!);
    const connection = { host: o.host, port: o.port, db: o.db, password: o.password };
    const queue = new Queue(QueueName.Dns, { connection });
    const events = new QueueEvents(QueueName.Dns, { connection });
    const stuck = 900_000_000 + Math.floor(Math.random() * 1_000_000);
    try {
      await events.waitUntilReady();
      // first in due order: a rollover whose new key is gone (its step fails every time); then an ordinary due row
      await p.db.query(`INSERT INTO dns.dnssec (domain_pk_id, punycode, mode, status, old_key_id, due_at) VALUES ($1, $2, 'managed', 'rolling', 1, now() - interval '2 days')`, [stuck, `stuck-${stuck}.com`]);
      await p.db.query(`INSERT INTO dns.dnssec (domain_pk_id, punycode, mode, status, due_at) VALUES ($1, $2, 'managed', 'active', now() - interval '1 day')`, [stuck + 1, `next-${stuck}.com`]);
      const job = await queue.add(JobName.DnssecDue, {});
      await job.waitUntilFinished(events, 60_000).catch(() => undefined);
      const rows = (await p.db.query('SELECT domain_pk_id, due_at, last_error FROM dns.dnssec WHERE domain_pk_id IN ($1, $2) ORDER BY domain_pk_id', [stuck, stuck + 1])).rows;
      expect(rows[1].due_at).toBeNull();
      expect(rows[0].due_at).not.toBeNull();
      expect(rows[0].last_error).toBe(DS.signerFailed);
    } finally {
      await p.db.query('DELETE FROM dns.dnssec WHERE domain_pk_id >= 900000000 AND domain_pk_id < 901000001');
      await events.close();
      await queue.close();
    }
  }, 90_000);
});

describe('DS records by hand for a domain on other name servers', () => {
  let member: Member;
  let name: string;
  let id: number;
  const ds1 = { keyTag: 2371, alg: 13, digestType: 2, digest: '1f987cc6583e92df0890718c42a3b6c7f5eb4d6aa4e9a6c4e6f7b8b3c1d2e3f4' };
  const ds4 = { keyTag: 65535, alg: 15, digestType: 4, digest: 'ab'.repeat(48) };

  it('the domain moves to other name servers; one-click signing is refused there', async () => {
    member = await p.member(50_000);
    name = await freeName(epp, 'com', 'secm');
    id = await buyWithPoints(member, name);
    const ns = await operate(member, '/mypage/domain/nameserver/request', { domains: [id], formData: [{ name: 'ns1.example.net', priority: 1 }, { name: 'ns2.example.net', priority: 2 }] });
    expect(ns.rows[0].status).toBe('success');
    expect((await state(member, id)).isOurDns).toBe(false);
    const r = await operate(member, '/mypage/domain/dnssec', { domains: [id], enabled: 1 });
    expect(r.rows[0]).toMatchObject({ status: 'error', message: DS.notOurDns });
  }, 180_000);

  it('bad DS records get one Japanese message per problem and reach nothing', async () => {
    const r = await operate(member, '/mypage/domain/dnssec/ds', { domains: [id], ds: [
      { keyTag: 70000, alg: 13, digestType: 2, digest: ds1.digest },
      { keyTag: 1, alg: 3, digestType: 2, digest: ds1.digest },
      { keyTag: 1, alg: 13, digestType: 3, digest: ds1.digest },
      { keyTag: 1, alg: 13, digestType: 2, digest: 'xyz' },
      { keyTag: 1, alg: 13, digestType: 1, digest: ds1.digest },
    ] });
    expect(r.accepted.result).toBe(false);
    expect(r.accepted.errors).toEqual([
      fmt(DS.dsKeyTag, { n: 1 }), fmt(DS.dsAlg, { n: 2 }), fmt(DS.dsDigestType, { n: 3 }), fmt(DS.dsDigestHex, { n: 4 }),
      fmt(DS.dsDigestLength, { n: 5, digestType: 1, length: 40, actual: 64 }),
    ]);
    expect((await epp.info(name)).secDNS?.dsData ?? []).toEqual([]);
  }, 60_000);

  it('valid DS records (SHA-256 and SHA-384) reach the registry; an empty list removes them', async () => {
    const r = await operate(member, '/mypage/domain/dnssec/ds', { domains: [id], ds: [ds1, ds4] });
    expect(r.rows[0]).toMatchObject({ status: 'success', message: fmt(DS.manualSaved, { count: 2 }) });
    const held = (await epp.info(name)).secDNS?.dsData ?? [];
    expect([...held].sort((a, b) => a.keyTag - b.keyTag)).toEqual([ds1, ds4].map((d) => ({ ...d, digest: d.digest.toUpperCase() })));
    expect(await state(member, id)).toMatchObject({ mode: 'manual', status: 'manual', statusLabel: '手動DS登録' });
    const off = await operate(member, '/mypage/domain/dnssec/ds', { domains: [id], ds: [] });
    expect(off.rows[0]).toMatchObject({ status: 'success', message: DS.manualRemoved });
    expect((await epp.info(name)).secDNS?.dsData ?? []).toEqual([]);
    expect((await state(member, id)).status).toBe('off');
  }, 90_000);
});

describe('EPP frames of DNSSEC against the IETF schemas (secDNS-1.1, RFC 5910)', () => {
  it('the updates the dns service sends (all removed; all removed and a set added) and every reply this file read validate with xmllint', () => {
    const ds = [{ keyTag: 2371, alg: 13, digestType: 2, digest: 'AB'.repeat(32) }, { keyTag: 65535, alg: 15, digestType: 4, digest: 'CD'.repeat(48) }];
    const sent = [
      buildDomainUpdate('TEST-1', { name: 'example.com', secDNS: { remAll: true } }),
      buildDomainUpdate('TEST-2', { name: 'example.com', secDNS: { remAll: true, add: ds } }),
    ];
    const replies = frames.filter((f) => f.direction === 'in').map((f) => f.xml);
    // the simulator's domain:info answers carried secDNS:infData (the DS read back)
    expect(replies.some((x) => x.includes('secDNS:infData') || x.includes(':infData xmlns') && x.includes('urn:ietf:params:xml:ns:secDNS-1.1'))).toBe(true);
    const bad = validateEppFrames([...sent, ...replies]).filter((r) => !r.ok);
    expect(bad.map((b) => b.errors)).toEqual([]);
  }, 60_000);
});

describe('DNSSEC in the public API v1', () => {
  it('PUT enables as a job, GET shows the key tag, algorithm and the registry DS; bad DS are refused with details; other members get 404', async () => {
    const m = await p.member(50_000);
    const key = (await m.agent.post('/mypage/user/api').set(xhr(m)).send({ isApiEnabled: 1, isIpRestriction: 0, apiAllowedIps: [] }).expect(200)).body.apiKey as string;
    const name = await freeName(epp, 'com', 'secapi');
    await buyWithPoints(m, name);
    await until(() => dig(name, 'SOA'), (a) => a.status === 'NOERROR' && a.answers.length === 1);
    const api = () => request(p.h.url);
    const started = await api().put(`/api/v1/domains/${name}/dnssec`).set('X-API-Key', key).send({ enabled: true }).expect(202);
    expect(started.body.job).toMatchObject({ type: 'dnssec' });
    const job = await until(async () => (await api().get(`/api/v1/jobs/${started.body.job.id}`).set('X-API-Key', key).expect(200)).body, (j) => j.status === 'finished', 90_000);
    expect(job.items[0]).toMatchObject({ domain: name, status: 'success' });
    const s = (await api().get(`/api/v1/domains/${name}/dnssec`).set('X-API-Key', key).expect(200)).body;
    expect(s).toMatchObject({ domain: name, uses_our_dns: true, mode: 'managed', status: 'active', status_label: '有効', last_error: null });
    expect(s.keys[0]).toMatchObject({ algorithm: 13, algorithm_name: 'ECDSAP256SHA256', active: true });
    expect(s.registry_ds).toEqual([s.keys[0].ds]);
    expect((await epp.info(name)).secDNS?.dsData).toEqual([{ keyTag: s.keys[0].key_tag, alg: 13, digestType: 2, digest: s.keys[0].ds.digest.toUpperCase() }]);
    // DS by hand is refused on a zone we sign, and bad DS get the rule messages as details
    const bad = await api().put(`/api/v1/domains/${name}/dnssec/ds`).set('X-API-Key', key).send({ ds: [{ key_tag: 1, algorithm: 3, digest_type: 2, digest: 'AB'.repeat(32) }] }).expect(422);
    expect(bad.body.error).toMatchObject({ code: 'REJECTED', message: fmt(DS.dsAlg, { n: 1 }) });
    // another member's API key does not reach it
    const other = await p.member(50_000);
    const otherKey = (await other.agent.post('/mypage/user/api').set(xhr(other)).send({ isApiEnabled: 1, isIpRestriction: 0, apiAllowedIps: [] }).expect(200)).body.apiKey as string;
    await api().get(`/api/v1/domains/${name}/dnssec`).set('X-API-Key', otherKey).expect(404);
    await api().put(`/api/v1/domains/${name}/dnssec`).set('X-API-Key', otherKey).send({ enabled: false }).expect(404);
    expect((await epp.info(name)).secDNS?.dsData).toHaveLength(1);
  }, 240_000);
});
