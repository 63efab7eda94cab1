/**
 * A service DataSource (libs/db/src/service-data-source.ts, ADR 0061) sends a raw statement outside a transaction to
 * the pool's connection without TypeORM's per-call query runner. What a repository sees must be what TypeORM's own
 * path gives: the rows; `[rows, rowCount]` for an UPDATE or DELETE; a failure as a QueryFailedError with the driver's
 * code, logged by the DataSource's logger; the connection back in the pool after each call, and a connection the
 * server ends dropped by the pool, the next call answered on another. Real PostgreSQL (the test command's).
 */
import { randomBytes } from 'node:crypto';
import { DataSource, QueryFailedError } from 'typeorm';
import { schemaDataSourceOptions, ServiceDataSource } from '@registrar/db';

jest.setTimeout(60_000);

const schema = `sds_${randomBytes(4).toString('hex')}`;
let admin: DataSource;
let fast: ServiceDataSource;
let plain: DataSource;
const logged: string[] = [];

const pool = (ds: DataSource) => (ds.driver as unknown as { master: { totalCount: number; idleCount: number; waitingCount: number } }).master;

beforeAll(async () => {
  admin = new DataSource({ type: 'postgres', url: process.env.DATABASE_URL });
  await admin.initialize();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.query(`CREATE TABLE ${schema}.items (id int PRIMARY KEY, name text NOT NULL)`);
  const options = schemaDataSourceOptions({ schema, entities: [], migrations: [], poolSize: 2 });
  fast = new ServiceDataSource({ ...options, logger: { logQuery() {}, logQuerySlow() {}, logSchemaBuild() {}, logMigration() {}, log() {}, logQueryError: (e: Error) => logged.push((e as Error & { code?: string }).code ?? '') } } as never);
  plain = new DataSource(options as never);
  await Promise.all([fast.initialize(), plain.initialize()]);
});

afterAll(async () => {
  await fast?.destroy();
  await plain?.destroy();
  await admin?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin?.destroy();
});

it('answers every kind of statement as TypeORM\'s own path does', async () => {
  for (const [ds, base] of [[plain, 0], [fast, 10]] as const) {
    expect(await ds.query(`INSERT INTO ${schema}.items VALUES ($1, 'a'), ($2, 'b') RETURNING id`, [base + 1, base + 2])).toEqual([{ id: base + 1 }, { id: base + 2 }]);
    expect(await ds.query(`INSERT INTO ${schema}.items VALUES ($1, 'c')`, [base + 3])).toEqual([]);
  }
  const statements: Array<[string, (b: number) => unknown[]]> = [
    [`SELECT id, name FROM ${schema}.items WHERE id BETWEEN $1 AND $1 + 9 ORDER BY id`, (b) => [b]],
    [`UPDATE ${schema}.items SET name = name || 'x' WHERE id BETWEEN $1 AND $1 + 1 RETURNING id, name`, (b) => [b + 1]],
    [`UPDATE ${schema}.items SET name = 'y' WHERE id = $1`, (b) => [b + 3]],
    [`UPDATE ${schema}.items SET name = 'z' WHERE id = $1`, (b) => [b + 9]],
    [`DELETE FROM ${schema}.items WHERE id = $1 RETURNING id`, (b) => [b + 3]],
    [`WITH d AS (DELETE FROM ${schema}.items WHERE id = $1 RETURNING id) SELECT count(*)::int AS n FROM d`, (b) => [b + 2]],
    [`SELECT count(*)::int AS n FROM ${schema}.items WHERE id > $1`, (b) => [b + 100]],
  ];
  const shift = (v: unknown, b: number): unknown => (Array.isArray(v) ? v.map((x) => shift(x, b)) : v && typeof v === 'object' && 'id' in v ? { ...v, id: (v as { id: number }).id - b } : v);
  for (const [text, values] of statements) {
    const want = await plain.query(text, values(0));
    const got = await fast.query(text, values(10));
    expect({ text, got: shift(got, 10) }).toEqual({ text, got: want });
  }
  // the shapes themselves, as the repositories read them
  expect(await fast.query(`UPDATE ${schema}.items SET name = 'w' WHERE id = $1`, [11])).toEqual([[], 1]);
  expect(await fast.query(`DELETE FROM ${schema}.items WHERE id = $1`, [999])).toEqual([[], 0]);
  expect(pool(fast).idleCount).toBe(pool(fast).totalCount);
});

it('a failed statement is a QueryFailedError with the driver\'s code, logged; its connection goes back to the pool', async () => {
  logged.length = 0;
  const e = await fast.query(`INSERT INTO ${schema}.items VALUES ($1, 'dup'), ($1, 'dup')`, [50]).catch((x: unknown) => x);
  expect(e).toBeInstanceOf(QueryFailedError);
  expect((e as { code?: string }).code).toBe('23505');
  expect((e as QueryFailedError).driverError).toBeDefined();
  expect(logged).toEqual(['23505']);
  expect(pool(fast).idleCount).toBe(pool(fast).totalCount);
  expect(await fast.query(`SELECT count(*)::int AS n FROM ${schema}.items WHERE id = $1`, [50])).toEqual([{ n: 0 }]);
});

// (TypeORM's own path hands such a connection back to the pool: the next call on it fails too; measured, ADR 0061)
it('a connection the server ends while a statement runs fails that statement only: the pool drops it, the next call answers', async () => {
  const running = fast.query(`SELECT pg_sleep(30), $1::int AS n`, [1]).catch((x: unknown) => x);
  let pid: number | undefined;
  for (let i = 0; i < 200 && !pid; i++) {
    const rows = await admin.query(`SELECT pid FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(30)%' AND pid <> pg_backend_pid()`);
    pid = rows[0]?.pid;
    if (!pid) await new Promise((r) => setTimeout(r, 50));
  }
  expect(pid).toBeDefined();
  await admin.query('SELECT pg_terminate_backend($1)', [pid]);
  expect(await running).toBeInstanceOf(QueryFailedError);
  for (let i = 0; i < 5; i++) expect(await fast.query(`SELECT $1::int AS n`, [i])).toEqual([{ n: i }]);
  expect(pool(fast).totalCount).toBeLessThanOrEqual(2);
  expect(pool(fast).idleCount).toBe(pool(fast).totalCount);
});

it('a statement in a transaction runs on the transaction\'s connection (TypeORM\'s query runner)', async () => {
  await fast.transaction(async (m) => {
    await m.query(`INSERT INTO ${schema}.items VALUES ($1, 'tx')`, [60]);
    expect(await m.query(`SELECT name FROM ${schema}.items WHERE id = $1`, [60])).toEqual([{ name: 'tx' }]);
    expect(await admin.query(`SELECT name FROM ${schema}.items WHERE id = $1`, [60])).toEqual([]);
  });
  expect(await fast.query(`SELECT name FROM ${schema}.items WHERE id = $1`, [60])).toEqual([{ name: 'tx' }]);
});
