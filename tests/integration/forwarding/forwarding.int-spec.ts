/**
 * URL forwarding and mail forwarding end to end (docs/forwarding.md): rules set through API v1 and the web calls, the
 * forwarder process answering by Host header, PowerDNS answering the forwarder's A record and our MX at once, the
 * inbound SMTP forwarding a mail to the member's mailbox (the mail catcher) with an SRS envelope sender, and the
 * refusals: conflicts with the member's own records, loops, bad URLs, the hourly limit.
 */
import { INestMicroservice } from '@nestjs/common';
import http from 'node:http';
import nodemailer from 'nodemailer';
import request from 'supertest';
import { ForwarderModule, ForwarderServer } from '@registrar/dns';
import { startService } from '@registrar/infra';
import { M } from '@registrar/messages';
import { FORWARD_URL_MAX } from '@registrar/rules';
import { type CaughtMail } from '@registrar/gateway';
import { WhoisMailServiceModule } from '@registrar/whois-mail';
import { EppClientPool } from '@registrar/epp';
import { client as eppClient, freeName } from '../epp/epp-harness';
import { buyWithPoints, Member, xhr } from '../purchase/purchase-harness';
import { dig, DnsHarness, startDnsHarness, until } from '../dns/dns-harness';

const FORWARDER_IP = '192.0.2.80';
const MX_HOST = 'mx.forwarding-test.example';
const SRS_DOMAIN = 'whois-proxy.rakko.example';
const MAIL_LIMIT = 6;

let p: DnsHarness;
let epp: EppClientPool;
let forwarder: INestMicroservice;
let whoisMail: INestMicroservice;
let fwdPort: number;
let smtpPort: number;

beforeAll(async () => {
  Object.assign(process.env, {
    FORWARDER_IPV4: FORWARDER_IP, FORWARD_MX_HOST: MX_HOST, FORWARDER_PORT: '0', FORWARDER_HOST: '127.0.0.1',
    FORWARD_MAIL_PER_DOMAIN_PER_HOUR: String(MAIL_LIMIT), FORWARD_SRS_SECRET: 'integration-srs-secret',
  });
  p = await startDnsHarness();
  epp = eppClient();
  forwarder = await startService('forwarder', ForwarderModule, process.env.REDIS_URL);
  fwdPort = forwarder.get(ForwarderServer).httpPort;
  whoisMail = await startService('whois-mail', WhoisMailServiceModule, process.env.REDIS_URL);
  smtpPort = Number(process.env.SMTP_INBOUND_PORT);
  const stale = await p.h.redis.keys('forward-mail:*');
  if (stale.length) await p.h.redis.del(...stale);
}, 180_000);

afterAll(async () => {
  await whoisMail?.close();
  await forwarder?.close();
  await epp?.close();
  await p?.close();
}, 60_000);

/** One request to the forwarder as a browser sends it for `host`. */
function get(host: string, path = '/'): Promise<{ status: number; location?: string; cache?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: fwdPort, path, headers: { Host: host } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location, cache: res.headers['cache-control'] });
    });
    req.on('error', reject);
  });
}

const caught = async (to: string): Promise<CaughtMail[]> =>
  (await p.h.redis.lrange('dev:mail', 0, 199)).map((s) => JSON.parse(s) as CaughtMail).filter((m) => m.to.includes(to));

function smtp() {
  return nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true, pool: false });
}

