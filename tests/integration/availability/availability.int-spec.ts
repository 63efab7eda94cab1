/**
 * Availability end to end: dispatch over the real catalogue, checks as BullMQ jobs sending EPP domain:check to the
 * registry simulator over TLS, the "never show a just-registered domain as available" guarantee, registry faults,
 * the claim check, and the HTTP shapes of POST search/domain.
 */
import request from 'supertest';
import {
  AvailabilityPatterns, AvailabilityStatus, CheckResult, ClaimCheckResult, DispatchResult, JobName,
} from '@registrar/contracts';
import { M } from '@registrar/messages';
import { unavailableReasonOf } from '@registrar/rules';
import { client, freeName, REGISTRAR_B, simFaults } from '../epp/epp-harness';
import { AvailabilityHarness, startAvailabilityHarness } from './availability-harness';

const XHR = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };

let h: AvailabilityHarness;
const registry = client(REGISTRAR_B);

beforeAll(async () => {
  h = await startAvailabilityHarness();
}, 120_000);

afterAll(async () => {
  await simFaults.reset().catch(() => undefined);
  await registry.close();
  await h?.close();
});

const check = (names: string[]) => h.call<CheckResult>(AvailabilityPatterns.Check, { names });

describe('dispatch', () => {
  it('lists a keyword under every TLD of the catalogue, one row per TLD', async () => {
    const d = await h.call<DispatchResult>(AvailabilityPatterns.Dispatch, { keywords: ['Example.JP'], userId: 5 });
    expect(d).toMatchObject({ result: true, userId: 5, error_msg: [] });
    expect(d.tlds).toHaveLength(430);
    expect(new Set(d.tlds).size).toBe(430);
    expect(d.tlds[0]).toBe('jp');
    expect(d.tld_name).toContain('コム');
    expect(d.tlds).toContain('xn--tckwe');
    expect(d.checkable.every(Boolean)).toBe(true);
  });

  it('gives an IDN keyword its punycode and skips TLDs that take no Japanese labels', async () => {
    const d = await h.call<DispatchResult>(AvailabilityPatterns.Dispatch, { keywords: ['日本語'], userId: null });
    expect(d.punycode[0]).toBe('xn--wgv71a119e');
    expect(d.domain[0]).toBe('日本語');
    const checked = d.checkable.filter(Boolean).length;
    expect(checked).toBeGreaterThan(100);
    expect(checked).toBeLessThan(430);
  });

  it('answers the spec messages', async () => {
    const bulk = (keywords: string[]) => h.call<DispatchResult>(AvailabilityPatterns.Dispatch, { keywords, type: 2, userId: null });
    expect(await bulk([''])).toMatchObject({ result: false, error_msg: [M.enterDomainCorrectly] });
    expect(await bulk(['example'])).toMatchObject({ result: false, error_msg: [M.includeTld] });
    expect(await bulk(Array.from({ length: 501 }, (_, i) => `n${i}.com`))).toMatchObject({ result: false, error_msg: [M.bulkMax500] });
    expect((await bulk(Array.from({ length: 500 }, (_, i) => `n${i}.com`))).tlds).toHaveLength(500);
  });
});

