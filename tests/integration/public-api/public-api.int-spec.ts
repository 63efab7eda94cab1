/**
 * The public API v1 through the real gateway, services and registry simulator (docs/public-api.md): keys made on the
 * API settings page, a wrong / missing / rotated key, the IP allow-list (direct and behind a trusted proxy), API use
 * off, the per-key rate limit under parallel calls, and real operations: a registration paid with points, a
 * name-server change landing at the registry, lock, AUTHCODE, DNS records, renewal, each polled as a job; another
 * member's domains and jobs are never reached.
 */
import { INestMicroservice } from '@nestjs/common';
import request from 'supertest';
import { AvailabilityServiceModule } from '@registrar/availability';
import { CampaignReserveResult, CatalogPatterns, DomainOpsPatterns, EstimateItem } from '@registrar/contracts';
import { DomainOpsClient } from '../../../libs/gateway/src/purchase/domain-ops.client';
import { BullRpcClient, rpc, startService } from '@registrar/infra';
import { API_MESSAGES, fmt, M } from '@registrar/messages';
import { registrationTotal } from '@registrar/rules';
import { freeName } from '../epp/epp-harness';
import { OpsHarness, startOpsHarness } from '../operations/operations-harness';
import { Member, xhr } from '../purchase/purchase-harness';

const RATE_LIMIT = 300;
let o: OpsHarness;
let availability: INestMicroservice;
let url: string;
/** the test's own request client (campaign slots held and given back as other orders of the member would) */
let catalog: BullRpcClient;
beforeAll(async () => {
  // a long window, so the burst below is counted in one window however slow the machine is
  Object.assign(process.env, { API_RATE_LIMIT: String(RATE_LIMIT), API_RATE_WINDOW_S: '3600', API_AUTH_FAILURE_LIMIT: '1000' });
  o = await startOpsHarness();
  // the search's availability checks (the purchase harness runs the other services)
  availability = await startService('availability', AvailabilityServiceModule, process.env.REDIS_URL);
  url = o.w.p.h.url;
  catalog = new BullRpcClient(process.env.REDIS_URL!);
  // counters of earlier runs against the same Redis (user ids start again with a fresh schema)
  const stale = await o.w.p.h.redis.keys('api:v1:*');
  if (stale.length) await o.w.p.h.redis.del(...stale);
}, 180_000);
afterAll(async () => {
  await catalog?.close();
  await availability?.close();
  await o?.close();
}, 60_000);

const api = () => request(url);
const saveApi = (c: Member, body: Record<string, unknown>) => c.agent.post('/mypage/user/api').set(xhr(c)).send(body).expect(200);

/** A member with API use on (10,000 RP meets the gate) and the key shown once on the settings page. */
async function apiMember(points = 20_000): Promise<{ m: Member; key: string }> {
  const m = await o.w.p.member(points);
  const r = await saveApi(m, { isApiEnabled: 1, isIpRestriction: 0, apiAllowedIps: [] });
  expect(r.body).toMatchObject({ status: 1, errors: [] });
  return { m, key: r.body.apiKey as string };
}

/** Polls GET /api/v1/jobs/{id} until the job has finished, as a client does. */
async function waitJob(key: string, id: string, timeoutMs = 120_000): Promise<any> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = await api().get(`/api/v1/jobs/${id}`).set('X-API-Key', key);
    if (r.status !== 200) throw new Error(`job ${id}: ${r.status} ${JSON.stringify(r.body)}`);
    if (r.body.status === 'finished') return r.body;
    if (Date.now() > end) throw new Error(`job ${id} not finished: ${JSON.stringify(r.body)}`);
    await new Promise((res) => setTimeout(res, 300));
  }
}

