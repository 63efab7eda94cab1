/**
 * HTTPS of URL forwarding with certificates obtained over ACME (docs/forwarding.md "HTTPS", ADR 0030): a
 * forward saved through API v1 gets its certificate from Pebble (a real RFC 8555 server) through the acme-client
 * library in the dns service's BullMQ job, Pebble validating HTTP-01 against the forwarder (its A record answered by
 * our PowerDNS); the forwarder then answers HTTPS with SNI (the client trusting Pebble's root only) with the redirect.
 * A renewal replaces the certificate the forwarder presents, and a validation the CA cannot make shows 発行失敗.
 */
import { INestMicroservice } from '@nestjs/common';
import { Queue, QueueEvents } from 'bullmq';
import { randomUUID } from 'node:crypto';
import https from 'node:https';
import path from 'node:path';
import os from 'node:os';
import tls from 'node:tls';
import request from 'supertest';
import { JobName, QueueName } from '@registrar/contracts';
import { DnsServiceModule, ForwardCertService, ForwarderModule, ForwarderServer } from '@registrar/dns';
import { EppClientPool } from '@registrar/epp';
import { startService } from '@registrar/infra';
import { registrationTotal } from '@registrar/rules';
import { client as eppClient, freeName } from '../epp/epp-harness';
import { Member, waitForOrder, xhr } from '../purchase/purchase-harness';
import { DNS_PORT, dig, DnsHarness, startDnsHarness, until } from '../dns/dns-harness';
import { Pebble, startPebble } from '../../../scripts/dev/pebble';

const ACME_PORT = Number(process.env.TEST_ACME_PORT ?? 18086);
const ACME_MANAGEMENT_PORT = Number(process.env.TEST_ACME_MANAGEMENT_PORT ?? ACME_PORT + 1);
const FORWARDER_PORT = Number(process.env.TEST_ACME_FORWARDER_PORT ?? ACME_PORT - 4);
const FORWARDER_HTTPS_PORT = Number(process.env.TEST_ACME_FORWARDER_HTTPS_PORT ?? ACME_PORT - 3);

let p: DnsHarness;
let epp: EppClientPool;
let pebble: Pebble;
let forwarder: INestMicroservice | null = null;
let root: string;

const startForwarder = async () => {
  forwarder = await startService('forwarder', ForwarderModule, process.env.REDIS_URL);
  expect(forwarder.get(ForwarderServer).httpPort).toBe(FORWARDER_PORT);
};

beforeAll(async () => {
  pebble = await startPebble({
    port: ACME_PORT, managementPort: ACME_MANAGEMENT_PORT, httpPort: FORWARDER_PORT, dnsPort: DNS_PORT,
    dir: path.join(process.env.TEST_TMP ?? os.tmpdir(), 'pebble'),
  });
  Object.assign(process.env, {
    // the forwarded hosts' A record: this machine, where the forwarder listens on the port Pebble validates against
    FORWARDER_IPV4: '127.0.0.1', FORWARDER_HOST: '127.0.0.1', FORWARDER_PORT: String(FORWARDER_PORT), FORWARDER_HTTPS_PORT: String(FORWARDER_HTTPS_PORT),
    ACME_DIRECTORY_URL: pebble.directoryUrl, ACME_CA_FILE: pebble.tlsCaFile, ACME_EMAIL: 'hostmaster@rakko.example',
    FORWARD_CERT_SECRET: 'integration-forward-cert-secret', FORWARDER_CACHE_MS: '600000',
    // two attempts, the second at once: a failure is retried, then shown
    FORWARD_CERT_ATTEMPTS: '2', FORWARD_CERT_RETRY_MS: '0', FORWARD_CERT_CHECK_EVERY_MS: '0',
    // the test reads the certificate's state through API v1 until it changes: on a busy machine an issuance outlasts
    // the default 120 calls a minute (CI answered 429 once), and the limit is not what this file checks
    API_RATE_LIMIT: '100000',
  });
  p = await startDnsHarness();
  epp = eppClient();
  await startForwarder();
  root = await pebble.issuingRoot();
}, 180_000);

afterAll(async () => {
  await forwarder?.close();
  await epp?.close();
  await p?.close();
  await pebble?.stop();
}, 60_000);

async function buy(c: Member, name: string): Promise<number> {
  const est = (await c.agent.get(`/mypage/domain/price/estimate/campaign?domainNames[]=${encodeURIComponent(name)}`).set(xhr(c)).expect(200)).body[0];
  const point = registrationTotal(est.registerPrice, est.renewPrice, est.minimum_years);
  const r = await c.agent.post('/mypage/domain/create').set(xhr(c))
    .send({ domains: [{ name, period: est.minimum_years, point }], totalFee: point, point, payment: { type: 'point' }, idempotencyKey: randomUUID() }).expect(200);
  expect(r.body.result).toBe(true);
  const done = await waitForOrder(c, r.body.orderId);
  expect(done.domains[0].status).toBe('done');
  return Number(done.domains[0].domain_pk_id);
}

