/**
 * Contract stats (002 §3 "Stats row", §4, §7) over the real gateway and domain-ops service: every column computed
 * from our domain rows, monthly and quarterly, periods in Asia/Tokyo, the CSV, the query's checks and the super role.
 * The rows live in 2003, a year no other test writes.
 */
import 'reflect-metadata';
import { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { startService } from '@registrar/infra';
import { DomainOpsServiceModule } from '@registrar/domain-ops';
import { AdminServiceModule } from '@registrar/admin';
import { JobName, QueueName } from '@registrar/contracts';
import { scheduledJobs } from '../scheduled-jobs';
import { createAccount, Harness, signIn, startHarness } from '../gateway/gateway-harness';

jest.setTimeout(120_000);
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const zero = { net_increase: 0, increase: 0, decrease: 0, new_create_count: 0, expired_delete_count: 0, transfer_in_count: 0, transfer_out_count: 0 };

describe('contract stats', () => {
  let h: Harness;
  let db: Client;
  let svc: INestMicroservice;
  let admin: INestMicroservice;
  let superAdmin: Awaited<ReturnType<typeof signIn>>;
  let normal: Awaited<ReturnType<typeof signIn>>;
  const tld = `st${Date.now().toString(36)}`;

  beforeAll(async () => {
    process.env.NODE_ENV = 'test';
    db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    svc = await startService('domain-ops', DomainOpsServiceModule, process.env.REDIS_URL);
    admin = await startService('admin', AdminServiceModule, process.env.REDIS_URL);
    h = await startHarness();
    superAdmin = await signIn(h, await createAccount(h, { adminRole: 1 }));
    normal = await signIn(h, await createAccount(h, { adminRole: 2 }));
    await db.query(`DELETE FROM domain_ops.domains WHERE created_at < '2004-01-01'`);
    await db.query(`INSERT INTO domain_ops.tld_policies (tld, grace_period, restore_period, can_lock, can_proxy) VALUES ($1, 10, 20, true, true)`, [tld]);
    const add = (name: string, created: string, o: { order?: boolean; via?: string; due?: string; ended?: string; reason?: string } = {}) =>
      db.query(
        `INSERT INTO domain_ops.domains (user_id, name, idn, punycode, tld, status, created_at, due_date, order_item_id, acquired_via, ended_at, ended_reason)
         VALUES (900001, $1, $1, $1, $2, 'active', $3, $4, $5, $6, $7, $8)`,
        [`${name}.${tld}`, tld, created, o.due ?? null, o.order ? 1 : null, o.via ?? null, o.ended ?? null, o.reason ?? null],
      );
    await add('d-old', '2002-12-20T03:00:00Z', { order: true, due: '2004-12-20T03:00:00Z' }); // held before 2003
    await add('a-new', '2003-01-15T03:00:00Z', { order: true, due: '2003-02-10T03:00:00Z' }); // deleted 30 days after expiry: 2003-03-12
    await add('b-in', '2003-02-01T03:00:00Z', { via: 'transfer_in', ended: '2003-05-05T03:00:00Z', reason: 'transfer_out' });
    await add('c-imp', '2003-03-31T15:30:00Z'); // 2003-04-01 00:30 in Tokyo: April; no order, so an import
  }, 120_000);
  afterAll(async () => {
    await db?.query(`DELETE FROM domain_ops.domains WHERE tld = $1`, [tld]);
    await db?.query(`DELETE FROM domain_ops.tld_policies WHERE tld = $1`, [tld]);
    await h?.close(); await admin?.close(); await svc?.close(); await db?.end();
  });

  it('computes every column per month from our own records', async () => {
    const r = await superAdmin.agent.get('/admin/api/domain/stats').query({ year: '2003', quarter: '0' }).set(XHR);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ result: true, year: 2003, quarter: 0, errors: {} });
    const rows = r.body.stats;
    expect(rows).toHaveLength(12);
    expect(rows.slice(0, 6)).toEqual([
      { interval_date: '2003-01', stats_date: '2003-01-31', old_domain_count: 1, total_count: 2, ...zero, net_increase: 1, increase: 1, new_create_count: 1 },
      { interval_date: '2003-02', stats_date: '2003-02-28', old_domain_count: 2, total_count: 3, ...zero, net_increase: 1, increase: 1, transfer_in_count: 1 },
      { interval_date: '2003-03', stats_date: '2003-03-31', old_domain_count: 3, total_count: 2, ...zero, net_increase: -1, decrease: 1, expired_delete_count: 1 },
      { interval_date: '2003-04', stats_date: '2003-04-30', old_domain_count: 2, total_count: 3, ...zero, net_increase: 1, increase: 1 },
      { interval_date: '2003-05', stats_date: '2003-05-31', old_domain_count: 3, total_count: 2, ...zero, net_increase: -1, decrease: 1, transfer_out_count: 1 },
      { interval_date: '2003-06', stats_date: '2003-06-30', old_domain_count: 2, total_count: 2, ...zero },
    ]);
    expect(rows[11]).toEqual({ interval_date: '2003-12', stats_date: '2003-12-31', old_domain_count: 2, total_count: 2, ...zero });
  });

  it('keeps the day’s statistics snapshot in the admin service (its scheduled job, run here on demand)', async () => {
    const jobs = await scheduledJobs(QueueName.Admin);
    try {
      const r = await jobs.run<{ takenOn: string; rows: number }>(JobName.AdminStatsSnapshot);
      const snap = (await db.query('SELECT year, rows FROM admin.stats_snapshots WHERE taken_on = $1', [r.takenOn])).rows[0];
      expect(snap.year).toBe(Number(r.takenOn.slice(0, 4)));
      expect(snap.rows).toHaveLength(r.rows);
      expect(snap.rows[0]).toEqual(expect.objectContaining({ interval_date: `${r.takenOn.slice(0, 4)}-01` }));
    } finally {
      await jobs.close();
    }
  });

  it('sums by quarter, and the CSV carries the same rows with every column', async () => {
    const r = await superAdmin.agent.get('/admin/api/domain/stats').query({ year: '2003', quarter: '1' }).set(XHR);
    expect(r.body.stats).toEqual([
      { interval_date: '2003-Q1', stats_date: '2003-03-31', old_domain_count: 1, total_count: 2, ...zero, net_increase: 1, increase: 2, decrease: 1, new_create_count: 1, transfer_in_count: 1, expired_delete_count: 1 },
      { interval_date: '2003-Q2', stats_date: '2003-06-30', old_domain_count: 2, total_count: 2, ...zero, increase: 1, decrease: 1, transfer_out_count: 1 },
      { interval_date: '2003-Q3', stats_date: '2003-09-30', old_domain_count: 2, total_count: 2, ...zero },
      { interval_date: '2003-Q4', stats_date: '2003-12-31', old_domain_count: 2, total_count: 2, ...zero },
    ]);
    const csv = await superAdmin.agent.get('/admin/api/domain/stats/csv').query({ year: '2003', quarter: '1' }).set(XHR).buffer(true).parse((res, cb) => {
      let t = ''; res.setEncoding('utf8'); res.on('data', (c: string) => (t += c)); res.on('end', () => cb(null, t));
    });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('domain_stats_2003_quarterly.csv');
    const lines = (csv.body as string).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('interval_date,stats_date,total_count,net_increase,increase,decrease,new_create_count,old_domain_count,expired_delete_count,transfer_in_count,transfer_out_count');
    expect(lines[1]).toBe('2003-Q1,2003-03-31,2,1,2,1,1,1,1,1,0');
    expect(lines).toHaveLength(5);
  });

  it('an empty year means every period from the first contract; the current year is the default', async () => {
    const all = await superAdmin.agent.get('/admin/api/domain/stats').query({ year: '', quarter: '1' }).set(XHR);
    expect(all.status).toBe(200);
    expect(all.body.year).toBeNull();
    expect(all.body.stats[0]).toMatchObject({ interval_date: '2002-Q4', old_domain_count: 0, increase: 1, total_count: 1 });
    const thisYear = String(new Date(Date.now() + 9 * 3_600_000).getUTCFullYear());
    const def = await superAdmin.agent.get('/admin/api/domain/stats').set(XHR);
    expect(def.body).toMatchObject({ year: Number(thisYear), quarter: 0 });
    expect(def.body.stats[0].interval_date).toBe(`${thisYear}-01`);
    expect(def.body.stats.at(-1).stats_date <= new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10)).toBe(true);
  });

  it('refuses bad queries with field errors and normal admins with 403', async () => {
    const bad = await superAdmin.agent.get('/admin/api/domain/stats').query({ year: '20x3', quarter: '5' }).set(XHR);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ year: ['年を正しく選択してください'], quarter: ['集計単位を正しく選択してください'] });
    expect((await normal.agent.get('/admin/api/domain/stats').set(XHR)).status).toBe(403);
    expect((await normal.agent.get('/admin/api/domain/stats/csv').set(XHR)).status).toBe(403);
  });
});
