/**
 * Bull Board at /admin/queues: super admins only (guests 401 or sent to login, customers and normal admins 403), every queue of QueueName
 * listed, the page never cached, and a state-changing call from another origin refused.
 */
import { QueueName } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { AdminAuditRepository } from '@registrar/identity';
import { createAccount, Harness, signIn, startHarness } from './gateway-harness';

jest.setTimeout(60_000);

describe('queue board', () => {
  let h: Harness;
  beforeAll(async () => { h = await startHarness(); }, 60_000);
  afterAll(async () => h?.close());

  it('is for super admins only and shows every queue', async () => {
    expect((await fetch(h.url + '/admin/queues/api/queues')).status).toBe(401);
    const page = await fetch(h.url + '/admin/queues', { headers: { Accept: 'text/html' }, redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/login?redirect=%2Fadmin%2Fqueues');
    const customer = await signIn(h, await createAccount(h));
    expect((await customer.agent.get('/admin/queues/api/queues')).status).toBe(403);

    // a normal admin (002 §6: domain management and the logs only) is refused, page and calls alike
    const normal = await signIn(h, await createAccount(h, { adminRole: 2 }));
    const normalApi = await normal.agent.get('/admin/queues/api/queues');
    expect(normalApi.status).toBe(403);
    expect(normalApi.text).toBe(M.forbidden);
    expect((await normal.agent.get('/admin/queues').set('Accept', 'text/html')).status).toBe(403);
    expect((await normal.agent.put(`/admin/queues/api/queues/${QueueName.Mail}/retry/failed`).set('Origin', h.url)).status).toBe(403);

    const admin = await signIn(h, await createAccount(h, { adminRole: 1 }));
    const api = await admin.agent.get('/admin/queues/api/queues');
    expect(api.status).toBe(200);
    expect(api.headers['cache-control']).toContain('no-store');
    expect(api.body.queues.map((q: { name: string }) => q.name).sort()).toEqual(Object.values(QueueName).sort());
    const html = await admin.agent.get('/admin/queues').set('Accept', 'text/html');
    expect(html.status).toBe(200);
    expect(html.text).toContain('ラッコドメイン キュー');

    const foreign = await admin.agent.put(`/admin/queues/api/queues/${QueueName.Mail}/retry/failed`).set('Origin', 'https://evil.example');
    expect(foreign.status).toBe(419);
    const same = await admin.agent.put(`/admin/queues/api/queues/${QueueName.Mail}/retry/failed`).set('Origin', h.url);
    expect(same.status).toBe(200);
  });

  it('is read-only but for retry and clean, and every change tried through it is audited (issue 23, finding 4)', async () => {
    const account = await createAccount(h, { adminRole: 1 });
    const admin = await signIn(h, account);
    const audits = h.app.get(AdminAuditRepository);
    const put = (path: string, body: object = {}) => admin.agent.put(`/admin/queues/api/queues/${QueueName.Mail}${path}`).set('Origin', h.url).send(body);
    const counts = async () => ((await admin.agent.get('/admin/queues/api/queues')).body.queues as Array<{ name: string; counts: Record<string, number> }>).find((q) => q.name === QueueName.Mail)!.counts;
    const before = await counts();
    // the reviewer's attack: a made-up job on the mail queue sends any text from the no-reply sender
    const add = await admin.agent.post(`/admin/queues/api/queues/${QueueName.Mail}/add`).set('Origin', h.url)
      .send({ name: 'send', data: { template: 'whois-mail.forward', to: 'victim@example.test' }, options: {} });
    expect(add.status).toBe(403);
    expect(add.text).toBe(M.queueBoardReadOnly);
    for (const path of ['/pause', '/empty', '/promote', '/some-job/update-data', '/some-job/promote']) expect([path, (await put(path)).status]).toEqual([path, 403]);
    expect((await admin.agent.delete(`/admin/queues/api/queues/${QueueName.Mail}/obliterate`).set('Origin', h.url)).status).toBe(403);
    expect(await counts()).toEqual(before);
    expect((await put('/retry/failed')).status).toBe(200);
    expect([200, 204]).toContain((await put('/clean/completed')).status);
    const adminId = account.user.id;
    const rows = (await audits.search({ adminId, action: 'queue-board', perPage: 50 })).data;
    expect(rows.filter((r) => r.action === 'queue-board.refused').length).toBeGreaterThanOrEqual(7);
    expect(rows.find((r) => r.action === 'queue-board.retry-all')).toMatchObject({ method: 'PUT', target: `${QueueName.Mail}/failed`, status: 200, adminId });
    expect(rows.find((r) => r.action === 'queue-board.clean-all')).toMatchObject({ target: `${QueueName.Mail}/completed` });
    expect(rows.find((r) => r.path.endsWith('/add'))).toMatchObject({ status: 403, method: 'POST' });
  });
});