describe('check', () => {
  it('checks 25 names of different registries in one job and answers each as the registry does', async () => {
    const tlds = ['com', 'net', 'org', 'jp', 'co.jp', 'ne.jp', 'cn', 'tw', 'kr', 'de', 'fr', 'io', 'ai', 'xyz', 'tokyo', 'shop', 'info', 'biz', 'me', 'tv', 'cc', 'us', 'uk', 'xn--tckwe', 'online'];
    const label = `int-${Date.now().toString(36)}`;
    const names = tlds.map((t) => `${label}.${t}`);
    const res = await check(names);
    expect(res.success).toBe(true);
    expect(res.jobId).toMatch(/^check-/);
    const direct = await registry.checkBatch(names, undefined, 10);
    const expected = new Map(direct.map((d) => [d.name.toLowerCase(), d.avail ? AvailabilityStatus.Available : AvailabilityStatus.Unavailable]));
    expect(res.results.tlds.map((t) => [t.domain, t.status])).toEqual(names.map((n) => [n, expected.get(n)]));
    // every unavailable name carries the reason of the registry's answer, in our words
    const reasons = new Map(direct.map((d) => [d.name.toLowerCase(), d.reason]));
    for (const t of res.results.tlds.filter((x) => x.status === AvailabilityStatus.Unavailable)) expect(t.reason).toBe(unavailableReasonOf(reasons.get(t.domain)));

    const job = await h.queue.bullQueue.getJob(res.jobId!);
    expect(job?.name).toBe(JobName.CheckAvailability);
    expect(await job?.getState()).toBe('completed');
  });

  it('never shows a domain registered a moment ago as available', async () => {
    const name = await freeName(registry, 'com', 'avail');
    expect((await check([name])).results.tlds[0].status).toBe(AvailabilityStatus.Available);
    await registry.create({ name, authInfo: 'Avail-Auth-1' });
    const taken = (await check([name])).results.tlds[0];
    expect(taken.status).toBe(AvailabilityStatus.Unavailable);
    expect(taken.reason).toBe('taken'); // the search result says why (取得済み)
    // the claim check agrees
    const claim = await h.call<ClaimCheckResult>(AvailabilityPatterns.ClaimCheck, { domainNames: [name, `free-${Date.now().toString(36)}x.com`] });
    expect(claim.success).toBe(true);
    expect(claim.results.unavailableDomains).toContain(name);
  });

  it('reports a registry fault as an error with the spec message', async () => {
    await simFaults.set({ failShare: 1 });
    try {
      const res = await check([`fault-${Date.now().toString(36)}.com`, `fault-${Date.now().toString(36)}.jp`]);
      expect(res.success).toBe(false);
      expect(res.error_msg).toEqual([M.retryLater]);
      expect(res.results.tlds.every((t) => t.status === AvailabilityStatus.Error)).toBe(true);
    } finally {
      await simFaults.reset();
    }
    expect((await check([`after-${Date.now().toString(36)}.com`])).success).toBe(true);
  });
});

describe('POST search/domain', () => {
  it('answers results.tlds[] {tld, status} for domainName + tlds', async () => {
    const label = `http-${Date.now().toString(36)}`;
    const res = await request(h.url).post('/search/domain').set(XHR).send({ domainName: label, tlds: ['com', 'jp', 'xn--tckwe'] });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.results.tlds.map((t: { tld: string }) => t.tld)).toEqual(['com', 'jp', 'xn--tckwe']);
    expect(res.body.results.tlds.every((t: { status: number }) => t.status === 1 || t.status === 2)).toBe(true);
  });

  it('takes an IDN label and full bulk names', async () => {
    const res = await request(h.url).post('/search/domain').set(XHR).send({ domainName: '日本語テスト', tlds: ['jp'] });
    expect(res.body.results.tlds[0]).toMatchObject({ tld: 'jp', domain: 'xn--zckzah9945czlbtz6h.jp' });
    const bulk = await request(h.url).post('/search/domain').set(XHR).send({ domainNames: ['a-bulk-name.com', 'b-bulk-name.net'] });
    expect(bulk.body.results.tlds.map((t: { domain: string }) => t.domain)).toEqual(['a-bulk-name.com', 'b-bulk-name.net']);
  });

  it('POST search/domain/check/claim answers results.unavailableDomains[]', async () => {
    const name = await freeName(registry, 'net', 'claim');
    await registry.create({ name, authInfo: 'Claim-Auth-1' });
    const res = await request(h.url).post('/search/domain/check/claim').set(XHR).send({ domainNames: [name, `free-${Date.now().toString(36)}y.org`] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, results: { unavailableDomains: expect.arrayContaining([name]) } });
  });

  it('refuses more than 25 TLDs a request', async () => {
    const tlds = Array.from({ length: 26 }, (_, i) => `t${i}`);
    const res = await request(h.url).post('/search/domain').set(XHR).send({ domainName: 'x', tlds });
    expect(res.status).toBe(400);
  });
});
