/**
 * Zone files and DNS templates for real (issue 29, items 2 and 3): a zone file imported through the web app's calls is
 * answered by PowerDNS at once (kdig against the test PowerDNS); one bad line refuses the whole file and leaves the zone
 * as it was; the export passes named-checkzone and imports back with no changes; templates are refused on a conflict
 * and applied all at once; each apply writes a history line; the same through API v1; another member gets 404.
 */
import request from 'supertest';
import { EppClientPool } from '@registrar/epp';
import { fmt, M } from '@registrar/messages';
import { client as eppClient, freeName } from '../epp/epp-harness';
import { buyWithPoints, Member, xhr } from '../purchase/purchase-harness';
import { checkZone, dig, DnsHarness, startDnsHarness, until } from './dns-harness';

let p: DnsHarness;
let epp: EppClientPool;

beforeAll(async () => {
  p = await startDnsHarness();
  epp = eppClient();
}, 180_000);

afterAll(async () => {
  await epp?.close();
  await p?.close();
}, 60_000);

const preview = (c: Member, id: number, text: string) => c.agent.post('/mypage/domain/dns/import/preview').set(xhr(c)).send({ id, text });
const apply = (c: Member, id: number, text: string, base?: string) => c.agent.post('/mypage/domain/dns/import/apply').set(xhr(c)).send({ id, text, base });
const exportZone = (c: Member, id: number) => c.agent.get(`/mypage/domain/${id}/zone`).set(xhr(c));
const tplPreview = (c: Member, id: number, template: string, params: Record<string, string>) => c.agent.post('/mypage/domain/dns/template/preview').set(xhr(c)).send({ id, template, params });
const tplApply = (c: Member, id: number, template: string, params: Record<string, string>, base?: string) =>
  c.agent.post('/mypage/domain/dns/template/apply').set(xhr(c)).send({ id, template, params, base });
const history = async (c: Member) => (await c.agent.get('/mypage/actionLog/search').set(xhr(c)).expect(200)).body.actionLogs.data as { description: string; action_name: string; domain_id: number }[];

