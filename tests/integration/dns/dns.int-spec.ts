/**
 * DNS records served for real: a domain bought on our name servers gets its zone in PowerDNS; records saved through
 * POST mypage/domain/dns/dispatch are answered by PowerDNS as soon as the call returns; the transferred zone passes
 * named-checkzone; DS records reach the registry (EPP secDNS, read back by domain:info); a domain that leaves our name
 * servers, expires or is no longer held stops being served.
 */
import { Queue, QueueEvents } from 'bullmq';
import { EppClientPool } from '@registrar/epp';
import { JobName, QueueName } from '@registrar/contracts';
import { redisOptions } from '@registrar/infra';
import { M } from '@registrar/messages';
import { client as eppClient, freeName, simFaults } from '../epp/epp-harness';
import { buyWithPoints, Member, xhr } from '../purchase/purchase-harness';
import { axfr, checkZone, dig, DnsHarness, startDnsHarness, until } from './dns-harness';

let p: DnsHarness;
let epp: EppClientPool;
let queue: Queue;
let events: QueueEvents;

beforeAll(async () => {
  p = await startDnsHarness();
  epp = eppClient();
  const o = redisOptions(process.env.REDIS_URL!);
  const connection = { host: o.host, port: o.port, db: o.db, password: o.password };
  queue = new Queue(QueueName.Dns, { connection });
  events = new QueueEvents(QueueName.Dns, { connection });
  await events.waitUntilReady();
}, 180_000);

afterAll(async () => {
  await simFaults.reset().catch(() => undefined);
  await events?.close();
  await queue?.close();
  await epp?.close();
  await p?.close();
}, 60_000);

const dispatch = (c: Member, id: number, saveData: unknown[], extra: Record<string, unknown> = {}) =>
  c.agent.post('/mypage/domain/dns/dispatch').set(xhr(c)).send({ domains: [id], saveData, editNameServer: 0, ...extra });

async function runJob(name: JobName, data: Record<string, unknown>) {
  const job = await queue.add(name, data);
  return job.waitUntilFinished(events, 60_000);
}

