/**
 * The admin area's guarantees at the HTTP edge: every admin action is in the audit log (who, what, on what, before and
 * after, failures too), the log is for super admins only, and nothing under /admin may be cached.
 */
import { createAccount, Harness, signIn, startHarness } from './gateway-harness';

jest.setTimeout(60_000);
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

describe('admin audit log and caching', () => {
  let h: Harness;
  beforeAll(async () => { h = await startHarness(); }, 60_000);
  afterAll(async () => h?.close());

  it('records a super admin changing a role with before/after, and a refused call with its status', async () => {
    const superAcct = await createAccount(h, { adminRole: 1 });
    const s = await signIn(h, superAcct);
    const member = await createAccount(h);
    const ok = await s.agent.post(`/admin/api/users/${member.user.id}/admin-role`).set(XHR).set('X-CSRF-TOKEN', s.token()).send({ admin_role: 2 });
    expect(ok.status).toBe(200);
    const bad = await s.agent.post(`/admin/api/users/${member.user.id}/admin-role`).set(XHR).set('X-CSRF-TOKEN', s.token()).send({ admin_role: 7 });
    expect(bad.status).toBe(400);

    const log = await s.agent.get('/admin/api/audit_log').query({ adminId: superAcct.user.id }).set(XHR);
    expect(log.status).toBe(200);
    const rows = log.body.auditLogs.data as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(2);
    const [refused, granted] = rows; // newest first
    expect(granted).toMatchObject({ admin_id: superAcct.user.id, admin_role: 1, action: 'user.admin-role', method: 'POST', target: String(member.user.id), before: { admin_role: null }, after: { admin_role: 2 }, status: 200 });
    expect(granted!.path).toBe(`/admin/api/users/${member.user.id}/admin-role`);
    expect(refused).toMatchObject({ action: 'user.admin-role', status: 400, after: null });
  });

  it('masks secrets in what it records', async () => {
    const { maskSecrets } = await import('@registrar/identity');
    expect(maskSecrets({ password: 'x', nested: { authInfo: 'y', name: 'a.com' }, lines: 'domain:name=a.com\nauthInfo=secret1' })).toEqual({ password: '***', nested: { authInfo: '***', name: 'a.com' }, lines: 'domain:name=a.com\nauthInfo=***' });
  });

  it('refuses the audit log to normal admins', async () => {
    const n = await signIn(h, await createAccount(h, { adminRole: 2 }));
    const r = await n.agent.get('/admin/api/audit_log').set(XHR);
    expect(r.status).toBe(403);
  });

  it('marks every admin answer no-store (calls, refusals and pages), other pages stay revalidated', async () => {
    const n = await signIn(h, await createAccount(h, { adminRole: 2 }));
    const call = await n.agent.get('/admin/api/users/100001').set(XHR);
    expect(call.headers['cache-control']).toContain('no-store');
    const refused = await fetch(h.url + '/admin/api/audit_log', { headers: XHR });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toContain('no-store');
    const other = await fetch(h.url + '/session', { headers: XHR });
    expect(other.headers.get('cache-control') ?? '').not.toContain('no-store');
  });
});
