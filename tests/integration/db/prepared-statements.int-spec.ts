/**
 * A service DataSource sends parameterised statements as named prepared statements (libs/db/src/prepared.ts, ADR
 * 0051): each is parsed once per connection, stays right when another replica's migration changes a table it reads,
 * and the number a connection prepares is bounded. Real PostgreSQL (the test command's, over its Unix socket when the
 * URL names one).
 */
import { randomBytes } from 'node:crypto';
import { DataSource, QueryRunner } from 'typeorm';
import { PreparingClient, schemaDataSourceOptions, statementName } from '@registrar/db';

jest.setTimeout(60_000);

const schema = `prep_${randomBytes(4).toString('hex')}`;
let ds: DataSource;
let admin: DataSource;

const preparedOn = async (qr: QueryRunner, text: string): Promise<boolean> =>
  (await qr.query('SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = $1', [statementName(text)]))[0].n === 1;

beforeAll(async () => {
  admin = new DataSource({ type: 'postgres', url: process.env.DATABASE_URL });
  await admin.initialize();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.query(`CREATE TABLE ${schema}.items (id int PRIMARY KEY, name text NOT NULL)`);
  await admin.query(`INSERT INTO ${schema}.items VALUES (1, 'one'), (2, 'two')`);
  ds = new DataSource({ ...schemaDataSourceOptions({ schema, entities: [], migrations: [], poolSize: 2 }) } as never);
  await ds.initialize();
});

afterAll(async () => {
  await ds?.destroy();
  await admin?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin?.destroy();
  delete process.env.DB_PREPARED_MAX;
});

it('a parameterised statement is prepared once on its connection and answers as before', async () => {
  const qr = ds.createQueryRunner();
  await qr.connect();
  try {
    const text = `SELECT name FROM ${schema}.items WHERE id = $1`;
    expect(await qr.query(text, [1])).toEqual([{ name: 'one' }]);
    expect(await preparedOn(qr, text)).toBe(true);
    expect(await qr.query(text, [2])).toEqual([{ name: 'two' }]);
    expect(await qr.query(text, [3])).toEqual([]);
    // a statement without parameters and DDL are sent as before
    expect(await preparedOn(qr, `SELECT count(*)::int AS n FROM ${schema}.items`)).toBe(false);
    await qr.query(`SELECT count(*)::int AS n FROM ${schema}.items`);
    expect(await preparedOn(qr, `SELECT count(*)::int AS n FROM ${schema}.items`)).toBe(false);
  } finally {
    await qr.release();
  }
});

it('a table changed by a migration after the statement was prepared: the next call answers with the new column, outside a transaction and inside one', async () => {
  const qr = ds.createQueryRunner();
  await qr.connect();
  try {
    const text = `SELECT * FROM ${schema}.items WHERE id = $1`;
    expect(await qr.query(text, [1])).toEqual([{ id: 1, name: 'one' }]);
    // another replica's migration (another connection) adds a column: the prepared SELECT * can no longer be used
    await admin.query(`ALTER TABLE ${schema}.items ADD COLUMN note text NOT NULL DEFAULT 'n'`);
    expect(await qr.query(text, [1])).toEqual([{ id: 1, name: 'one', note: 'n' }]);

    const inTx = `SELECT * FROM ${schema}.items WHERE id = $1 AND name IS NOT NULL`;
    expect(await qr.query(inTx, [2])).toEqual([{ id: 2, name: 'two', note: 'n' }]);
    await admin.query(`ALTER TABLE ${schema}.items ADD COLUMN extra int NOT NULL DEFAULT 7`);
    // inside a transaction the error could not be retried (PostgreSQL would abort the transaction, and not every caller
    // retries one): a star statement goes unnamed there, so the transaction goes through with the new column
    await qr.startTransaction();
    expect(await qr.query(inTx, [2])).toEqual([{ id: 2, name: 'two', note: 'n', extra: 7 }]);
    // a statement naming its columns is still prepared inside a transaction
    const named = `SELECT name FROM ${schema}.items WHERE id = $1 AND id < 100`;
    expect(await qr.query(named, [2])).toEqual([{ name: 'two' }]);
    expect(await preparedOn(qr, named)).toBe(true);
    await qr.commitTransaction();
  } finally {
    if (qr.isTransactionActive) await qr.rollbackTransaction();
    await qr.release();
  }
});

