/**
 * The website connection check for real: a domain bought on our name servers, its A records saved through the DNS
 * call and answered by our PowerDNS (the check's resolver), a local HTTPS site with a certificate for the name, the
 * registry's RDAP for the registration. Private targets are refused unless the local runtime allows them.
 */
import path from 'node:path';
import os from 'node:os';
import { M } from '@registrar/messages';
import { ConnectionCheckService } from '../../../libs/gateway/src/connection-check/connection-check.service';
import { PublicToolsConfig, PublicWhoisService } from '@registrar/gateway';
import { client } from '../gateway/gateway-harness';
import { xhr } from '../purchase/purchase-harness';
import { until, dig } from '../dns/dns-harness';
import { freeName } from '../epp/epp-harness';
import { startWhoisHarness, WhoisHarness } from '../whois/whois-harness';
import { HttpsTarget, startHttpsTarget } from './https-target';

// buying through the registry and checks across the network take longer than jest's default on a busy machine
jest.setTimeout(120_000);

const W = Number(process.env.TEST_WHOIS_PORT ?? 14343);
const HTTPS_PORT = W + 7;
const caFile = path.join(process.env.TEST_TMP ?? os.tmpdir(), `conncheck-ca-${process.pid}.pem`);

let w: WhoisHarness;
let site: HttpsTarget;
let name: string;
let guest: Awaited<ReturnType<typeof client>>;

const check = (body: Record<string, unknown>) => guest.agent.post('/tool/websiteConnectionCheck').set('X-Requested-With', 'XMLHttpRequest').set('X-CSRF-TOKEN', guest.token()).send(body);
type Row = { id: string; title: string; ok: boolean; message: string; details: string[]; name: string; successes: string[]; failures: string[]; detail: string; error: string | null };
const byId = (rows: Row[]) => Object.fromEntries(rows.map((r) => [r.id, r]));

beforeAll(async () => {
  process.env.CONNECTION_CHECK_CA_FILE = caFile;
  w = await startWhoisHarness();
  const member = await w.p.member(20_000);
  [name] = await w.buy(member, ['com']);
  const id = Number((await w.p.db.query('SELECT id FROM domain_ops.domains WHERE punycode = $1', [name])).rows[0].id);
  await member.agent.post('/mypage/domain/dns/dispatch').set(xhr(member)).send({
    domains: [id], editNameServer: 0,
    saveData: [{ host_name: '@', recode_type: 20, ttl: 300, record: '127.0.0.1' }, { host_name: 'www', recode_type: 20, ttl: 300, record: '127.0.0.1' }],
  }).expect(200);
  await until(() => dig(`www.${name}`, 'A'), (a) => a.answers.some((x) => x.data === '127.0.0.1'));
  site = await startHttpsTarget({ port: HTTPS_PORT, hosts: [name, `www.${name}`], caFile });
  guest = await client(w.p.h);
}, 240_000);
afterAll(async () => {
  await site?.close();
  await w?.close();
}, 60_000);

