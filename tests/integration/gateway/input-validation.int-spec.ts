/**
 * Issue 23, finding 9, through the real gateway with domain-ops and orders on the Redis transport: objects, NUL bytes
 * and huge numbers in search fields (bodies and queries, member and admin calls alike) answer 400 with a clear
 * Japanese message, never 5xx; the admin CSV export refuses bad conditions before its first byte.
 */
import 'reflect-metadata';
import { INestMicroservice } from '@nestjs/common';
import { startService } from '@registrar/infra';
import { DomainOpsServiceModule } from '@registrar/domain-ops';
import { OrdersServiceModule } from '@registrar/orders';
import { createAccount, Harness, signIn, startHarness } from './gateway-harness';

jest.setTimeout(180_000);

type Signed = Awaited<ReturnType<typeof signIn>>;
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** The reviewer's payloads: an object where text is expected, a NUL byte, numbers no column holds. */
const BAD_VALUES: Array<[string, unknown]> = [
  ['an object', { $gt: '' }],
  ['an array of objects', [{ a: 1 }]],
  ['a NUL byte', 'ab\u0000c'],
  ['a huge number', 1e308],
  ['a 30-digit number', 123456789012345678901234567890],
];

describe('input validation (issue 23, finding 9)', () => {
  let h: Harness;
  let services: INestMicroservice[] = [];
  let member: Signed;
  let admin: Signed;

  beforeAll(async () => {
    process.env.NODE_ENV = 'test';
    process.env.ORDERS_RECONCILE_EVERY_S = '0';
    services = [await startService('domain-ops', DomainOpsServiceModule, process.env.REDIS_URL), await startService('orders', OrdersServiceModule, process.env.REDIS_URL)];
    h = await startHarness();
    member = await signIn(h, await createAccount(h));
    admin = await signIn(h, await createAccount(h, { adminRole: 1 }));
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    for (const s of services) await s.close();
  });

  const bodyCalls: Array<[string, () => Signed, string, string[]]> = [
    ['member', () => member, '/mypage/domain/search', ['key', 'validDomainPage', 'pagingNum', 'obtainDateStart', 'isWhoisProxy']],
    ['member', () => member, '/mypage/domain/ids', ['key', 'validDomainPage']],
    ['admin', () => admin, '/admin/api/domains', ['key', 'validDomainPage', 'userId', 'nameServer']],
    ['admin', () => admin, '/admin/api/onamae_log', ['userId', 'domainName', 'dateFrom', 'page', 'actionType']],
    ['admin', () => admin, '/admin/api/action_log', ['userId', 'domainName', 'description', 'page']],
  ];
  for (const [who, as, path, fields] of bodyCalls) {
    for (const field of fields) {
      it.each(BAD_VALUES)(`${who} POST ${path} with ${field} = %s answers 400/422 with a Japanese message`, async (_what, value) => {
        const c = as();
        const r = await c.agent.post(path).set(XHR).set('X-CSRF-TOKEN', c.token()).send({ [field]: value });
        expect([path, field, r.status]).toEqual([path, field, expect.any(Number)]);
        expect([400, 422]).toContain(r.status);
        expect(JSON.stringify(r.body)).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      });
    }
  }

  // (the query parser reads `q[$ne]=1` as the text key "q[$ne]": no object can reach a handler through a query)
  const queryCalls: Array<[string, () => Signed, string]> = [
    ['member', () => member, '/mypage/actionLog/search?description=a%00b'],
    ['member', () => member, '/mypage/actionLog/search?page=1e308'],
    ['member', () => member, '/mypage/domain/ready/pending?ids=123456789012345678901234567890'],
    ['admin', () => admin, '/admin/api/users?q=a%00b'],
    ['admin', () => admin, '/admin/api/audit_log?action=%00&page=1'],
    ['admin', () => admin, '/admin/api/audit_log?page=123456789012345678901234567890'],
  ];
  it.each(queryCalls.map(([who, as, path]) => [`${who} GET ${path}`, as, path] as const))('%s answers 400 with a Japanese message', async (_title, as, path) => {
    const r = await as().agent.get(path).set(XHR);
    expect([path, r.status]).toEqual([path, 400]);
    expect(JSON.stringify(r.body)).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it('the admin CSV export refuses bad conditions before its first byte (never a file cut mid-stream)', async () => {
    for (const [, value] of BAD_VALUES) {
      const r = await admin.agent.post('/admin/domains/download').type('form').send({ _token: admin.token(), key: typeof value === 'string' ? value : JSON.stringify(value), validDomainPage: '1' });
      if (typeof value !== 'string') continue; // a form post carries text only
      expect(r.status).toBe(400);
      expect(r.headers['content-type']).not.toContain('text/csv');
    }
    const big = await admin.agent.post('/admin/domains/download').set(XHR).set('X-CSRF-TOKEN', admin.token()).send({ key: 'x', validDomainPage: 1e308 });
    expect([400, 422]).toContain(big.status);
    expect(big.headers['content-type']).not.toContain('text/csv');
  });
});