describe('zone files and templates, answered by PowerDNS', () => {
  let member: Member;
  let name: string;
  let id: number;

  const zoneText = (n: string) => [
    `$ORIGIN ${n}.`,
    '$TTL 3600',
    `@ 3600 IN SOA ns1.elsewhere.example. admin.elsewhere.example. ( 2026010101 ; serial`,
    '        7200 3600 1209600 300 )',
    '@ IN NS ns1.elsewhere.example.',
    '@ IN A 192.0.2.10',
    'www 600 IN CNAME @',
    '@ IN MX 10 mail',
    'mail IN A 192.0.2.25',
    '@ IN TXT "v=spf1 mx ~all; comment-like" ; a real comment',
    'big IN TXT ( "part one " "part two" )',
    '_sip._tcp IN SRV 10 20 5060 sip.example.net.',
    'v6 IN AAAA 2001:db8::10',
  ].join('\n');

  it('preview lists the adds and skips our SOA/NS; apply makes PowerDNS answer every record at once', async () => {
    member = await p.member(60_000);
    name = await freeName(epp, 'com', 'zf');
    id = await buyWithPoints(member, name);
    await until(() => dig(name, 'SOA'), (a) => a.status === 'NOERROR');
    const pv = (await preview(member, id, zoneText(name)).expect(200)).body;
    expect(pv.ok).toBe(true);
    expect(pv.errors).toEqual([]);
    expect(pv.skipped.map((s: { line: number }) => s.line)).toEqual([3, 5]);
    expect(pv.counts).toEqual({ add: 8, change: 0, remove: 0, same: 0 });
    expect(pv.changes.find((c: { line: number }) => c.line === 7).text).toBe(`www.${name}. 600 IN CNAME ${name}.`);
    const r = (await apply(member, id, zoneText(name), pv.base).expect(200)).body;
    expect(r).toMatchObject({ result: true, counts: { add: 8, change: 0, remove: 0 } });
    expect((await dig(name, 'A')).answers.map((a) => a.data)).toEqual(['192.0.2.10']);
    expect((await dig(`www.${name}`, 'CNAME')).answers[0]).toMatchObject({ ttl: 600, data: `${name}.` });
    expect((await dig(name, 'MX')).answers[0].data).toBe(`10 mail.${name}.`);
    expect((await dig(name, 'TXT')).answers[0].data).toBe('"v=spf1 mx ~all; comment-like"');
    expect((await dig(`big.${name}`, 'TXT')).answers[0].data).toBe('"part one part two"');
    expect((await dig(`_sip._tcp.${name}`, 'SRV')).answers[0].data).toBe('10 20 5060 sip.example.net.');
    expect((await dig(`v6.${name}`, 'AAAA')).answers[0].data).toBe('2001:db8::10');
    // our SOA and NS stay
    expect((await dig(name, 'NS')).answers.map((a) => a.data).sort()).toEqual(['01.dnsv.jp.', '02.dnsv.jp.', '03.dnsv.jp.', '04.dnsv.jp.']);
    expect((await dig(name, 'SOA')).answers[0].data).toMatch(/^01\.dnsv\.jp\. hostmaster\.dnsv\.jp\. /);
    const h = await history(member);
    expect(h.some((l) => l.domain_id === id && l.description === fmt(M.dnsHistoryImport, { add: 8, change: 0, remove: 0 }))).toBe(true);
  }, 240_000);

  it('one bad line refuses the whole file: errors by line, nothing changes in PowerDNS', async () => {
    const bad = `${zoneText(name).replace('192.0.2.10', '192.0.2.99')}\nbroken IN A 300.1.1.1\nx IN CAA 0 issue "ca.example"\n`;
    const pv = (await preview(member, id, bad).expect(200)).body;
    expect(pv.ok).toBe(false);
    expect(pv.errors).toEqual([
      { line: 14, message: M.dnsIpv4 },
      { line: 15, message: expect.stringContaining('CAA') },
    ]);
    const r = (await apply(member, id, bad).expect(200)).body;
    expect(r.result).toBe(false);
    expect(r.errors).toEqual([M.zoneFileHasErrors, `14行目: ${M.dnsIpv4}`, expect.stringMatching(/^15行目: CAA/)]);
    expect((await dig(name, 'A')).answers.map((a) => a.data)).toEqual(['192.0.2.10']);
  }, 60_000);

  it('the export is a valid BIND file (named-checkzone) and imports back with no changes', async () => {
    const res = await exportZone(member, id).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/dns/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}.zone"`);
    const text = res.text;
    expect(text).toContain(`$ORIGIN ${name}.\n$TTL 86400\n`);
    expect(text).toContain('@\t3600\tIN\tTXT\t"v=spf1 mx ~all; comment-like"');
    const check = await checkZone(name, text);
    expect(check.output).toContain('OK');
    expect(check.ok).toBe(true);
    const pv = (await preview(member, id, text).expect(200)).body;
    expect(pv.ok).toBe(true);
    expect(pv.counts).toEqual({ add: 0, change: 0, remove: 0, same: 8 });
  }, 60_000);

  it('an apply made from a stale preview is refused', async () => {
    const pv = (await preview(member, id, zoneText(name)).expect(200)).body;
    await apply(member, id, `${zoneText(name)}\nextra IN A 192.0.2.50\n`).expect(200);
    const r = (await apply(member, id, zoneText(name), pv.base).expect(200)).body;
    expect(r).toEqual({ result: false, errors: [M.zoneFileChangedSince] });
    expect((await dig(`extra.${name}`, 'A')).answers[0].data).toBe('192.0.2.50');
    // removing it through an import: a removal in the preview, then gone from PowerDNS
    const again = (await preview(member, id, zoneText(name)).expect(200)).body;
    expect(again.counts).toMatchObject({ add: 0, remove: 1 });
    expect((await apply(member, id, zoneText(name), again.base).expect(200)).body.result).toBe(true);
    expect((await dig(`extra.${name}`, 'A')).status).toBe('NXDOMAIN');
  }, 60_000);

  it('templates: an existing MX set and a second SPF are refused with nothing changed; a clean one applies at once', async () => {
    const g = (await tplPreview(member, id, 'google-workspace', { verification: 'google-site-verification=abc123' }).expect(200)).body;
    expect(g.ok).toBe(false);
    expect(g.errors).toEqual([
      `${name}には既にMXレコード（10 mail.${name}.）があります。先にDNS設定で削除してから適用してください`,
      expect.stringContaining('SPFレコードは1つの名前に1つだけです'),
    ]);
    const refused = (await tplApply(member, id, 'google-workspace', { verification: 'abc123' }).expect(200)).body;
    expect(refused.result).toBe(false);
    expect(refused.errors[0]).toBe(M.dnsTemplateRefused);
    expect((await dig(name, 'MX')).answers.map((a) => a.data)).toEqual([`10 mail.${name}.`]);
    // a parameter error is answered per field
    const missing = (await tplPreview(member, id, 'xserver', { ip: '1.2.3', server: '' }).expect(200)).body;
    expect(Object.keys(missing.fieldErrors).sort()).toEqual(['ip', 'server']);
    // a second domain with an empty zone takes Microsoft 365 and the mail-security set
    const other = await freeName(epp, 'com', 'tp');
    const otherId = await buyWithPoints(member, other);
    await until(() => dig(other, 'SOA'), (a) => a.status === 'NOERROR');
    const ms = (await tplPreview(member, otherId, 'microsoft-365', { verification: 'MS=ms12345678', mx: `${other.replace(/\./g, '-')}.mail.protection.outlook.com` }).expect(200)).body;
    expect(ms.ok).toBe(true);
    expect(ms.counts).toEqual({ add: 4, change: 0, same: 0 });
    expect((await tplApply(member, otherId, 'microsoft-365', { verification: 'MS=ms12345678', mx: `${other.replace(/\./g, '-')}.mail.protection.outlook.com` }, ms.base).expect(200)).body.result).toBe(true);
    expect((await dig(other, 'MX')).answers[0].data).toBe(`0 ${other.replace(/\./g, '-')}.mail.protection.outlook.com.`);
    expect((await dig(`autodiscover.${other}`, 'CNAME')).answers[0].data).toBe('autodiscover.outlook.com.');
    // the mail-security set now meets Microsoft's SPF: refused
    const sec = (await tplApply(member, otherId, 'mail-security', { spf: 'mx', policy: 'quarantine', rua: 'dmarc@example.com' }).expect(200)).body;
    expect(sec.result).toBe(false);
    expect(sec.errors.join('\n')).toContain('SPFレコードは1つの名前に1つだけです');
    expect((await dig(`_dmarc.${other}`, 'TXT')).status).toBe('NXDOMAIN');
    const h = await history(member);
    expect(h.some((l) => l.domain_id === otherId && l.description === 'DNSテンプレート「Microsoft 365」を適用（追加4件・置き換え0件）')).toBe(true);
  }, 240_000);

  it('a large file (about 300 KB, past the JSON default limit) is read; more records than a zone holds is refused', async () => {
    const lines = [`$ORIGIN ${name}.`, ...Array.from({ length: 3_000 }, (_, i) => `host-${i} 3600 IN TXT "${'x'.repeat(80)}; ${i}"`)];
    const text = `${lines.join('\n')}\n`;
    expect(text.length).toBeGreaterThan(250_000);
    const pv = (await preview(member, id, text).expect(200)).body;
    expect(pv.ok).toBe(false);
    expect(pv.errors).toEqual([{ line: 0, message: fmt(M.dnsTooMany, { max: 500 }) }]);
    expect((await apply(member, id, text).expect(200)).body.result).toBe(false);
    expect((await dig(`host-1.${name}`, 'TXT')).status).toBe('NXDOMAIN');
  }, 60_000);

  it('a 5 MB import body is read only from a signed-in member or a good API key: anyone else gets 413 from the default limit, unparsed', async () => {
    const big = JSON.stringify({ id, text: `$ORIGIN ${name}.\n${'; padding\n'.repeat(450_000)}` });
    expect(big.length).toBeGreaterThan(4_000_000);
    const anon = () => request(p.h.url);
    // no session: refused from its Content-Length, before any byte is parsed (the old gateway parsed it, then 419)
    await anon().post('/mypage/domain/dns/import/preview').set('Content-Type', 'application/json').set('X-Requested-With', 'XMLHttpRequest').send(big).expect(413);
    await anon().post('/mypage/domain/dns/import/apply').set('Content-Type', 'application/json').send(big).expect(413);
    // a session without its CSRF token is not enough
    await member.agent.post('/mypage/domain/dns/import/preview').set('Content-Type', 'application/json').set('X-Requested-With', 'XMLHttpRequest').send(big).expect(413);
    // API v1: no key, a wrong key
    await anon().put(`/api/v1/domains/${name}/zone`).set('Content-Type', 'application/json').send(big).expect(413);
    await anon().post(`/api/v1/domains/${name}/zone/preview`).set('X-API-Key', 'not-a-key').set('Content-Type', 'application/json').send(big).expect(413);
    // a small body without a key still gets the API's own answer (counted once)
    const noKey = await anon().post(`/api/v1/domains/${name}/zone/preview`).send({ zone_file: '' }).expect(401);
    expect(noKey.body.error.code).toBe('MISSING_API_KEY');
    // the member, signed in with the token, gets a body past the default limit (1 MB) read and answered by the import's rules
    const mid = JSON.stringify({ id, text: `$ORIGIN ${name}.\n${'; padding\n'.repeat(100_000)}` });
    expect(mid.length).toBeGreaterThan(1_000_000);
    const pv = await member.agent.post('/mypage/domain/dns/import/preview').set(xhr(member)).set('Content-Type', 'application/json').send(mid).expect(200);
    expect(typeof pv.body.ok).toBe('boolean');
  }, 120_000);

  it('another member gets 404 for the export, the import and the templates', async () => {
    const stranger = await p.member(0);
    await exportZone(stranger, id).expect(404);
    await preview(stranger, id, zoneText(name)).expect(404);
    await apply(stranger, id, zoneText(name)).expect(404);
    await tplApply(stranger, id, 'mail-security', { spf: 'mx', policy: 'none' }).expect(404);
    expect((await dig(name, 'A')).answers.map((a) => a.data)).toEqual(['192.0.2.10']);
  }, 60_000);

  it('API v1: export, import preview and apply, template apply with the member\'s API key', async () => {
    const r = await member.agent.post('/mypage/user/api').set(xhr(member)).send({ isApiEnabled: 1, isIpRestriction: 0, apiAllowedIps: [] }).expect(200);
    const key = r.body.apiKey as string;
    const api = () => request(p.h.url);
    const file = await api().get(`/api/v1/domains/${name}/zone`).set('X-API-Key', key).expect(200);
    expect(file.headers['content-type']).toMatch(/^text\/dns/);
    const text = `${file.text}api IN A 192.0.2.77\n`;
    const pv = (await api().post(`/api/v1/domains/${name}/zone/preview`).set('X-API-Key', key).send({ zone_file: text }).expect(200)).body;
    expect(pv.counts).toEqual({ add: 1, change: 0, remove: 0, same: 8 });
    const bad = await api().put(`/api/v1/domains/${name}/zone`).set('X-API-Key', key).send({ zone_file: `${text}oops IN A nope\n` }).expect(422);
    expect(bad.body.error.code).toBe('REJECTED');
    expect(bad.body.error.details).toContain(`${text.split('\n').length}行目: ${M.dnsIpv4}`);
    await api().put(`/api/v1/domains/${name}/zone`).set('X-API-Key', key).send({ zone_file: text, base: pv.base }).expect(200);
    expect((await dig(`api.${name}`, 'A')).answers[0].data).toBe('192.0.2.77');
    const t = await api().post(`/api/v1/domains/${name}/dns/templates/google-workspace`).set('X-API-Key', key).send({ params: { verification: 'x' } }).expect(422);
    expect(t.body.error.details[0]).toBe(M.dnsTemplateRefused);
    expect((await api().get('/api/v1/dns/templates').set('X-API-Key', key).expect(200)).body.map((x: { id: string }) => x.id)).toContain('lolipop');
    const doc = (await api().get('/api/v1/openapi.json').expect(200)).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/domains/{domain}/zone', '/api/v1/domains/{domain}/zone/preview', '/api/v1/domains/{domain}/dns/templates/{template}']));
  }, 120_000);
});