describe('public API v1: keys, IPs, limits', () => {
  it('serves its OpenAPI document without a key, with every endpoint and a curl example each', async () => {
    const r = await api().get('/api/v1/openapi.json').expect(200);
    expect(r.headers['content-type']).toMatch(/application\/json/);
    const doc = r.body;
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes.ApiKey).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }));
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/v1/availability', '/api/v1/dns/templates', '/api/v1/domains', '/api/v1/domains/{domain}', '/api/v1/domains/{domain}/authcode',
      '/api/v1/domains/{domain}/auto-renew', '/api/v1/domains/{domain}/dns', '/api/v1/domains/{domain}/dns/templates/{template}',
      '/api/v1/domains/{domain}/dns/templates/{template}/preview', '/api/v1/domains/{domain}/dnssec', '/api/v1/domains/{domain}/dnssec/ds',
      '/api/v1/domains/{domain}/dnssec/rollover', '/api/v1/domains/{domain}/forwarding', '/api/v1/domains/{domain}/forwarding/mail',
      '/api/v1/domains/{domain}/forwarding/mail/{id}', '/api/v1/domains/{domain}/forwarding/url', '/api/v1/domains/{domain}/forwarding/url/{id}',
      '/api/v1/domains/{domain}/lock', '/api/v1/domains/{domain}/nameservers', '/api/v1/domains/{domain}/renew', '/api/v1/domains/{domain}/zone',
      '/api/v1/domains/{domain}/zone/preview', '/api/v1/jobs/{id}', '/api/v1/prices',
    ]);
    const ns = doc.paths['/api/v1/domains/{domain}/nameservers'].put;
    expect(ns.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/NameServersBodyDto');
    expect(ns['x-codeSamples'][0].source).toBe([
      `curl -X PUT '${url}/api/v1/domains/example-shop.com/nameservers'`,
      '  -H "X-API-Key: $RAKKO_API_KEY"',
      "  -H 'Content-Type: application/json'",
      `  -d '{"nameservers":[{"name":"ns1.example.net"},{"name":"ns2.example.net"}]}'`,
    ].join(' \\\n'));
    // 転送設定 (docs/forwarding.md): a curl example with the body's example
    expect(doc.paths['/api/v1/domains/{domain}/forwarding/url'].post['x-codeSamples'][0].source).toContain(`-d '{"host":"www","target":"https://shop.example.net/","status":301,"keep_path":true}'`);
    expect(doc.paths['/api/v1/domains/{domain}/forwarding/url/{id}'].delete['x-codeSamples'][0].source).toMatch(/^curl -X DELETE '.*\/api\/v1\/domains\/example-shop\.com\/forwarding\/url\/12'/);
    expect(doc.components.schemas.ApiErrorCode.enum).toEqual(expect.arrayContaining(['INVALID_API_KEY', 'IP_NOT_ALLOWED', 'RATE_LIMITED']));
  });

  it('refuses a missing, wrong or replaced key with a JSON error code; a valid key lists only my domains', async () => {
    const { m, key } = await apiMember();
    const other = await o.w.p.member();
    const [mine] = await o.seed(m, 1);
    const [theirs] = await o.seed(other, 1);

    const missing = await api().get('/api/v1/domains').expect(401);
    expect(missing.body).toEqual({ error: { code: 'MISSING_API_KEY', message: API_MESSAGES.apiKeyMissing } });
    const wrong = await api().get('/api/v1/domains').set('X-API-Key', `${key.slice(0, -2)}zz`).expect(401);
    expect(wrong.body).toEqual({ error: { code: 'INVALID_API_KEY', message: API_MESSAGES.apiKeyInvalid } });
    // no session cookie is ever made for an API call
    expect(missing.headers['set-cookie']).toBeUndefined();

    const ok = await api().get('/api/v1/domains').set('X-API-Key', key).expect(200);
    expect(ok.body.domains.map((d: { name: string }) => d.name)).toEqual([mine.name]);
    expect(ok.body).toMatchObject({ page: 1, total: 1 });
    expect(ok.headers['x-ratelimit-limit']).toBe(String(RATE_LIMIT));
    expect(Number(ok.headers['x-ratelimit-remaining'])).toBeLessThan(RATE_LIMIT);
    expect((await api().get(`/api/v1/domains/${mine.name}`).set('X-API-Key', key).expect(200)).body).toMatchObject({ id: mine.id, name: mine.name, lock: false });
    // another member's domain does not exist for me, whatever the call
    expect((await api().get(`/api/v1/domains/${theirs.name}`).set('X-API-Key', key).expect(404)).body.error.code).toBe('NOT_FOUND');
    const steal = await api().put(`/api/v1/domains/${theirs.name}/nameservers`).set('X-API-Key', key).send({ nameservers: [{ name: 'ns1.evil.example' }, { name: 'ns2.evil.example' }] }).expect(404);
    expect(steal.body.error).toEqual({ code: 'NOT_FOUND', message: API_MESSAGES.apiDomainNotFound });
    expect((await o.epp.info(theirs.name)).ns.sort()).toEqual(['ns1.example.net', 'ns2.example.net']);
    // an unknown path under /api/v1 is a JSON error too
    expect((await api().get('/api/v1/nothing-here').set('X-API-Key', key).expect(404)).body.error.code).toBe('NOT_FOUND');

    // a new key replaces the old one at once
    const rotated = (await m.agent.post('/mypage/user/api/key').set(xhr(m)).expect(200)).body.apiKey as string;
    expect((await api().get('/api/v1/domains').set('X-API-Key', key).expect(401)).body.error.code).toBe('INVALID_API_KEY');
    await api().get('/api/v1/domains').set('X-API-Key', rotated).expect(200);
    // API use turned off: the key stops working
    await saveApi(m, { isApiEnabled: 0, isIpRestriction: 0, apiAllowedIps: [] });
    expect((await api().get('/api/v1/domains').set('X-API-Key', rotated).expect(403)).body).toEqual({ error: { code: 'API_DISABLED', message: API_MESSAGES.apiDisabled } });
  }, 120_000);

  it('answers only from allowed addresses when the IP restriction is on', async () => {
    const { m, key } = await apiMember();
    await saveApi(m, { isApiEnabled: 1, isIpRestriction: 1, apiAllowedIps: ['203.0.113.0/24'] });
    // this test's own address (loopback) is not on the list
    const blocked = await api().get('/api/v1/domains').set('X-API-Key', key).expect(403);
    expect(blocked.body).toEqual({ error: { code: 'IP_NOT_ALLOWED', message: API_MESSAGES.apiIpNotAllowed } });
    // behind the trusted proxy (loopback), the client's address is the forwarded one
    await api().get('/api/v1/domains').set('X-API-Key', key).set('X-Forwarded-For', '203.0.113.9').expect(200);
    expect((await api().get('/api/v1/domains').set('X-API-Key', key).set('X-Forwarded-For', '198.51.100.7').expect(403)).body.error.code).toBe('IP_NOT_ALLOWED');
    await saveApi(m, { isApiEnabled: 1, isIpRestriction: 1, apiAllowedIps: ['127.0.0.1', '::1'] });
    await api().get('/api/v1/domains').set('X-API-Key', key).expect(200);
  }, 60_000);

  it('counts every call of a key atomically: a parallel burst past the limit gets exactly the excess refused with 429', async () => {
    const { key } = await apiMember();
    const extra = 7;
    // a cheap authenticated call: an unknown job id is answered 404 after the key and the limit are checked
    const answers = await Promise.all(Array.from({ length: RATE_LIMIT + extra }, () => api().get('/api/v1/jobs/op_unknown').set('X-API-Key', key)));
    const limited = answers.filter((r) => r.status === 429);
    expect(answers.filter((r) => r.status === 404)).toHaveLength(RATE_LIMIT);
    expect(limited).toHaveLength(extra);
    expect(limited[0].body).toEqual({ error: { code: 'RATE_LIMITED', message: API_MESSAGES.apiRateLimited } });
    expect(Number(limited[0].headers['retry-after'])).toBeGreaterThan(0);
    expect(limited[0].headers['x-ratelimit-remaining']).toBe('0');
    // another member's key has its own count
    const second = await apiMember();
    await api().get('/api/v1/domains').set('X-API-Key', second.key).expect(200);
  }, 120_000);
});

