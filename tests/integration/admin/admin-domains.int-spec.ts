/**
 * The admin domain list (002 §2, §7) through the real gateway and the member list's search service in its admin mode:
 * every member's domains (expired ones included), the member filter, the advanced conditions and their messages, the
 * name-server choices, the streamed CSV (with the member's id first), and the audit record of an export.
 */
import { insertPortfolio, portfolio } from '@registrar/domain-ops';
import { parseCsv } from '@registrar/csv';
import { M } from '@registrar/messages';
import { createAccount, signIn } from '../gateway/gateway-harness';
import { Member, PurchaseHarness, startPurchaseHarness, xhr } from '../purchase/purchase-harness';

jest.setTimeout(120_000);

let p: PurchaseHarness;
let alice: Member;
let bob: Member;
let superAdmin: Member;
let normal: Member;
const now = new Date();
const tag = `adm${Date.now().toString(36)}`;
const aliceSeed = portfolio(60, `${tag}a`, now, 3);
const bobSeed = portfolio(25, `${tag}b`, now, 5);
const q = (sql: string, params?: unknown[]) => p.db.query(sql, params).then((r) => r.rows);

beforeAll(async () => {
  p = await startPurchaseHarness();
  alice = await p.member();
  bob = await p.member();
  await insertPortfolio(q, alice.userId, aliceSeed, { now });
  await insertPortfolio(q, bob.userId, bobSeed, { now });
  const s = await createAccount(p.h, { adminRole: 1 });
  superAdmin = { ...(await signIn(p.h, s)), userId: s.user.id };
  const n = await createAccount(p.h, { adminRole: 2 });
  normal = { ...(await signIn(p.h, n)), userId: n.user.id };
}, 180_000);
afterAll(async () => p?.close(), 60_000);

const search = (c: Member, body: Record<string, unknown>) => c.agent.post('/admin/api/domains').set(xhr(c)).send(body);
const live = (seed: typeof aliceSeed) => seed.filter((d) => !d.trash);

describe('POST /admin/api/domains', () => {
  it('lists every member\'s domains, expired ones included, with the member\'s id on each row', async () => {
    const r = await search(normal, { key: tag, pagingNum: 200 }).expect(200);
    expect(r.body.result).toBe(true);
    const page = r.body.domains;
    expect(page.total).toBe(live(aliceSeed).length + live(bobSeed).length);
    const owners = new Set(page.data.map((d: any) => d.user_id));
    expect(owners).toEqual(new Set([alice.userId, bob.userId]));
    const expired = page.data.filter((d: any) => d.is_expired);
    expect(expired.length).toBe([...live(aliceSeed), ...live(bobSeed)].filter((d) => d.dueDate.getTime() < Date.parse(`${new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10)}T00:00:00+09:00`)).length);
    expect(page.data[0].influx_histories).toHaveLength(12);
    expect(page.data.some((d: any) => d.is_whois_processing_flg !== 0)).toBe(true);
  });

  it('narrows to one member, by status, lock, trash and due dates', async () => {
    const one = (await search(superAdmin, { key: tag, userId: String(bob.userId), pagingNum: 200 }).expect(200)).body.domains;
    expect(one.total).toBe(live(bobSeed).length);
    expect(one.data.every((d: any) => d.user_id === bob.userId)).toBe(true);
    const expired = (await search(normal, { key: tag, isStatus: '3' }).expect(200)).body.domains;
    expect(expired.total).toBeGreaterThan(0);
    expect(expired.data.every((d: any) => d.is_expired && d.domain_status === 3)).toBe(true);
    const locked = (await search(normal, { key: tag, isDomainLock: '1', pagingNum: 200 }).expect(200)).body.domains;
    expect(locked.total).toBe([...aliceSeed, ...bobSeed].filter((d) => d.lock).length); // an advanced field finds trashed ones too (001 §4)
    const trashed = (await search(normal, { key: tag, isTrash: '1' }).expect(200)).body.domains;
    expect(trashed.total).toBe([...aliceSeed, ...bobSeed].filter((d) => d.trash).length);
    const proxyOff = (await search(normal, { key: tag, isWhoisProxy: 'not_proxy_release', pagingNum: 200 }).expect(200)).body.domains;
    expect(proxyOff.data.every((d: any) => d.is_whois_proxy_enabled_flg === 0)).toBe(true);
  });

  it('answers the spec\'s messages for bad conditions (422), field by field', async () => {
    const bad = await search(normal, { userId: 'abc' }).expect(422);
    expect(bad.body.errors.userId).toEqual([M.userIdDigits]);
    const range = await search(normal, { dueDateStart: '2026-12-01', dueDateEnd: '2026-11-01' }).expect(422);
    expect(range.body.errors.condition).toEqual([M.expiryDateRange]);
    const field = await search(normal, { sort: 'nope' }).expect(422);
    expect(field.body.errors.condition[0]).toBe(`${M.badSearchCondition}並び順`);
  });

  it('is for admins only', async () => {
    expect((await search(alice, {})).status).toBe(403);
  });
});

describe('GET /admin/api/domains/search/condition', () => {
  it('offers the name servers in use across members', async () => {
    const r = await normal.agent.get('/admin/api/domains/search/condition').set(xhr(normal)).expect(200);
    const used = new Set([...aliceSeed, ...bobSeed].flatMap((d) => d.nameServers));
    expect(r.body.data.nameServers.length).toBeGreaterThan(0);
    for (const ns of used) expect(r.body.data.nameServers).toContain(ns);
  });
});

describe('POST /admin/domains/download', () => {
  const download = (c: Member, fields: Record<string, string>) => c.agent.post('/admin/domains/download').type('form').set({ Accept: 'text/csv' })
    .send({ _token: c.token(), ...fields }).buffer(true).parse((res, cb) => { const chunks: Buffer[] = []; res.on('data', (x: Buffer) => chunks.push(x)); res.on('end', () => cb(null, Buffer.concat(chunks))); });

  it('streams every match across members with the member\'s id first, and records the export', async () => {
    const r = await download(normal, { key: tag });
    expect(r.status).toBe(200);
    expect(r.headers['content-disposition']).toMatch(/attachment; filename="admin_domains_\d{8}\.csv"/);
    const body = r.body as Buffer;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(body.toString('utf8'));
    expect(rows[0]!.slice(0, 2)).toEqual(['ラッコID', 'ドメイン名']);
    expect(rows.length - 1).toBe(live(aliceSeed).length + live(bobSeed).length);
    expect(new Set(rows.slice(1).map((row) => Number(row[0])))).toEqual(new Set([alice.userId, bob.userId]));
    const audit = await superAdmin.agent.get('/admin/api/audit_log').query({ adminId: normal.userId, action: 'domains.download' }).set(xhr(superAdmin)).expect(200);
    expect(audit.body.auditLogs.total).toBe(1);
  });

  it('keeps the member\'s id first when one member is asked for (one layout for operators)', async () => {
    const rows = parseCsv(((await download(normal, { key: tag, userId: String(alice.userId) })).body as Buffer).toString('utf8'));
    expect(rows[0]!.slice(0, 2)).toEqual(['ラッコID', 'ドメイン名']);
    expect(rows.length - 1).toBe(live(aliceSeed).length);
    expect(rows.slice(1).every((row) => row[0] === String(alice.userId))).toBe(true);
  });

  it('refuses bad conditions with the message, and customers', async () => {
    const r = await download(normal, { userId: 'x1' });
    expect(r.status).toBe(422);
    expect((r.body as Buffer).toString('utf8')).toContain(M.userIdDigits);
    expect((await download(alice, { key: tag })).status).toBe(403);
  });
});
