/**
 * The member's domain list through the real gateway and domain-ops service (001 spec §2, §3, §5, §7): search with
 * every filter, sort and page, the spec's error messages, select-all-pages (ids without rows, the 1000 limit),
 * refresh of rows, another member's ids giving nothing, the CSV export (BOM, formula injection), banner counts,
 * the sidebar count, the detail view and the action history.
 */
import { insertPortfolio, portfolio } from '@registrar/domain-ops';
import { parseCsv } from '@registrar/csv';
import { M } from '@registrar/messages';
import { DOMAIN_BANNER_LIST_KEYS, domainBannerFilter } from '@registrar/rules';
import { Member, PurchaseHarness, startPurchaseHarness, xhr } from '../purchase/purchase-harness';

let p: PurchaseHarness;
let alice: Member;
let bob: Member;
let aliceIds: number[];
let bobIds: number[];
const now = new Date();
const seed = portfolio(120, `a${Date.now().toString(36)}`, now, 7);

const q = (sql: string, params?: unknown[]) => p.db.query(sql, params).then((r) => r.rows);

beforeAll(async () => {
  p = await startPurchaseHarness();
  alice = await p.member();
  bob = await p.member();
  aliceIds = await insertPortfolio(q, alice.userId, seed, { now });
  bobIds = await insertPortfolio(q, bob.userId, portfolio(5, `b${Date.now().toString(36)}`, now, 9), { now });
}, 180_000);

afterAll(async () => {
  await p?.close();
}, 60_000);