describe('public API v1: real operations through the web app\'s services', () => {
  it('checks availability and prices, registers a domain with points and polls the job until the registry has it', async () => {
    const { m, key } = await apiMember(20_000);
    const name = await freeName(o.epp, 'com', 'api');
    const avail = await api().get(`/api/v1/availability?domains=${name}`).set('X-API-Key', key).expect(200);
    expect(avail.body).toEqual({ results: [{ domain: name, status: 'available' }] });
    const bad = await api().get('/api/v1/availability?domains=not a domain').set('X-API-Key', key).expect(400);
    expect(bad.body.error).toMatchObject({ code: 'VALIDATION_FAILED', message: M.enterDomainCorrectly });
    const price = (await api().get('/api/v1/prices?tld=com').set('X-API-Key', key).expect(200)).body.prices;
    expect(price).toEqual([expect.objectContaining({ tld: 'com', minimum_years: 1 })]);
    const before = await o.w.p.balance(m.userId);

    const started = await api().post('/api/v1/domains').set('X-API-Key', key).send({ domains: [{ name, years: 1 }], idempotency_key: `t-${name}` }).expect(202);
    expect(started.body.job).toMatchObject({ type: 'register', status: 'running', url: `/api/v1/jobs/${started.body.job.id}` });
    expect(started.body.job.id).toMatch(/^reg_[0-9a-f-]{36}$/);
    const done = await waitJob(key, started.body.job.id);
    expect(done.items).toEqual([expect.objectContaining({ domain: name, status: 'success' })]);
    // the same idempotency key answers the same order and charges nothing more
    const again = await api().post('/api/v1/domains').set('X-API-Key', key).send({ domains: [{ name, years: 1 }], idempotency_key: `t-${name}` }).expect(202);
    expect(again.body.job.id).toBe(started.body.job.id);

    const est = (await m.agent.get(`/mypage/domain/price/estimate/campaign?domainNames[]=${name}`).set(xhr(m)).expect(200)).body[0];
    expect(await o.w.p.balance(m.userId)).toBe(before - est.registerPrice);
    expect((await o.epp.info(name)).clID).toBe('rakko');
    const mine = (await api().get(`/api/v1/domains/${name}`).set('X-API-Key', key).expect(200)).body;
    expect(mine).toMatchObject({ name, status: 'active', whois_proxy: true });
    // another member cannot read my job
    const other = await apiMember();
    expect((await api().get(`/api/v1/jobs/${started.body.job.id}`).set('X-API-Key', other.key).expect(404)).body.error).toEqual({ code: 'NOT_FOUND', message: API_MESSAGES.apiJobNotFound });
    // not enough points: refused with the purchase's own message, nothing charged
    const poor = await apiMember(10_000);
    const name2 = await freeName(o.epp, 'com', 'api');
    const spend = await o.w.p.balance(poor.m.userId);
    const expensive = Array.from({ length: 20 }, (_, i) => ({ name: name2.replace('.com', `-${i}.com`), years: 10 }));
    const refused = await api().post('/api/v1/domains').set('X-API-Key', poor.key).send({ domains: expensive }).expect(422);
    expect(refused.body.error).toMatchObject({ code: 'REJECTED', message: M.pointsInsufficient });
    expect(await o.w.p.balance(poor.m.userId)).toBe(spend);
  }, 180_000);

  it('a registration whose price moves between the API\'s own quote and its order (a campaign slot given back meanwhile) is quoted again and ordered at the new price', async () => {
    const { m, key } = await apiMember(20_000);
    const name = await freeName(o.epp, 'com', 'api');
    // the member's five campaign slots of the month held (by orders of theirs still being given up, as after a fault)
    const holds = Array.from({ length: 5 }, (_, i) => `api-test-hold:${m.userId}:${i}`);
    for (const k of holds) expect((await rpc<CampaignReserveResult>(catalog, CatalogPatterns.CampaignReserve, { userId: m.userId, key: k }, 20_000)).reserved).toBe(true);
    // one slot is given back right after the API's quote, before its order reaches domain-ops
    const client = o.w.p.h.app.get(DomainOpsClient);
    const quotes: EstimateItem[][] = [];
    const original = client.call.bind(client);
    const spy = jest.spyOn(client, 'call').mockImplementation(async <T,>(pattern: Parameters<DomainOpsClient['call']>[0], payload: unknown, timeoutMs?: number): Promise<T> => {
      const answer = await original<T>(pattern, payload, timeoutMs);
      if (pattern === DomainOpsPatterns.Estimate && (payload as { userId: number }).userId === m.userId) {
        quotes.push(answer as EstimateItem[]);
        if (quotes.length === 1) expect(await rpc<boolean>(catalog, CatalogPatterns.CampaignRelease, { key: holds[0] }, 20_000)).toBeTruthy();
      }
      return answer;
    });
    let started: request.Response;
    try {
      started = await api().post('/api/v1/domains').set('X-API-Key', key).send({ domains: [{ name, years: 1 }], idempotency_key: `moved-${name}` });
    } finally {
      spy.mockRestore();
    }
    expect([started.status, started.body.error]).toEqual([202, undefined]);
    // the first quote had no campaign slot left, the second had the one given back: the order is at the campaign price
    expect(quotes.map((q) => q[0]!.isCampaign)).toEqual([false, true]);
    expect((await waitJob(key, started.body.job.id)).items).toEqual([expect.objectContaining({ domain: name, status: 'success' })]);
    const [item] = (await o.w.p.db.query('SELECT point, is_campaign FROM domain_ops.registration_order_items WHERE punycode = $1', [name])).rows;
    expect(item).toEqual({ point: registrationTotal(quotes[1]![0]!.registerPrice, quotes[1]![0]!.renewPrice, 1), is_campaign: true });
    for (const k of holds.slice(1)) await rpc(catalog, CatalogPatterns.CampaignRelease, { key: k }, 20_000);
  }, 180_000);

  it('a registration whose price rises between the API\'s own quote and its order (the member\'s last campaign slot taken meanwhile) is refused as before, never ordered at the full price unasked', async () => {
    const { m, key } = await apiMember(20_000);
    const name = await freeName(o.epp, 'com', 'api');
    // right after the API's first quote (a campaign slot free), another order of the member's takes all five slots
    const holds = Array.from({ length: 5 }, (_, i) => `api-test-rise:${m.userId}:${i}`);
    const client = o.w.p.h.app.get(DomainOpsClient);
    const quotes: EstimateItem[][] = [];
    const original = client.call.bind(client);
    const spy = jest.spyOn(client, 'call').mockImplementation(async <T,>(pattern: Parameters<DomainOpsClient['call']>[0], payload: unknown, timeoutMs?: number): Promise<T> => {
      const answer = await original<T>(pattern, payload, timeoutMs);
      if (pattern === DomainOpsPatterns.Estimate && (payload as { userId: number }).userId === m.userId) {
        quotes.push(answer as EstimateItem[]);
        if (quotes.length === 1) for (const k of holds) expect((await rpc<CampaignReserveResult>(catalog, CatalogPatterns.CampaignReserve, { userId: m.userId, key: k }, 20_000)).reserved).toBe(true);
      }
      return answer;
    });
    let started: request.Response;
    try {
      started = await api().post('/api/v1/domains').set('X-API-Key', key).send({ domains: [{ name, years: 1 }], idempotency_key: `rise-${name}` });
    } finally {
      spy.mockRestore();
    }
    for (const k of holds) await rpc(catalog, CatalogPatterns.CampaignRelease, { key: k }, 20_000);
    // the first quote was at the campaign price; the price moved up: refused as the order refuses it, nothing charged
    expect(quotes[0]![0]!.isCampaign).toBe(true);
    expect([started.status, started.body.error?.code, started.body.error?.message]).toEqual([422, 'REJECTED', fmt(M.priceChanged, { domain: name })]);
    expect((await o.w.p.db.query('SELECT count(*)::int AS n FROM domain_ops.registration_order_items WHERE punycode = $1', [name])).rows[0].n).toBe(0);
    expect(await o.w.p.balance(m.userId)).toBe(20_000);
  }, 180_000);

  it('changes name servers at the registry, locks, issues an AUTHCODE, saves DNS records and renews, each as the web app does', async () => {
    const { m, key } = await apiMember(20_000);
    const [d] = await o.seed(m, 1);

    const ns = await api().put(`/api/v1/domains/${d.name}/nameservers`).set('X-API-Key', key).send({ nameservers: [{ name: 'NS1.Example.ORG' }, { name: 'ns2.example.org' }] }).expect(202);
    expect(ns.body.job).toMatchObject({ type: 'nameservers', items: [expect.objectContaining({ domain: d.name, status: 'queued' })] });
    expect((await waitJob(key, ns.body.job.id)).items).toEqual([expect.objectContaining({ domain: d.name, status: 'success', message: M.nsUpdated })]);
    expect((await o.epp.info(d.name)).ns.sort()).toEqual(['ns1.example.org', 'ns2.example.org']);
    expect((await api().get(`/api/v1/domains/${d.name}`).set('X-API-Key', key).expect(200)).body.name_servers).toEqual(['ns1.example.org', 'ns2.example.org']);
    // the modal's rules, with its messages
    const one = await api().put(`/api/v1/domains/${d.name}/nameservers`).set('X-API-Key', key).send({ nameservers: [{ name: 'ns1.example.org' }] }).expect(422);
    expect(one.body.error).toMatchObject({ code: 'REJECTED', message: M.nsAtLeastTwo });

    // AUTHCODE (unlocked, no proxy): given once, in the finished job
    const ac = await api().post(`/api/v1/domains/${d.name}/authcode`).set('X-API-Key', key).expect(202);
    const acDone = await waitJob(key, ac.body.job.id);
    expect(acDone.items[0]).toMatchObject({ status: 'success' });
    const code = acDone.items[0].authcode;
    expect(code).toEqual(expect.any(String));
    expect((await o.epp.info(d.name)).authInfo).toBe(code);
    expect((await api().get(`/api/v1/jobs/${ac.body.job.id}`).set('X-API-Key', key).expect(200)).body.items[0].authcode).toBeUndefined();

    const lock = await api().put(`/api/v1/domains/${d.name}/lock`).set('X-API-Key', key).send({ enabled: true }).expect(202);
    expect((await waitJob(key, lock.body.job.id)).items[0]).toMatchObject({ status: 'success', message: M.lockOn });
    expect((await o.epp.info(d.name)).statuses).toEqual(expect.arrayContaining(['clientTransferProhibited', 'clientDeleteProhibited']));
    expect((await api().put(`/api/v1/domains/${d.name}/lock`).set('X-API-Key', key).send({ enabled: 'yes' }).expect(400)).body.error.code).toBe('VALIDATION_FAILED');

    // auto-renew ON needs a card (the web app's errorCode 100 rule)
    const ar = await api().put(`/api/v1/domains/${d.name}/auto-renew`).set('X-API-Key', key).send({ enabled: true }).expect(422);
    expect(ar.body.error.code).toBe('REJECTED');

    // DNS records: saved through the DNS modal's rules, read back
    const dns = await api().put(`/api/v1/domains/${d.name}/dns`).set('X-API-Key', key).send({ records: [{ host: 'www', type: 'A', ttl: 3600, value: '192.0.2.10' }] }).expect(200);
    expect(dns.body.records.filter((r: { fixed: boolean }) => !r.fixed)).toEqual([expect.objectContaining({ host: 'www', type: 'A', ttl: 3600, value: '192.0.2.10' })]);
    const badDns = await api().put(`/api/v1/domains/${d.name}/dns`).set('X-API-Key', key).send({ records: [{ host: 'www', type: 'A', ttl: 3600, value: 'not-an-ip' }] }).expect(422);
    expect(badDns.body.error.code).toBe('REJECTED');
    expect((await api().get(`/api/v1/domains/${d.name}/dns`).set('X-API-Key', key).expect(200)).body.records.filter((r: { fixed: boolean }) => !r.fixed)).toHaveLength(1);

    // renewal with points: one more year at the registry
    const exBefore = (await o.epp.info(d.name)).exDate;
    const points = await o.w.p.balance(m.userId);
    const rn = await api().post(`/api/v1/domains/${d.name}/renew`).set('X-API-Key', key).send({ years: 1 }).expect(202);
    expect(rn.body.job.id).toMatch(/^ren_/);
    expect((await waitJob(key, rn.body.job.id)).items[0]).toMatchObject({ domain: d.name, status: 'success' });
    const exAfter = (await o.epp.info(d.name)).exDate;
    expect(new Date(exAfter!).getUTCFullYear()).toBe(new Date(exBefore!).getUTCFullYear() + 1);
    expect(await o.w.p.balance(m.userId)).toBeLessThan(points);
  }, 180_000);
});