describe('URL and mail forwarding', () => {
  let member: Member;
  let name: string;
  let id: number;
  let key: string;
  const api = () => request(p.h.url);

  it('a domain on our name servers, with API use on', async () => {
    member = await p.member(30_000);
    name = await freeName(epp, 'com', 'fwd');
    id = await buyWithPoints(member, name);
    await until(() => dig(name, 'SOA'), (a) => a.status === 'NOERROR' && a.answers.length === 1);
    const r = await member.agent.post('/mypage/user/api').set(xhr(member)).send({ isApiEnabled: 1, isIpRestriction: 0, apiAllowedIps: [] }).expect(200);
    key = r.body.apiKey;
    expect(key).toBeTruthy();
  }, 180_000);

  it('API v1 sets a URL forward: PowerDNS answers the forwarder at once and the forwarder redirects with the path kept', async () => {
    const r = await api().post(`/api/v1/domains/${name}/forwarding/url`).set('X-API-Key', key)
      .send({ host: 'www', target: 'https://shop.example.net/base/', status: 301, keep_path: true }).expect(200);
    expect(r.body.url).toEqual([expect.objectContaining({ host: 'www', fqdn: `www.${name}`, target: 'https://shop.example.net/base/', status: 301, keep_path: true })]);
    expect(r.body.forwarder_ipv4).toBe(FORWARDER_IP);
    // answered by the first query after the call returned
    const a = await dig(`www.${name}`, 'A');
    expect(a.answers.map((x) => x.data)).toEqual([FORWARDER_IP]);
    expect(a.aa).toBe(true);
    const res = await get(`WWW.${name.toUpperCase()}:80`, '/item/42?ref=mail&x=%E3%81%82');
    expect(res.status).toBe(301);
    expect(res.location).toBe('https://shop.example.net/base/item/42?ref=mail&x=%E3%81%82');
    expect(res.cache).toMatch(/max-age/);
    // a host nobody forwards: 404
    expect((await get(`nothing.${name}`)).status).toBe(404);
    // the history line
    const h = await p.db.query(`SELECT subject, content FROM domain_ops.action_logs WHERE user_id = $1 AND action_id = 1911 ORDER BY id`, [member.userId]);
    expect(h.rows).toEqual([{ subject: 'URL転送設定', content: `www.${name} → https://shop.example.net/base/（301、パスを引き継ぐ）` }]);
  });

  it('a change through the web call is answered by the forwarder at once (its cached rule dropped over Redis)', async () => {
    const list = (await member.agent.get(`/mypage/domain/forwarding?id=${id}`).set(xhr(member)).expect(200)).body;
    expect(list).toMatchObject({ isOurDns: true, domain: { id, name } });
    const fwd = list.url[0];
    // the rule is in the forwarder's memory now
    expect((await get(`www.${name}`)).status).toBe(301);
    const r = await member.agent.post('/mypage/domain/forwarding/url').set(xhr(member))
      .send({ id, forwardId: fwd.id, host: 'www', target: 'https://campaign.example.org/landing', status: 302, keep_path: false }).expect(200);
    expect(r.body).toMatchObject({ result: true, errors: [] });
    const after = await until(() => get(`www.${name}`, '/old/path'), (x) => x.status === 302, 10_000);
    expect(after.location).toBe('https://campaign.example.org/landing');
    expect(after.cache).toBe('no-store');
    // moved to another host: the old name stops at once (its cached rule dropped too) and loses its A record
    const move = (host: string) => member.agent.post('/mypage/domain/forwarding/url').set(xhr(member))
      .send({ id, forwardId: fwd.id, host, target: 'https://campaign.example.org/landing', status: 302, keep_path: false }).expect(200);
    expect((await move('shop')).body.result).toBe(true);
    await until(() => get(`www.${name}`), (x) => x.status === 404, 10_000);
    expect((await get(`shop.${name}`)).status).toBe(302);
    expect((await dig(`www.${name}`, 'A')).answers).toEqual([]);
    expect((await dig(`shop.${name}`, 'A')).answers.map((x) => x.data)).toEqual([FORWARDER_IP]);
    expect((await move('www')).body.result).toBe(true);
    await until(() => get(`www.${name}`), (x) => x.status === 302, 10_000);
  });

  it('refuses bad targets, loops and conflicts with the member\'s records, in Japanese, and saves nothing', async () => {
    const save = (body: Record<string, unknown>) => member.agent.post('/mypage/domain/forwarding/url').set(xhr(member)).send({ id, host: '', status: 301, keep_path: true, ...body }).expect(200);
    expect((await save({ target: 'javascript:alert(1)' })).body).toEqual({ result: false, errors: [M.fwdUrlScheme] });
    expect((await save({ target: 'data:text/html,<script>alert(1)</script>' })).body.errors).toEqual([M.fwdUrlScheme]);
    expect((await save({ target: 'ftp://example.net/' })).body.errors).toEqual([M.fwdUrlScheme]);
    expect((await save({ target: `https://example.net/${'a'.repeat(FORWARD_URL_MAX)}` })).body.errors).toEqual([M.fwdUrlTooLong.replace('{max}', String(FORWARD_URL_MAX))]);
    expect((await save({ target: 'https://user:pw@example.net/' })).body.errors).toEqual([M.fwdUrlCredentials]);
    // to itself, or to another forwarded host: a loop
    expect((await save({ target: `http://${name}/` })).body.errors).toEqual([M.fwdUrlLoop.replace('{host}', name)]);
    expect((await save({ target: `https://www.${name}/x` })).body.errors).toEqual([M.fwdUrlLoop.replace('{host}', `www.${name}`)]);
    expect((await save({ host: 'bad host!', target: 'https://example.net/' })).body.errors).toEqual([M.fwdHostInvalid]);
    // the member's own A record on the host
    const d = await member.agent.post('/mypage/domain/dns/dispatch').set(xhr(member))
      .send({ domains: [id], saveData: [{ host_name: 'blog', recode_type: 20, ttl: 300, record: '192.0.2.7' }], editNameServer: 0 }).expect(200);
    expect(d.body.result).toBe(true);
    expect((await save({ host: 'blog', target: 'https://example.net/' })).body.errors).toEqual([M.fwdRecordConflict.replace('{host}', `blog.${name}`)]);
    // and the other way round: no A record on a forwarded host
    const refused = await member.agent.post('/mypage/domain/dns/dispatch').set(xhr(member))
      .send({ domains: [id], saveData: [{ host_name: 'blog', recode_type: 20, ttl: 300, record: '192.0.2.7' }, { host_name: 'www', recode_type: 30, ttl: 300, record: 'example.net' }], editNameServer: 0 }).expect(200);
    expect(refused.body).toMatchObject({ result: false, errors: [M.fwdDnsConflict.replace('{host}', `www.${name}`)] });
    expect((await dig(`blog.${name}`, 'A')).answers.map((x) => x.data)).toEqual(['192.0.2.7']);
    const list = (await member.agent.get(`/mypage/domain/forwarding?id=${id}`).set(xhr(member)).expect(200)).body;
    expect(list.url).toHaveLength(1);
    // another member's domain does not exist for them
    const other = await p.member();
    await other.agent.get(`/mypage/domain/forwarding?id=${id}`).set(xhr(other)).expect(404);
    await other.agent.post('/mypage/domain/forwarding/url').set(xhr(other)).send({ id, host: 'x', target: 'https://example.net/', status: 301, keep_path: true }).expect(404);
  });

  it('a mail to a forwarded address reaches the member\'s mailbox with an SRS envelope sender; MX is ours', async () => {
    const target = `owner-${Date.now()}@example.net`;
    const r = await api().post(`/api/v1/domains/${name}/forwarding/mail`).set('X-API-Key', key).send({ local_part: 'Info', target }).expect(200);
    expect(r.body.mail).toEqual([expect.objectContaining({ local_part: 'info', address: `info@${name}`, target })]);
    expect((await dig(name, 'MX')).answers.map((x) => x.data)).toEqual([`10 ${MX_HOST}.`]);
    // an address without a rule (no catch-all yet) is refused at RCPT
    const t = smtp();
    await expect(t.sendMail({ from: 'alice@sender.example', to: `nobody@${name}`, subject: 'x', text: 'x' })).rejects.toMatchObject({ responseCode: 550 });
    const sent = await t.sendMail({ envelope: { from: 'alice@sender.example', to: [`info@${name}`] }, from: 'Alice <alice@sender.example>', to: `info@${name}`, subject: 'お問い合わせ', text: '転送のテストです' });
    expect(sent.response).toMatch(/^250/);
    const [mail] = await until(() => caught(target), (l) => l.length === 1);
    expect(mail.subject).toBe('お問い合わせ');
    expect(mail.text.trim()).toBe('転送のテストです');
    expect(mail.from).toContain('alice@sender.example');
    expect(mail.envelopeFrom).toMatch(new RegExp(`^SRS0=[A-Za-z0-9+/]{4}=[A-Z2-7]{2}=sender\\.example=alice@${SRS_DOMAIN.replace(/\./g, '\\.')}$`));
    // a bounce to the rewritten sender goes back to the original sender; a forged one is refused
    const srs = mail.envelopeFrom!;
    await t.sendMail({ envelope: { from: '', to: [srs] }, from: 'Mail Delivery System <mailer-daemon@example.net>', to: srs, subject: 'Undelivered Mail', text: 'bounce' });
    const [bounce] = await until(() => caught('alice@sender.example'), (l) => l.length === 1);
    expect(bounce.subject).toBe('Undelivered Mail');
    expect(bounce.envelopeFrom).toBe('');
    await expect(t.sendMail({ envelope: { from: '', to: [srs.replace(/^SRS0=[^=]{4}=/, 'SRS0=AAAA=')] }, from: 'x@example.net', to: 'x@example.net', subject: 'forged', text: 'x' }))
      .rejects.toMatchObject({ responseCode: 550 });
    // a catch-all takes every other address
    const all = `all-${Date.now()}@example.org`;
    await member.agent.post('/mypage/domain/forwarding/mail').set(xhr(member)).send({ id, local_part: '*', target: all }).expect(200);
    await t.sendMail({ from: 'bob@sender.example', to: `sales@${name}`, subject: 'catch-all', text: 'x' });
    await until(() => caught(all), (l) => l.length === 1);
    t.close();
  }, 60_000);

  it('refuses forwarding loops (when saved and when a message comes round) and the member\'s own MX', async () => {
    const save = (body: Record<string, unknown>) => member.agent.post('/mypage/domain/forwarding/mail').set(xhr(member)).send({ id, ...body }).expect(200);
    expect((await save({ local_part: 'loop', target: `info@${name}` })).body.errors).toEqual([M.fwdMailLoop.replace('{domain}', name)]);
    expect((await save({ local_part: 'bad local', target: 'a@example.net' })).body.errors).toEqual([M.fwdLocalInvalid]);
    expect((await save({ local_part: 'ok', target: 'not-an-address' })).body.errors).toEqual([M.fwdMailTargetInvalid]);
    expect((await save({ local_part: 'info', target: 'b@example.net' })).body.errors).toEqual([M.fwdDuplicateAddress.replace('{address}', `info@${name}`)]);
    const mx = await member.agent.post('/mypage/domain/dns/dispatch').set(xhr(member))
      .send({ domains: [id], saveData: [{ host_name: '', recode_type: 40, ttl: 300, record: 'mail.example.net', priority: 10 }], editNameServer: 0 }).expect(200);
    expect(mx.body).toMatchObject({ result: false, errors: [M.fwdMxConflict] });
    // a message that already went through us for this address
    const t = smtp();
    await expect(t.sendMail({ from: 'a@sender.example', to: `info@${name}`, subject: 'loop', text: 'x', headers: { 'X-Rakko-Forwarded-For': `info@${name}` } }))
      .rejects.toMatchObject({ responseCode: 554 });
    t.close();
  });

  it('defers mail over the domain\'s hourly limit (450: the sender retries later)', async () => {
    const t = smtp();
    type Refusal = { responseCode?: number; response?: string };
    const refusals: Refusal[] = [];
    let accepted = 0;
    for (let i = 0; i < MAIL_LIMIT + 1 && !refusals.length; i++) {
      try {
        await t.sendMail({ from: 'flood@sender.example', to: `info@${name}`, subject: `n${i}`, text: 'x' });
        accepted++;
      } catch (e) {
        refusals.push(e as Refusal);
      }
    }
    t.close();
    expect(refusals).toEqual([expect.objectContaining({ responseCode: 450, response: expect.stringMatching(/Too many forwarded messages/) })]);
    expect(accepted).toBeLessThan(MAIL_LIMIT);
  });

  it('removing the forwards removes their records; the forwarder stops redirecting', async () => {
    const list = (await member.agent.get(`/mypage/domain/forwarding?id=${id}`).set(xhr(member)).expect(200)).body;
    await api().delete(`/api/v1/domains/${name}/forwarding/url/${list.url[0].id}`).set('X-API-Key', key).expect(200);
    expect((await dig(`www.${name}`, 'A')).answers).toEqual([]);
    await until(() => get(`www.${name}`), (x) => x.status === 404, 10_000);
    for (const m of list.mail) await member.agent.post('/mypage/domain/forwarding/delete').set(xhr(member)).send({ id, kind: 'mail', forwardId: m.id }).expect(200);
    expect((await dig(name, 'MX')).answers).toEqual([]);
    // the records the member owns stay
    expect((await dig(`blog.${name}`, 'A')).answers.map((x) => x.data)).toEqual(['192.0.2.7']);
    const h = await p.db.query(`SELECT subject FROM domain_ops.action_logs WHERE user_id = $1 AND action_id IN (1911, 1912) ORDER BY id`, [member.userId]);
    expect(h.rows.map((r) => r.subject)).toEqual(['URL転送設定', 'URL転送変更', 'URL転送変更', 'URL転送変更', 'メール転送設定', 'メール転送設定', 'URL転送削除', 'メール転送削除', 'メール転送削除']);
  });
});