/** An HTTPS request to the forwarder as a browser makes it for `host` (SNI and Host), trusting Pebble's root only. */
function httpsGet(host: string, pathname = '/'): Promise<{ status: number; location?: string; serial: string; issuer: string }> {
  return new Promise((resolve, reject) => {
    const req = https.get({ host: '127.0.0.1', port: FORWARDER_HTTPS_PORT, path: pathname, servername: host, headers: { Host: host }, ca: root, agent: false }, (res) => {
      const cert = (res.socket as tls.TLSSocket).getPeerCertificate();
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location, serial: cert.serialNumber, issuer: String(cert.issuer?.CN ?? '') });
    });
    req.on('error', reject);
  });
}

describe('HTTPS certificates of forwarded hosts over ACME', () => {
  let member: Member;
  let name: string;
  let domainId: number;
  let key: string;
  let firstSerial: string;
  const api = () => request(p.h.url);
  const forwardOf = async (fqdn: string) => (await api().get(`/api/v1/domains/${name}/forwarding`).set('X-API-Key', key).expect(200)).body.url.find((u: { fqdn: string }) => u.fqdn === fqdn);

  it('a domain on our name servers, with API use on', async () => {
    member = await p.member(30_000);
    name = await freeName(epp, 'com', 'acme');
    domainId = await buy(member, name);
    await until(() => dig(name, 'SOA'), (a) => a.status === 'NOERROR' && a.answers.length === 1);
    key = (await member.agent.post('/mypage/user/api').set(xhr(member)).send({ isApiEnabled: 1, isIpRestriction: 0, apiAllowedIps: [] }).expect(200)).body.apiKey;
    expect(key).toBeTruthy();
  }, 180_000);

  it('a saved forward is 発行中, then the certificate is issued over ACME and the forwarder answers HTTPS with SNI', async () => {
    const fqdn = `www.${name}`;
    const r = await api().post(`/api/v1/domains/${name}/forwarding/url`).set('X-API-Key', key)
      .send({ host: 'www', target: 'https://shop.example.net/base/', status: 301, keep_path: true }).expect(200);
    // 発行中 as the call answers (unless the CA was already done by then: the job runs at once)
    const saved = r.body.url[0].certificate;
    if (saved.state !== 'valid') expect(saved).toEqual({ state: 'pending', not_after: null, reason: null });
    const issued = await until(() => forwardOf(fqdn), (u) => u.certificate.state !== 'pending', 90_000);
    expect(issued.certificate).toMatchObject({ state: 'valid', reason: null });
    // Pebble's certificates last a few years; the date is the certificate's own
    const notAfter = new Date(issued.certificate.not_after).getTime();
    expect(notAfter).toBeGreaterThan(Date.now() + 30 * 86_400_000);

    const res = await httpsGet(fqdn, '/item/7?x=1');
    expect(res.status).toBe(301);
    expect(res.location).toBe('https://shop.example.net/base/item/7?x=1');
    expect(res.issuer).toMatch(/Pebble/i);
    firstSerial = res.serial;

    // the keys are stored sealed, and no challenge is left behind
    const certRow = (await p.db.query('SELECT key_enc, cert_pem FROM dns.forward_certs WHERE fqdn = $1', [fqdn])).rows[0];
    expect(certRow.cert_pem).toContain('BEGIN CERTIFICATE');
    expect(certRow.key_enc).toMatch(/^v1\./);
    expect(certRow.key_enc).not.toContain('PRIVATE KEY');
    const account = (await p.db.query('SELECT key_enc, account_url FROM dns.acme_accounts')).rows;
    expect(account).toHaveLength(1);
    expect(account[0].key_enc).not.toContain('PRIVATE KEY');
    expect(account[0].account_url).toContain('127.0.0.1');
    expect((await p.db.query('SELECT count(*)::int AS n FROM dns.acme_challenges')).rows[0].n).toBe(0);
    // a name with no certificate: no handshake (there is nothing to show)
    await expect(httpsGet(`nothing.${name}`)).rejects.toThrow();
  }, 120_000);

  it('a certificate within 30 days of its end is renewed by the schedule, and every forwarder presents the new one', async () => {
    const fqdn = `www.${name}`;
    await p.db.query(`UPDATE dns.forward_certs SET not_after = now() + interval '10 days' WHERE fqdn = $1`, [fqdn]);
    const connection = { url: process.env.REDIS_URL };
    const queue = new Queue(QueueName.Dns, { connection });
    const events = new QueueEvents(QueueName.Dns, { connection });
    try {
      await events.waitUntilReady();
      const job = await queue.add(JobName.RenewForwardCerts, {});
      expect(await job.waitUntilFinished(events, 60_000)).toBe(1);
    } finally {
      await events.close();
      await queue.close();
    }
    await until(() => forwardOf(fqdn), (u) => new Date(u.certificate.not_after).getTime() > Date.now() + 30 * 86_400_000, 90_000);
    // the forwarder had the old certificate in memory (10-minute cache): the announcement dropped it
    const res = await until(() => httpsGet(fqdn), (x) => x.serial !== firstSerial, 10_000);
    expect(res.status).toBe(301);
  }, 120_000);

  it('two dns replicas asked for the same name at once: one job, one issuance', async () => {
    const fqdn = `api.${name}`;
    const second = await startService('dns', DnsServiceModule, process.env.REDIS_URL);
    const connection = { url: process.env.REDIS_URL };
    const events = new QueueEvents(QueueName.Dns, { connection });
    const outcomes: string[] = [];
    events.on('completed', ({ jobId, returnvalue }) => { if (jobId === `forward-cert-${fqdn}`) outcomes.push(String(returnvalue)); });
    try {
      await events.waitUntilReady();
      await api().post(`/api/v1/domains/${name}/forwarding/url`).set('X-API-Key', key)
        .send({ host: 'api', target: 'https://api.example.net/', status: 301, keep_path: false }).expect(200);
      // the save's own issuance, by whichever replica took the job
      await until(async () => outcomes.length, (n) => n >= 1, 90_000);
      expect(outcomes).toEqual(['issued']);
      // as after a failure the member mends: both replicas are asked at once
      await p.db.query(`UPDATE dns.forward_certs SET state = 'failed', reason = 'x' WHERE fqdn = $1`, [fqdn]);
      outcomes.length = 0;
      // the harness's services are catalog, orders, domain-ops, dns
      const replicas = [p.services[3], second].map((s) => s.get(ForwardCertService, { strict: false }));
      await Promise.all(replicas.map((c) => c.request(fqdn)));
      await until(async () => outcomes.length, (n) => n >= 1, 90_000);
      // and a third ask once it is issued finds the work done: no job
      await replicas[1].request(fqdn);
      expect((await forwardOf(fqdn)).certificate.state).toBe('valid');
      expect(outcomes).toEqual(['issued']);
    } finally {
      await events.close();
      await second.close();
    }
  }, 180_000);

  it('a validation the CA cannot make (the forwarder unreachable) shows 発行失敗 with the reason, and saving again issues it', async () => {
    const fqdn = `shop.${name}`;
    await forwarder!.close();
    forwarder = null;
    const r = await api().post(`/api/v1/domains/${name}/forwarding/url`).set('X-API-Key', key)
      .send({ host: 'shop', target: 'https://shop.example.net/', status: 302, keep_path: false }).expect(200);
    const id = r.body.url.find((u: { fqdn: string }) => u.fqdn === fqdn).id;
    const failed = await until(() => forwardOf(fqdn), (u) => u.certificate.state !== 'pending', 90_000);
    expect(failed.certificate.state).toBe('failed');
    expect(failed.certificate.reason).toContain(`${fqdn}の所有確認（HTTP-01）に失敗しました`);
    expect(failed.certificate.not_after).toBeNull();
    // the web screen's call shows the same
    const list = (await member.agent.get(`/mypage/domain/forwarding?id=${domainId}`).set(xhr(member)).expect(200)).body;
    expect(list.url.find((u: { fqdn: string }) => u.fqdn === fqdn).certificate.state).toBe('failed');

    await startForwarder();
    await api().put(`/api/v1/domains/${name}/forwarding/url/${id}`).set('X-API-Key', key)
      .send({ host: 'shop', target: 'https://shop.example.net/', status: 302, keep_path: false }).expect(200);
    const again = await until(() => forwardOf(fqdn), (u) => u.certificate.state !== 'pending' && u.certificate.state !== 'failed', 90_000);
    expect(again.certificate.state).toBe('valid');
    expect((await httpsGet(fqdn)).status).toBe(302);
  }, 240_000);

  it('the OpenAPI document describes the certificate of a URL forward', async () => {
    const doc = (await api().get('/api/v1/openapi.json').expect(200)).body;
    const schemas = doc.components.schemas;
    expect(JSON.stringify(schemas.UrlForwardApiDto.properties.certificate)).toContain('ForwardCertificateApiDto');
    expect(schemas.ForwardCertificateApiDto.properties.state.enum).toEqual(['pending', 'valid', 'failed']);
    expect(Object.keys(schemas.ForwardCertificateApiDto.properties).sort()).toEqual(['not_after', 'reason', 'state']);
  });

  it('a removed forward loses its certificate: the forwarder stops presenting it', async () => {
    const fqdn = `shop.${name}`;
    const { id } = await forwardOf(fqdn);
    await api().delete(`/api/v1/domains/${name}/forwarding/url/${id}`).set('X-API-Key', key).expect(200);
    expect((await p.db.query('SELECT count(*)::int AS n FROM dns.forward_certs WHERE fqdn = $1', [fqdn])).rows[0].n).toBe(0);
    await until(() => httpsGet(fqdn).then(() => 'answered', () => 'refused'), (x) => x === 'refused', 10_000);
  }, 60_000);
});