describe('DNS records served by PowerDNS', () => {
  let member: Member;
  let name: string;
  let id: number;

  it('a domain bought on our name servers is served at once: SOA and the NS records 01-04.dnsv.jp, authoritative', async () => {
    member = await p.member(50_000);
    name = await freeName(epp, 'com', 'dns');
    id = await buyWithPoints(member, name);
    const soa = await until(() => dig(name, 'SOA'), (a) => a.status === 'NOERROR' && a.answers.length === 1);
    expect(soa.aa).toBe(true);
    expect(soa.answers[0].data).toMatch(/^01\.dnsv\.jp\. hostmaster\.dnsv\.jp\. \d+ 10800 3600 604800 3600$/);
    const ns = await dig(name, 'NS', { tcp: true });
    expect(ns.answers.map((a) => a.data).sort()).toEqual(['01.dnsv.jp.', '02.dnsv.jp.', '03.dnsv.jp.', '04.dnsv.jp.']);
  }, 180_000);

  it('getdata lists the fixed NS records first, the type choices, and says the domain uses our DNS', async () => {
    const r = await member.agent.get(`/mypage/domain/dns/getdata?id=${id}`).set(xhr(member)).expect(200);
    const c = r.body.contents;
    expect(c.formData.map((f: { record: string; fixed: boolean; recode_type: number }) => [f.recode_type, f.record, f.fixed])).toEqual(
      ['01.dnsv.jp', '02.dnsv.jp', '03.dnsv.jp', '04.dnsv.jp'].map((n) => [10, n, true]),
    );
    expect(c.recordType).toEqual([
      { value: 10, label: 'NS' }, { value: 20, label: 'A' }, { value: 30, label: 'CNAME' }, { value: 40, label: 'MX' },
      { value: 50, label: 'TXT' }, { value: 60, label: 'AAAA' }, { value: 90, label: 'SRV' }, { value: 100, label: 'DS' },
    ]);
    expect(c).toMatchObject({ isOurDns: true, served: true, domain: { id, name } });
    // another member's domain does not exist for them
    const other = await p.member();
    await other.agent.get(`/mypage/domain/dns/getdata?id=${id}`).set(xhr(other)).expect(404);
    // the spec's domain_name alternative: the member's own domain by name, never another member's
    const byName = await member.agent.get(`/mypage/domain/dns/getdata?domain_name=${encodeURIComponent(name.toUpperCase())}`).set(xhr(member)).expect(200);
    expect(byName.body.contents.domain).toMatchObject({ id, name });
    await other.agent.get(`/mypage/domain/dns/getdata?domain_name=${encodeURIComponent(name)}`).set(xhr(other)).expect(404);
    const stolen = await dispatch(other, id, [{ host_name: 'www', recode_type: 20, ttl: 300, record: '192.0.2.66' }]).expect(404);
    expect(stolen.body.result).toBe(false);
    expect((await dig(`www.${name}`, 'A')).answers).toEqual([]);
  });

  it('refuses invalid records with the rule messages and saves nothing', async () => {
    const r = await dispatch(member, id, [
      { host_name: 'www', recode_type: 20, ttl: 300, record: '2001:db8::1' },
      { host_name: 'www', recode_type: 30, ttl: 300, record: 'example.net' },
      { host_name: 'x.example.org.', recode_type: 20, ttl: 30, record: '192.0.2.1' },
      { host_name: '', recode_type: '', ttl: '', record: '' },
    ]).expect(200);
    expect(r.body.result).toBe(false);
    expect(r.body.errors).toEqual([
      `1行目: ${M.dnsIpv4}`,
      `3行目: x.example.org.は${name}のゾーン外です`,
      `3行目: ${M.dnsTtlRange}`,
      '4行目: TYPEを選択してください',
      `2行目: www.${name}にはCNAMEと他のレコードを同時に設定できません`,
    ]);
    expect((await dig(`www.${name}`, 'A')).answers).toEqual([]);
  });

  it('refuses records while the domain\'s WHOIS change is in progress, and saves nothing', async () => {
    await p.db.query('UPDATE domain_ops.domains SET whois_processing_flg = 2 WHERE id = $1', [id]);
    try {
      const r = await dispatch(member, id, [{ host_name: 'busy', recode_type: 20, ttl: 300, record: '192.0.2.7' }]).expect(200);
      expect(r.body).toEqual({ result: false, errors: [M.whoisProcessing] });
      expect((await dig(`busy.${name}`, 'A')).answers).toEqual([]);
    } finally {
      await p.db.query('UPDATE domain_ops.domains SET whois_processing_flg = 0 WHERE id = $1', [id]);
    }
  });

  it('refuses records and DS of an admin-locked domain, saves nothing, and still shows its records', async () => {
    await p.db.query('UPDATE domain_ops.domains SET admin_lock_status = 1 WHERE id = $1', [id]);
    try {
      const r = await dispatch(member, id, [
        { host_name: 'locked', recode_type: 20, ttl: 300, record: '192.0.2.8' },
        { host_name: '', recode_type: 100, ttl: '', record: '', key_tag: 4242, alg: 13, digest_type: 2, digest: 'a'.repeat(64) },
      ]).expect(200);
      expect(r.body).toEqual({ result: false, errors: [M.adminLocked] });
      expect((await dig(`locked.${name}`, 'A')).answers).toEqual([]);
      expect((await epp.info(name)).secDNS?.dsData ?? []).toEqual([]);
      // reading the records stays allowed
      const got = (await member.agent.get(`/mypage/domain/dns/getdata?id=${id}`).set(xhr(member)).expect(200)).body.contents.formData;
      expect(got.map((f: { record: string }) => f.record)).toEqual(['01.dnsv.jp', '02.dnsv.jp', '03.dnsv.jp', '04.dnsv.jp']);
    } finally {
      await p.db.query('UPDATE domain_ops.domains SET admin_lock_status = 0 WHERE id = $1', [id]);
    }
  });

  const ds1 = { host_name: '', recode_type: 100, ttl: '', record: '', key_tag: 12345, alg: 13, digest_type: 2, digest: 'e2d3c916f6deeac73294e8268fb5885044a833fc5459588f4a9184cfc41a5766' };

  it('saves every record type; PowerDNS answers them as soon as dispatch returns; DS goes to the registry', async () => {
    const saveData = [
      { host_name: '@', recode_type: 20, ttl: 300, record: '192.0.2.10' },
      { host_name: 'www', recode_type: 30, ttl: '', record: `${name}.` },
      { host_name: '', recode_type: 60, ttl: 600, record: '2001:DB8::10' },
      { host_name: '', recode_type: 40, ttl: '', record: '', priority: '' },
      { host_name: '', recode_type: 50, ttl: 3600, record: 'v=spf1 include:_spf.example.net "quoted" -all' },
      { host_name: '', recode_type: 90, ttl: 3600, record: `sip.${name}`, service_name: 'sip', protocol: 'tcp', priority: 10, weight: 5, port: 5060 },
      { host_name: 'sub', recode_type: 10, ttl: 3600, record: 'ns1.example.net' },
      ds1,
    ];
    const r = await dispatch(member, id, saveData).expect(200);
    expect(r.body).toMatchObject({ result: true, errors: [], served: true });
    // answered now (no waiting): A, CNAME, AAAA, MX with the defaults, TXT, SRV with its corrected labels, the delegation
    expect((await dig(name, 'A')).answers).toEqual([{ name: `${name}.`, ttl: 300, type: 'A', data: '192.0.2.10' }]);
    expect((await dig(`www.${name}`, 'CNAME')).answers.map((a) => a.data)).toEqual([`${name}.`]);
    expect((await dig(name, 'AAAA')).answers.map((a) => [a.ttl, a.data])).toEqual([[600, '2001:db8::10']]);
    expect((await dig(name, 'MX')).answers.map((a) => [a.ttl, a.data])).toEqual([[86400, `10 ${name}.`]]);
    expect((await dig(name, 'TXT')).answers.map((a) => a.data)).toEqual(['"v=spf1 include:_spf.example.net \\"quoted\\" -all"']);
    expect((await dig(`_sip._tcp.${name}`, 'SRV')).answers.map((a) => a.data)).toEqual([`10 5 5060 sip.${name}.`]);
    const deleg = await dig(`host.sub.${name}`, 'A');
    expect(deleg.aa).toBe(false);
    // the saved list comes back normalised, the fixed NS first
    const got = (await member.agent.get(`/mypage/domain/dns/getdata?id=${id}`).set(xhr(member)).expect(200)).body.contents.formData;
    expect(got).toHaveLength(12);
    expect(got[9]).toMatchObject({ recode_type: 90, service_name: '_sip.', protocol: '_tcp.', record: `sip.${name}` });
    expect(got[7]).toMatchObject({ recode_type: 40, record: name, priority: 10, ttl: 86400 });
    // the read-only detail view lists them (host, type, TTL, value), the fixed NS first
    const detail = (await member.agent.get(`/mypage/domain/detail/${id}`).set(xhr(member)).expect(200)).body;
    expect(detail.dns_records.slice(0, 5).map((r: { host_name: string; type: string; ttl: number; record: string }) => [r.host_name, r.type, r.ttl, r.record])).toEqual([
      ['@', 'NS', 86400, '01.dnsv.jp'], ['@', 'NS', 86400, '02.dnsv.jp'], ['@', 'NS', 86400, '03.dnsv.jp'], ['@', 'NS', 86400, '04.dnsv.jp'], ['@', 'A', 300, '192.0.2.10'],
    ]);
    expect(detail.dns_records).toHaveLength(12);
    // DS at the registry
    const info = await epp.info(name);
    expect(info.secDNS?.dsData).toEqual([{ keyTag: 12345, alg: 13, digestType: 2, digest: ds1.digest.toUpperCase() }]);
    // the zone as PowerDNS transfers it is a valid zone
    const zone = await axfr(name);
    const check = await checkZone(name, zone);
    expect(check).toMatchObject({ ok: true });
    expect(check.output).toContain('OK');
  }, 60_000);

  it('changing and removing records: the SOA serial grows, the old answers go, DS removed at the registry', async () => {
    const before = Number((await dig(name, 'SOA')).answers[0].data.split(' ')[2]);
    const r = await dispatch(member, id, [{ host_name: 'api', recode_type: 20, ttl: 60, record: '192.0.2.20' }]).expect(200);
    expect(r.body.result).toBe(true);
    const after = Number((await dig(name, 'SOA')).answers[0].data.split(' ')[2]);
    expect(after).toBeGreaterThan(before);
    expect((await dig(`api.${name}`, 'A')).answers.map((a) => a.data)).toEqual(['192.0.2.20']);
    expect((await dig(name, 'A')).answers).toEqual([]);
    expect((await dig(name, 'NS')).answers).toHaveLength(4);
    expect((await epp.info(name)).secDNS?.dsData ?? []).toEqual([]);
  });

  it('a DS update the registry fails saves nothing; the next save puts the registry right whatever it applied', async () => {
    await simFaults.set({ failShare: 1 });
    try {
      const r = await dispatch(member, id, [{ host_name: 'api', recode_type: 20, ttl: 60, record: '192.0.2.99' }, ds1]).expect(200);
      expect(r.body.result).toBe(false);
      expect(r.body.errors[0]).toContain(M.dnsRegistryDsFailed);
    } finally {
      await simFaults.reset();
    }
    expect((await dig(`api.${name}`, 'A')).answers.map((a) => a.data)).toEqual(['192.0.2.20']);
    // the same list without DS: sent again (the outcome was unknown), so the registry holds none
    const again = await dispatch(member, id, [{ host_name: 'api', recode_type: 20, ttl: 60, record: '192.0.2.20' }]).expect(200);
    expect(again.body.result).toBe(true);
    expect((await epp.info(name)).secDNS?.dsData ?? []).toEqual([]);
  }, 60_000);

  it('a domain whose name servers leave ours stops being served; records are kept; editNameServer brings it back to our DNS', async () => {
    await p.db.query(`UPDATE domain_ops.domain_name_servers SET name = 'ns' || priority || '.other-dns.example' WHERE domain_id = $1`, [id]);
    await runJob(JobName.SyncZone, { punycode: name });
    const gone = await dig(`api.${name}`, 'A');
    expect(gone.status).toBe('REFUSED');
    const data = (await member.agent.get(`/mypage/domain/dns/getdata?id=${id}`).set(xhr(member)).expect(200)).body.contents;
    expect(data).toMatchObject({ isOurDns: false, served: false });
    expect(data.formData).toHaveLength(5);
    // saving while another DNS is in use stores the records without serving them
    const saved = await dispatch(member, id, [{ host_name: 'api', recode_type: 20, ttl: 60, record: '192.0.2.21' }]).expect(200);
    expect(saved.body).toMatchObject({ result: true, served: false });
    expect((await dig(`api.${name}`, 'A')).status).toBe('REFUSED');
    // "use our name servers" (editNameServer): the name-server operation runs, then the zone is served with the records
    const back = await dispatch(member, id, [{ host_name: 'api', recode_type: 20, ttl: 60, record: '192.0.2.21' }], { editNameServer: 1 }).expect(200);
    expect(back.body).toMatchObject({ result: true, served: false });
    expect(back.body.nameServerJobId).toEqual(expect.any(String));
    await until(() => dig(`api.${name}`, 'A'), (a) => a.answers.length === 1);
    expect((await dig(`api.${name}`, 'A')).answers.map((a) => a.data)).toEqual(['192.0.2.21']);
    expect((await p.db.query('SELECT name FROM domain_ops.domain_name_servers WHERE domain_id = $1 ORDER BY priority', [id])).rows.map((r) => r.name))
      .toEqual(['01.dnsv.jp', '02.dnsv.jp', '03.dnsv.jp', '04.dnsv.jp']);
  });

  it('an expired domain stops being served (the periodic reconciliation), and a domain no longer held loses its zone', async () => {
    await p.db.query(`UPDATE domain_ops.domains SET due_date = now() - interval '3 days' WHERE id = $1`, [id]);
    await runJob(JobName.ReconcileZones, {});
    expect((await dig(`api.${name}`, 'A')).status).toBe('REFUSED');
    await p.db.query(`UPDATE domain_ops.domains SET due_date = now() + interval '300 days' WHERE id = $1`, [id]);
    await runJob(JobName.ReconcileZones, {});
    expect((await dig(`api.${name}`, 'A')).answers.map((a) => a.data)).toEqual(['192.0.2.21']);
    await p.db.query('DELETE FROM domain_ops.domains WHERE id = $1', [id]);
    await runJob(JobName.SyncZone, { punycode: name });
    expect((await dig(name, 'SOA')).status).toBe('REFUSED');
    expect((await p.db.query('SELECT count(*)::int AS n FROM dns.zone_records WHERE domain_pk_id = $1', [id])).rows[0].n).toBe(0);
  });
});