it('a column whose type a migration changed after the statement was prepared: outside a transaction the call goes through; inside one, its retry does', async () => {
  await admin.query(`CREATE TABLE ${schema}.amounts (id int PRIMARY KEY, n int NOT NULL, tag text NOT NULL)`);
  await admin.query(`INSERT INTO ${schema}.amounts VALUES (1, 1, '1'), (2, 2, '2')`);
  const qr = ds.createQueryRunner();
  await qr.connect();
  try {
    const setN = `UPDATE ${schema}.amounts SET n = $1 WHERE id = $2`;
    const setTag = `UPDATE ${schema}.amounts SET tag = $1 WHERE id = $2`;
    const byN = `SELECT id FROM ${schema}.amounts WHERE n = $1`;
    await qr.query(setN, [5, 1]);
    await qr.query(setTag, ['7', 1]);
    await qr.query(byN, [5]);
    expect(await preparedOn(qr, setN)).toBe(true);
    // a value out of the column's own range is refused as before
    await expect(qr.query(byN, [3_000_000_000])).rejects.toMatchObject({ code: '22003' });
    // another replica's migration widens n (int → bigint) and makes tag an integer: the prepared copies keep the old
    // parameter types (int, text), which PostgreSQL answers with 22003 and 42804
    await admin.query(`ALTER TABLE ${schema}.amounts ALTER COLUMN n TYPE bigint, ALTER COLUMN tag TYPE int USING tag::int`);
    await qr.query(setN, [3_000_000_000, 1]);
    expect(await qr.query(byN, [3_000_000_000])).toEqual([{ id: 1 }]);
    await qr.query(setTag, ['8', 1]);
    expect((await admin.query(`SELECT n::text AS n, tag FROM ${schema}.amounts WHERE id = 1`))[0]).toEqual({ n: '3000000000', tag: 8 });
    // inside a transaction the error aborts it (it cannot be sent again there): the copy is dropped, so the caller's
    // retry on the same connection goes through
    const byNAndId = `SELECT id FROM ${schema}.amounts WHERE n = $1 AND id = $2`;
    expect(await qr.query(byNAndId, [2, 2])).toEqual([{ id: 2 }]);
    await admin.query(`ALTER TABLE ${schema}.amounts ALTER COLUMN n TYPE numeric`);
    await qr.startTransaction();
    await expect(qr.query(byNAndId, ['2.5', 2])).rejects.toMatchObject({ code: '22P02' });
    await qr.rollbackTransaction();
    await admin.query(`UPDATE ${schema}.amounts SET n = 2.5 WHERE id = 2`);
    await qr.startTransaction();
    expect(await qr.query(byNAndId, ['2.5', 2])).toEqual([{ id: 2 }]);
    await qr.commitTransaction();
  } finally {
    if (qr.isTransactionActive) await qr.rollbackTransaction();
    await qr.release();
  }
});

it('a connection prepares at most DB_PREPARED_MAX statements; the others go unnamed and answer all the same', async () => {
  process.env.DB_PREPARED_MAX = '3';
  const client = new PreparingClient({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const texts = Array.from({ length: 5 }, (_, i) => `SELECT name, ${i} AS k FROM ${schema}.items WHERE id = $1`);
    for (const t of texts) expect((await client.query(t, [1])).rows[0].name).toBe('one');
    // the first three (the list below has no parameter: not prepared)
    const { rows } = await client.query(`SELECT name FROM pg_prepared_statements`);
    expect(rows.map((r: { name: string }) => r.name).sort()).toEqual(texts.slice(0, 3).map(statementName).sort());
  } finally {
    await client.end();
    delete process.env.DB_PREPARED_MAX;
  }
});

it('DB_PREPARED_STATEMENTS=0: the pool sends every statement unnamed', async () => {
  process.env.DB_PREPARED_STATEMENTS = '0';
  const plain = new DataSource({ ...schemaDataSourceOptions({ schema, entities: [], migrations: [], poolSize: 2 }) } as never);
  delete process.env.DB_PREPARED_STATEMENTS;
  await plain.initialize();
  const qr = plain.createQueryRunner();
  await qr.connect();
  try {
    const text = `SELECT name FROM ${schema}.items WHERE id = $1 AND id > 0`;
    expect(await qr.query(text, [1])).toEqual([{ name: 'one' }]);
    expect((await qr.query(`SELECT count(*)::int AS n FROM pg_prepared_statements`))[0].n).toBe(0);
  } finally {
    await qr.release();
    await plain.destroy();
  }
});