describe('POST tool/websiteConnectionCheck', () => {
  it('gives the two input messages', async () => {
    const empty = await check({ domain: '' });
    expect(empty.status).toBe(422);
    expect(empty.body).toMatchObject({ result: false, error: [M.enterDomainOrUrl], checkResults: [] });
    const bad = await check({ url: 'https://exa mple.com/' });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toEqual([M.enterUrlCorrectly]);
  });

  it('passes all six checks for a served site with a valid certificate', async () => {
    const r = await check({ url: `https://www.${name}:${HTTPS_PORT}/` }).expect(200);
    const rows = byId(r.body.checkResults);
    expect(r.body.checkResults.map((c: Row) => c.title)).toEqual([M.checkHttpStatus, M.checkRegistration, M.checkDnsResponse, M.checkNameServers, M.checkARecord, M.checkSslCertificate]);
    expect(rows.http).toMatchObject({ ok: true, message: 'ステータスコード 200' });
    expect(rows.registration.ok).toBe(true);
    expect(rows.registration.message).toContain('登録済みです');
    expect(rows.dns.ok).toBe(true);
    expect(rows.nameservers).toMatchObject({ ok: true, details: ['01.dnsv.jp', '02.dnsv.jp', '03.dnsv.jp', '04.dnsv.jp'] });
    expect(rows.a).toMatchObject({ ok: true, details: ['127.0.0.1'], name: M.checkARecord, successes: [rows.a.message], failures: [], detail: '127.0.0.1', error: null });
    expect(rows.ssl.ok).toBe(true);
    expect(rows.ssl.message).toMatch(/^有効な証明書です/);
    expect(r.body.result).toBe(true);
  });

  it('reports the failing checks: an error status, a name without an A record, a certificate for another name', async () => {
    const down = await check({ url: `https://www.${name}:${HTTPS_PORT}/down` }).expect(200);
    expect(byId(down.body.checkResults).http).toMatchObject({ ok: false, message: 'ステータスコード 503' });
    expect(down.body.result).toBe(false);
    // 002 §3's fields of a check result: name, successes, failures, detail, error
    expect(byId(down.body.checkResults).http).toMatchObject({ name: M.checkHttpStatus, successes: [], failures: ['ステータスコード 503'], error: 'ステータスコード 503' });
    expect(typeof byId(down.body.checkResults).http.detail).toBe('string');
    const noA = await check({ domain: `nothing.${name}` }).expect(200);
    const rows = byId(noA.body.checkResults);
    expect(rows.a).toMatchObject({ ok: false, message: M.checkANone });
    expect(rows.http.ok).toBe(false);
    expect(rows.ssl.ok).toBe(false);
    // the registration of the registered name still passes
    expect(rows.registration.ok).toBe(true);
  });

  it('says when the name is not registered and DNS does not answer', async () => {
    const r = await check({ domain: await freeName(w.epp, 'com', 'conncheck-free') }).expect(200);
    const rows = byId(r.body.checkResults);
    expect(rows.registration).toMatchObject({ ok: false, message: M.checkNotRegistered });
    expect(rows.dns.ok).toBe(false);
    expect(r.body.result).toBe(false);
  });

  it('refuses loopback and private targets outside the local runtime (SSRF)', async () => {
    const svc = w.p.h.app.get(ConnectionCheckService);
    const config = w.p.h.app.get(PublicToolsConfig);
    const before = config.CONNECTION_CHECK_ALLOW_PRIVATE;
    config.CONNECTION_CHECK_ALLOW_PRIVATE = '';
    try {
      const r = await svc.check(`https://www.${name}:${HTTPS_PORT}/`);
      const rows = byId(r.checkResults as Row[]);
      expect(rows.http).toMatchObject({ ok: false, message: M.checkPrivateTarget });
      expect(rows.ssl).toMatchObject({ ok: false, message: M.checkPrivateTarget });
      const literal = await svc.check('http://127.0.0.1:1/');
      expect(byId(literal.checkResults as Row[]).http.message).toBe(M.checkPrivateTarget);
    } finally {
      config.CONNECTION_CHECK_ALLOW_PRIVATE = before;
    }
  });

  it('asks our own name servers first for our zones (the local runtime\'s PowerDNS), the configured resolver for the rest', async () => {
    const config = Object.assign(new PublicToolsConfig(), w.p.h.app.get(PublicToolsConfig));
    // a general resolver that answers nothing (nothing listens there), and our PowerDNS as our own name servers
    config.CONNECTION_CHECK_RESOLVER = '127.0.0.1:9';
    config.CONNECTION_CHECK_OWN_ZONES_RESOLVER = w.p.h.app.get(PublicToolsConfig).CONNECTION_CHECK_RESOLVER;
    const svc = new ConnectionCheckService(config, w.p.h.app.get(PublicWhoisService));
    const rows = byId((await svc.check(`www.${name}`)).checkResults as Row[]);
    expect(rows.registration).toMatchObject({ ok: true });
    expect(rows.registration.message).not.toBe(M.checkNotRegistered);
    expect(rows.dns).toMatchObject({ ok: true });
    expect(rows.a).toMatchObject({ ok: true, details: ['127.0.0.1'] });
    // without our name servers, the same resolver does not answer our zone
    config.CONNECTION_CHECK_OWN_ZONES_RESOLVER = '';
    const alone = byId((await new ConnectionCheckService(config, w.p.h.app.get(PublicWhoisService)).check(`www.${name}`)).checkResults as Row[]);
    expect(alone.dns.ok).toBe(false);
  });
});