const search = (c: Member, body: Record<string, unknown>) => c.agent.post('/mypage/domain/search').set(xhr(c)).send(body);
const DAY = 86_400_000;
const tokyoDay = (d: Date) => new Date(d.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
const today = tokyoDay(now);
const notTrashed = seed.filter((d) => !d.trash);
const valid = notTrashed.filter((d) => tokyoDay(d.dueDate) >= today);
/** expired but still renewable or restorable under the TLD's periods (as the service copied them from the catalogue) */
async function expiredInTab(): Promise<typeof seed> {
  const policies = new Map((await q('SELECT tld, grace_period, restore_period FROM domain_ops.tld_policies')).map((r: any) => [r.tld, r.grace_period + r.restore_period]));
  const start = Date.parse(`${today}T00:00:00+09:00`);
  return notTrashed.filter((d) => tokyoDay(d.dueDate) < today && d.dueDate.getTime() >= start - (policies.get(d.tld) ?? 60) * DAY);
}

describe('POST mypage/domain/search', () => {
  it('pages the valid domains (not trashed) by due date, with the hit count and the expired count', async () => {
    const r = await search(alice, { pagingNum: 20 }).expect(200);
    expect(r.body.errors).toEqual([]);
    const page = r.body.validDomains;
    expect(page.total).toBe(valid.length);
    expect(page.per_page).toBe(20);
    expect(page.last_page).toBe(Math.ceil(valid.length / 20));
    expect(page.data).toHaveLength(20);
    const dues = page.data.map((d: any) => d.due_date);
    expect([...dues].sort()).toEqual(dues);
    expect(page.data.every((d: any) => d.is_trash_flg === 0 && !d.is_expired)).toBe(true);
    expect(r.body.expiredCount).toBe((await expiredInTab()).length);
    const row = page.data[0];
    expect(row.influx_histories).toHaveLength(12);
    expect(row.name_servers.length).toBeGreaterThanOrEqual(2);
  });

  it('pages through without overlap, and clamps a page past the last to the last', async () => {
    const seen = new Set<number>();
    const first = (await search(alice, { pagingNum: 50, sort: 'nameAsc' }).expect(200)).body.validDomains;
    for (let pg = 1; pg <= first.last_page; pg++) {
      const r = (await search(alice, { pagingNum: 50, sort: 'nameAsc', validDomainPage: pg }).expect(200)).body.validDomains;
      r.data.forEach((d: any) => seen.add(d.id));
    }
    expect(seen.size).toBe(valid.length);
    const past = (await search(alice, { pagingNum: 50, validDomainPage: 999 }).expect(200)).body.validDomains;
    expect(past.current_page).toBe(first.last_page);
  });

  it.each([
    ['keyword', { key: seed[3]!.name.split('.')[0] }, (d: typeof seed[0]) => d.name.includes(seed[3]!.name.split('.')[0]!)],
    ['auto-renew off', { isAutoUpdate: '0' }, (d: typeof seed[0]) => !d.autoUpdate && tokyoDay(d.dueDate) >= today && !d.trash],
    ['lock on', { isDomainLock: '1' }, (d: typeof seed[0]) => d.lock],
    ['WHOIS proxy off', { isWhoisProxy: 'not_proxy_release' }, (d: typeof seed[0]) => !d.proxy],
    ['WHOIS in progress', { isWhoisProxy: 'processing' }, (d: typeof seed[0]) => d.whoisProcessing !== 0],
    ['inflow 1,000+', { influxLimit: '1000' }, (d: typeof seed[0]) => d.influx >= 1000],
    ['inflow 0', { influxLimit: '0' }, (d: typeof seed[0]) => d.influx === 0],
    ['trash', { isTrash: '1' }, (d: typeof seed[0]) => d.trash && tokyoDay(d.dueDate) >= today],
    ['expiring within 30 days', { isStatus: '2' }, (d: typeof seed[0]) => !d.trash && tokyoDay(d.dueDate) >= today && d.dueDate.getTime() - now.getTime() <= 31 * DAY],
    ['name server', { nameServer: 'ns1.example-hosting.jp' }, (d: typeof seed[0]) => d.nameServers.includes('ns1.example-hosting.jp')],
  ])('filters by %s', async (_label, body, pick) => {
    const r = await search(alice, { ...body, pagingNum: 200 }).expect(200);
    expect(r.body.errors).toEqual([]);
    // advanced filters find trashed domains too (001 §4 Trash); the valid tab keeps only unexpired ones
    const advanced = !('key' in body) && !('isAutoUpdate' in body) && !('isStatus' in body) && !('isTrash' in body);
    const expected = seed.filter((d) => pick(d) && (advanced ? tokyoDay(d.dueDate) >= today : true) && (('key' in body) ? !d.trash && tokyoDay(d.dueDate) >= today : true));
    expect(r.body.validDomains.data.map((d: any) => d.name).sort()).toEqual(expected.map((d) => d.name).sort());
    expect(r.body.validDomains.total).toBe(expected.length);
  });

  it('shows the expired tab: renewable (3) and restorable (4) domains', async () => {
    const tab = (await search(alice, { domainType: 2, pagingNum: 200 }).expect(200)).body.validDomains;
    const expired = await expiredInTab();
    expect(tab.total).toBe(expired.length);
    expect(tab.data.every((d: any) => d.is_expired && [3, 4].includes(d.domain_status))).toBe(true);
    const renewable = (await search(alice, { isStatus: '3', pagingNum: 200 }).expect(200)).body.validDomains;
    const restorable = (await search(alice, { isStatus: '4', pagingNum: 200 }).expect(200)).body.validDomains;
    expect(renewable.total + restorable.total).toBe(expired.length);
    expect(renewable.total).toBeGreaterThan(0);
    expect(restorable.total).toBeGreaterThan(0);
  });

  it('keeps a domain in the expired tab for its TLD\'s whole grace + restore period, even past the default 60 days (the index bound is the longest period of any TLD)', async () => {
    const erin = await p.member();
    const mine = portfolio(3, `e${Date.now().toString(36)}`, now, 13).map((d) => ({ ...d, trash: false }));
    const ids = await insertPortfolio(q, erin.userId, mine, { now });
    const tld = mine[0]!.tld;
    const [before] = await q('SELECT grace_period, restore_period FROM domain_ops.tld_policies WHERE tld = $1', [tld]);
    expect(before).toBeDefined();
    // the one expired domain: due 80 days ago; its TLD allows 40 days of renewal and 50 of restoration (90 in all)
    await q(`UPDATE domain_ops.domains SET due_date = $2::timestamptz - interval '80 days' WHERE id = $1`, [ids[0], `${today}T00:00:00+09:00`]);
    await q(`UPDATE domain_ops.domains SET due_date = now() + interval '400 days' WHERE id = ANY($1::bigint[])`, [ids.slice(1)]);
    try {
      await q('UPDATE domain_ops.tld_policies SET grace_period = 40, restore_period = 50 WHERE tld = $1', [tld]);
      const tab = (await search(erin, { domainType: 2 }).expect(200)).body;
      expect(tab.validDomains.data.map((d: any) => d.id)).toEqual([ids[0]]);
      expect(tab.expiredCount).toBe(1);
      expect((await search(erin, { isStatus: '4' }).expect(200)).body.validDomains.total).toBe(1);
      expect((await search(erin, { isStatus: '3' }).expect(200)).body.validDomains.total).toBe(0);
      await q('UPDATE domain_ops.tld_policies SET grace_period = 30, restore_period = 30 WHERE tld = $1', [tld]);
      expect((await search(erin, { domainType: 2 }).expect(200)).body.validDomains.total).toBe(0);
    } finally {
      await q('UPDATE domain_ops.tld_policies SET grace_period = $2, restore_period = $3 WHERE tld = $1', [tld, before?.grace_period, before?.restore_period]);
    }
  }, 60_000);

  it('sorts by each key', async () => {
    const byName = (await search(alice, { sort: 'nameDesc', pagingNum: 200 }).expect(200)).body.validDomains.data.map((d: any) => d.name);
    expect(byName).toEqual([...byName].sort((a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0)));
    const byInflux = (await search(alice, { sort: 'influxDesc', pagingNum: 200 }).expect(200)).body.validDomains.data.map((d: any) => d.influx);
    expect(byInflux).toEqual([...byInflux].sort((a: number, b: number) => b - a));
  });

  it('answers the spec messages for bad input', async () => {
    const r = await search(alice, { obtainDateStart: '2026-05-01', obtainDateEnd: '2026-04-01', dueDateStart: '2027-02-01', dueDateEnd: '2027-01-01' }).expect(200);
    expect(r.body).toMatchObject({ validDomains: null, errors: [M.registrationDateRange, M.expiryDateRange] });
    const bad = await search(alice, { pagingNum: 7, sort: 'drop table', isStatus: '9', obtainDateStart: '2026-02-31', isWhoisProxy: "1'; --" }).expect(200);
    expect(bad.body.errors).toEqual([`${M.badSearchCondition}登録日（開始）, WHOIS, ステータス, 表示件数, 並び順`]);
    const page = await search(alice, { validDomainPage: -1 }).expect(200);
    expect(page.body.errors).toEqual([`${M.badSearchCondition}ページ`]);
  });

  it('never shows another member\'s domains', async () => {
    const r = await search(bob, { pagingNum: 200 }).expect(200);
    expect(r.body.validDomains.data.every((d: any) => bobIds.includes(d.id))).toBe(true);
    const ids = await search(bob, { domainPkIds: aliceIds.slice(0, 5) }).expect(200);
    expect(ids.body.validDomains.total).toBe(0);
  });

  it('counts what was just changed (the cached counts follow every write: trash, move, name servers, TLD periods)', async () => {
    const carol = await p.member();
    const dave = await p.member();
    const mine = portfolio(40, `c${Date.now().toString(36)}`, now, 11);
    const carolIds = await insertPortfolio(q, carol.userId, mine, { now });
    const live = mine.map((d, i) => ({ ...d, id: carolIds[i]! })).filter((d) => !d.trash && tokyoDay(d.dueDate) >= today);
    const total = async (c: Member, body: Record<string, unknown> = {}) => (await search(c, body).expect(200)).body.validDomains.total as number;
    const sidebar = async (c: Member) => (await c.agent.get('/mypage/domain/count').set(xhr(c)).expect(200)).body.count as number;
    const managed = mine.filter((d) => !d.trash).length;
    expect(await total(carol)).toBe(live.length);
    expect(await sidebar(carol)).toBe(managed);
    expect(await total(dave)).toBe(0);
    const ns = `ns1.cache-${Date.now().toString(36)}.example`;
    expect(await total(carol, { nameServer: ns })).toBe(0);

    await q('UPDATE domain_ops.domains SET is_trash = true WHERE id = $1', [live[0]!.id]);
    expect(await total(carol)).toBe(live.length - 1);
    expect(await sidebar(carol)).toBe(managed - 1);
    await q('UPDATE domain_ops.domains SET user_id = $2 WHERE id = $1', [live[1]!.id, dave.userId]);
    expect(await total(carol)).toBe(live.length - 2);
    expect(await sidebar(carol)).toBe(managed - 2);
    expect(await total(dave)).toBe(1);
    expect(await sidebar(dave)).toBe(1);
    await q('UPDATE domain_ops.domain_name_servers SET name = $2 WHERE domain_id = $1 AND priority = 1', [live[2]!.id, ns]);
    expect(await total(carol, { nameServer: ns })).toBe(1);

    const expired = (await search(carol, {}).expect(200)).body.expiredCount as number;
    expect(expired).toBeGreaterThan(0);
    const before = await q('SELECT tld, grace_period, restore_period FROM domain_ops.tld_policies');
    try {
      await q('UPDATE domain_ops.tld_policies SET grace_period = 0, restore_period = 0');
      expect((await search(carol, {}).expect(200)).body.expiredCount).toBe(0);
    } finally {
      for (const r of before) await q('UPDATE domain_ops.tld_policies SET grace_period = $2, restore_period = $3 WHERE tld = $1', [r.tld, r.grace_period, r.restore_period]);
    }
    expect((await search(carol, {}).expect(200)).body.expiredCount).toBe(expired);
  }, 60_000);

  it('moves a member\'s list version for every statement that changed their rows (deletes and upserts included), and for none that changed nothing', async () => {
    const erin = await p.member();
    const mine = portfolio(20, `e${Date.now().toString(36)}`, now, 13);
    const ids = await insertPortfolio(q, erin.userId, mine, { now });
    const live = mine.findIndex((d) => !d.trash && tokyoDay(d.dueDate) >= today);
    const a = ids[live]!;
    const b = ids.find((id) => id !== a)!;
    const version = async () => Number((await q('SELECT version FROM domain_ops.domain_list_versions WHERE user_id = $1', [erin.userId]))[0]?.version ?? 0);
    const moves = async (sql: string, params: unknown[]) => { const v = await version(); await q(sql, params); return (await version()) - v; };
    const ns = `ns1.upsert-${Date.now().toString(36)}.example`;
    const search1 = async () => (await search(erin, { nameServer: ns }).expect(200)).body.validDomains.total as number;
    const before = await search1();
    // an upsert that updates (the recording of a registered domain's name servers takes this path on a retry)
    expect(await moves('INSERT INTO domain_ops.domain_name_servers (domain_id, priority, name) VALUES ($1, 1, $2) ON CONFLICT (domain_id, priority) DO UPDATE SET name = EXCLUDED.name', [a, ns])).toBe(1);
    expect(await search1()).toBe(before + 1);
    expect(await moves('DELETE FROM domain_ops.domain_name_servers WHERE domain_id = $1 AND name = $2', [a, ns])).toBe(1);
    expect(await search1()).toBe(before);
    expect(await moves('DELETE FROM domain_ops.domain_name_servers WHERE domain_id = $1 AND name = $2', [a, ns])).toBe(0);
    expect(await moves('UPDATE domain_ops.domains SET influx = influx WHERE id = -1', [])).toBe(0);
    expect(await moves('DELETE FROM domain_ops.domains WHERE id = $1', [b])).toBe(1);
  }, 60_000);

  it('needs a signed-in member', async () => {
    const { default: request } = await import('supertest');
    await request(p.h.url).post('/mypage/domain/search').set({ 'X-Requested-With': 'XMLHttpRequest' }).send({}).expect((res) => expect([401, 419]).toContain(res.status));
  });
});

describe('select all pages and refresh (POST mypage/domain/ready, ids)', () => {
  it('resolves select-all-pages to ids without rows, and the rows of some ids', async () => {
    const ids = (await alice.agent.post('/mypage/domain/ids').set(xhr(alice)).send({ isDomainLock: '1' }).expect(200)).body;
    expect(ids.total).toBe(seed.filter((d) => d.lock && tokyoDay(d.dueDate) >= today).length);
    expect(ids.ids).toHaveLength(ids.total);
    const ready = (await alice.agent.post('/mypage/domain/ready').set(xhr(alice)).send({ allPageFlg: true, isDomainLock: '1' }).expect(200)).body;
    expect(ready.data.domains.map((d: any) => d.id).sort()).toEqual([...ids.ids].sort());
    const some = (await alice.agent.post('/mypage/domain/ready').set(xhr(alice)).send({ domainPkIds: [aliceIds[0], aliceIds[1], bobIds[0]] }).expect(200)).body;
    expect(some.data.domains.map((d: any) => d.id)).toEqual([aliceIds[0], aliceIds[1]]);
    expect(some.notFound).toEqual([bobIds[0]]);
  });

  it('refuses more than 1000 at once', async () => {
    const r = await alice.agent.post('/mypage/domain/ready').set(xhr(alice)).send({ domainPkIds: Array.from({ length: 1001 }, (_, i) => i + 1) });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(M.bulkLimit1000);
  });
});

describe('CSV, counts, detail, history', () => {
  it('streams a CSV of every match with a BOM and neutralised formulas', async () => {
    await q("UPDATE domain_ops.domains SET memo = '=HYPERLINK(\"http://evil.example\")' WHERE id = $1", [aliceIds[1]]);
    const r = await alice.agent.post('/mypage/domain/csv').type('form').set({ Accept: 'text/csv' })
      .send({ _token: alice.token(), isTrash: '0' }).buffer(true).parse((res, cb) => { const chunks: Buffer[] = []; res.on('data', (c: Buffer) => chunks.push(c)); res.on('end', () => cb(null, Buffer.concat(chunks))); });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toContain('text/csv');
    expect(r.headers['content-disposition']).toMatch(/attachment; filename="domains_\d{8}\.csv"/);
    const body = (r.body as Buffer);
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(body.toString('utf8'));
    expect(rows[0]![0]).toBe('ドメイン名');
    expect(rows.length - 1).toBe(valid.length);
    const evil = rows.find((row) => row[12]!.includes('HYPERLINK'));
    expect(evil![12]!.startsWith("'=")).toBe(true);
  });

  it('counts for the sidebar and the banner: every banner count equals the rows its link lists', async () => {
    expect((await alice.agent.get('/mypage/domain/count').set(xhr(alice)).expect(200)).body).toEqual({ count: notTrashed.length });
    // a member of its own: a trashed domain expiring within 15 days, and a WHOIS change in progress on an expired
    // domain (issue 26: 「15日以内に期限切れ 9件」 opened 10 rows, 「WHOIS変更処理中 3件」 opened 1)
    const dave = await p.member();
    const mine = portfolio(60, `d${Date.now().toString(36)}`, now, 13);
    const ids = await insertPortfolio(q, dave.userId, mine, { now });
    const trashedId = ids[mine.findIndex((d) => d.trash)]!;
    await q(`UPDATE domain_ops.domains SET due_date = $2 WHERE id = $1`, [trashedId, new Date(now.getTime() + 5 * DAY)]);
    const expiredId = ids[mine.findIndex((d) => !d.trash && d.dueDate.getTime() < now.getTime() - 2 * DAY)]!;
    await q('UPDATE domain_ops.domains SET whois_processing_flg = 1 WHERE id = $1', [expiredId]);
    const b = (await dave.agent.get('/mypage/domain/banner').set(xhr(dave)).expect(200)).body;
    expect(b.expiringSoon).toBeGreaterThan(0);
    expect(b.trashed).toBeGreaterThan(0);
    for (const key of DOMAIN_BANNER_LIST_KEYS) {
      const listed = (await search(dave, domainBannerFilter(key, today)).expect(200)).body.validDomains;
      expect({ key, count: b[key] }).toEqual({ key, count: listed.total });
      expect(listed.data.filter((d: { is_trash_flg: number }) => d.is_trash_flg === 1).length).toBe(key === 'trashed' ? listed.data.length : 0);
    }
    expect(b.whoisProcessing).toBe(mine.filter((d) => d.whoisProcessing && !d.trash && tokyoDay(d.dueDate) >= today).length);
  });

  it('counts the attribute-type JP domains in the banner, and its link\'s filter lists exactly them', async () => {
    const carol = await p.member();
    const base = portfolio(6, `c${Date.now().toString(36)}`, now, 11).map((d) => ({ ...d, trash: false, dueDate: new Date(now.getTime() + 200 * DAY) }));
    // two attribute-type JP domains (or.jp, ac.jp) among .com, .jp and a .co.jp, which must not match
    const tlds = ['or.jp', 'ac.jp', 'com', 'jp', 'co.jp', 'net'];
    const mine = base.map((d, i) => {
      const label = d.punycode.split('.')[0]!;
      return { ...d, tld: tlds[i]!, name: `${label}.${tlds[i]}`, punycode: `${label}.${tlds[i]}` };
    });
    await insertPortfolio(q, carol.userId, mine, { now });
    const b = (await carol.agent.get('/mypage/domain/banner').set(xhr(carol)).expect(200)).body;
    expect(b.orgJpRegistrant).toBe(2);
    const r = (await search(carol, { tldGroup: 'orgJp' }).expect(200)).body.validDomains;
    expect(r.data.map((d: { name: string }) => d.name).sort()).toEqual([mine[0]!.name, mine[1]!.name].sort());
    expect((await search(carol, { tldGroup: 'jp' }).expect(200)).body.errors).toEqual([`${M.badSearchCondition}ドメイン種別`]);
  });

  it('shows a domain\'s detail to its owner only', async () => {
    const d = (await alice.agent.get(`/mypage/domain/detail/${aliceIds[0]}`).set(xhr(alice)).expect(200)).body;
    expect(d).toMatchObject({ id: aliceIds[0], name: seed[0]!.name, name_servers: seed[0]!.nameServers });
    const other = await bob.agent.get(`/mypage/domain/detail/${aliceIds[0]}`).set(xhr(bob)).expect(404);
    expect(other.body.message).toBe(M.noDomainInfo);
    await bob.agent.get('/mypage/domain/detail/abc').set(xhr(bob)).expect(404);
  });

  it('searches the action history by text and dates', async () => {
    for (let i = 0; i < 25; i++) {
      await q(`INSERT INTO domain_ops.action_logs (user_id, domain_id, domain_name, type, point, remaining_point, subject, content, action_id, result, created_at)
        VALUES ($1, $2, $3, 0, 100, 900, 'ドメイン新規登録', $3, $4, $5, now() - make_interval(days => $6))`,
      [alice.userId, aliceIds[i], seed[i]!.name, i % 5 === 0 ? 2000 : 1001, i % 5 === 0 ? JSON.stringify({ code: 1000, msg: 'Command completed successfully' }) : null, i]);
    }
    const all = (await alice.agent.get('/mypage/actionLog/search').set(xhr(alice)).expect(200)).body.actionLogs;
    expect(all.total).toBe(25);
    expect(all.data).toHaveLength(20);
    expect(all.data[0].domain_name).toBe(seed[0]!.name);
    const one = (await alice.agent.get(`/mypage/actionLog/search?description=${encodeURIComponent(seed[3]!.name)}`).set(xhr(alice)).expect(200)).body.actionLogs;
    expect(one.data.map((r: any) => r.domain_name)).toEqual([seed[3]!.name]);
    const recent = (await alice.agent.get(`/mypage/actionLog/search?date1=${tokyoDay(new Date(Date.now() - 2 * DAY))}&date2=${today}`).set(xhr(alice)).expect(200)).body.actionLogs;
    expect(recent.total).toBe(3);
    expect(recent.data[0].has_result).toBe(true);
    const detail = (await alice.agent.get(`/mypage/actionLog/detail/${recent.data[0].id}`).set(xhr(alice)).expect(200)).body;
    expect(detail.result).toEqual({ code: 1000, msg: 'Command completed successfully' });
    await bob.agent.get(`/mypage/actionLog/detail/${recent.data[0].id}`).set(xhr(bob)).expect(404);
    expect((await bob.agent.get('/mypage/actionLog/search').set(xhr(bob)).expect(200)).body.actionLogs.total).toBe(0);
  });
});
