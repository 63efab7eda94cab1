/**
 * The domain_ops schema with tables and migrations owned per feature (ADR 0036): a database migrated by the release
 * before (main at f7f80cd: one migrations folder; the same migrations by name, pinned by domain-ops.schema.spec.ts)
 * and holding rows is upgraded by booting the service: no migration runs again, no row is lost, and every table of the
 * schema has exactly one owner. Its own database on the tests' PostgreSQL, so the other tests' schema is not touched.
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { openSchema } from '@registrar/db';
import { DOMAIN_OPS_MIGRATIONS, DOMAIN_OPS_SCHEMA, DOMAIN_OPS_TABLE_OWNERS, DomainOpsServiceModule } from '@registrar/domain-ops';
import { startService } from '@registrar/infra';

jest.setTimeout(120_000);

describe('domain_ops schema upgrade to tables owned per feature', () => {
  const base = process.env.DATABASE_URL!;
  const name = `domain_ops_upgrade_${Date.now().toString(36)}`;
  const url = (() => { const u = new URL(base); u.pathname = `/${name}`; return u.toString(); })();
  let admin: Client;
  let db: Client;
  let svc: INestMicroservice | undefined;
  const orderId = randomUUID();
  const runId = randomUUID();
  const counted = ['domains', 'domain_name_servers', 'contacts', 'action_logs', 'registration_orders', 'registration_order_items', 'operation_runs', 'operation_items', 'default_settings'];
  const counts = async () => Object.fromEntries(await Promise.all(counted.map(async (t) => [t, Number((await db.query(`SELECT count(*) AS n FROM domain_ops.${t}`)).rows[0].n)])));
  const applied = async () => (await db.query('SELECT timestamp, name FROM domain_ops.migrations ORDER BY id')).rows;

  beforeAll(async () => {
    admin = new Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    db = new Client({ connectionString: url });
    await db.connect();
  });

  afterAll(async () => {
    await svc?.close();
    process.env.DATABASE_URL = base;
    await db?.end();
    await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
  });

  it('boots on a database of the release before, running no migration and keeping every row', async () => {
    // the release before: its migrations applied, then a member's data in the tables of every feature
    const ds = await openSchema({ schema: DOMAIN_OPS_SCHEMA, entities: [], migrations: DOMAIN_OPS_MIGRATIONS, url });
    await ds.destroy();
    const d = (await db.query(`INSERT INTO domain_ops.domains (user_id, name, idn, punycode, tld, status, memo) VALUES (1, 'upgrade.com', 'upgrade.com', 'upgrade.com', 'com', 'active', 'メモ') RETURNING id`)).rows[0].id;
    await db.query(`INSERT INTO domain_ops.domain_name_servers (domain_id, priority, name) VALUES ($1, 0, 'ns1.example.jp')`, [d]);
    await db.query(`INSERT INTO domain_ops.action_logs (user_id, domain_id, domain_name, type, point, subject, content) VALUES (1, $1, 'upgrade.com', 1, 0, '登録', 'upgrade.com')`, [d]);
    await db.query(`INSERT INTO domain_ops.registration_orders (id, user_id, idempotency_key, total, payment_type, status) VALUES ($1, 1, 'k', 1000, 'point', 'done')`, [orderId]);
    await db.query(`INSERT INTO domain_ops.registration_order_items (order_id, position, name, punycode, tld, period, point, is_campaign, whois_proxy, status, domain_pk_id)
      VALUES ($1, 0, 'upgrade.com', 'upgrade.com', 'com', 1, 1000, false, true, 'done', $2)`, [orderId, d]);
    await db.query(`INSERT INTO domain_ops.operation_runs (id, user_id, kind, params, total) VALUES ($1, 1, 'memo', '{}', 1)`, [runId]);
    await db.query(`INSERT INTO domain_ops.operation_items (run_id, domain_id, position, name, idn, status) VALUES ($1, $2, 0, 'upgrade.com', 'upgrade.com', 'success')`, [runId, d]);
    const before = await counts();
    const migrationsBefore = await applied();
    expect(migrationsBefore.map((m) => m.name)).toEqual(DOMAIN_OPS_MIGRATIONS.map((m) => m.name));
    expect(before.domains).toBe(1);

    // the upgrade: this release's service boots on that database
    process.env.DATABASE_URL = url;
    svc = await startService('domain-ops', DomainOpsServiceModule, process.env.REDIS_URL);

    expect(await applied()).toEqual(migrationsBefore);
    expect(await counts()).toEqual(before);
    expect((await db.query('SELECT memo FROM domain_ops.domains WHERE id = $1', [d])).rows[0].memo).toBe('メモ');
    // every table of the schema (TypeORM's own aside) has one owner: shared or one feature
    const tables = (await db.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'domain_ops' AND tablename <> 'migrations' ORDER BY 1`)).rows.map((r) => r.tablename);
    expect(tables).toEqual(Object.values(DOMAIN_OPS_TABLE_OWNERS).flat().sort());
  });
});
