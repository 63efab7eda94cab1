import { Client } from 'pg';
import { DataSource, DataSourceOptions, EntitySchema, MixedList } from 'typeorm';
import { poolClientClass } from './prepared';
import { SafeTypeOrmLogger } from './safe-logger';
import { ServiceDataSource } from './service-data-source';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type EntityList = MixedList<Function | string | EntitySchema>;
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type MigrationList = MixedList<Function | string>;

export interface SchemaOptions {
  /** The PostgreSQL schema owned by one service (catalog, orders, ...). No cross-schema joins. */
  schema: string;
  entities: EntityList;
  migrations: MigrationList;
  url?: string;
  /** pool size per process */
  poolSize?: number;
  /** how long an idle connection stays (ms; default dbPoolIdleMs()) */
  idleMs?: number;
}

/** TypeORM options for one service schema: its own migrations table, migrations run explicitly. */
export function schemaDataSourceOptions(o: SchemaOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: o.url ?? process.env.DATABASE_URL,
    schema: o.schema,
    entities: o.entities,
    migrations: o.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    // failed queries only, without their parameters (SafeTypeOrmLogger: they can hold personal data)
    logging: ['error'],
    logger: new SafeTypeOrmLogger(),
    // at least 2: the migration advisory lock holds one connection while migrations run on another; the pool's
    // client sends parameterised statements as prepared ones (prepared.ts, DB_PREPARED_STATEMENTS=0 turns it off)
    extra: {
      max: Math.max(2, o.poolSize ?? Number(process.env.DB_POOL_SIZE ?? 10)), application_name: `registrar-${o.schema}`, connectionTimeoutMillis: dbConnectTimeoutMs(),
      // idle connections do not keep a process alive (a script that does not close its DataSource still ends)
      idleTimeoutMillis: o.idleMs ?? dbPoolIdleMs(), allowExitOnIdle: true,
      ...(poolClientClass() ? { Client: poolClientClass() } : {}),
    },
  };
}

/**
 * How long an idle connection stays in its pool (DB_POOL_IDLE_MS, 300 s; pg's own default is 10 s). A backend's first
 * statements are its dearest: each text parsed once per connection, planned afresh for its first five runs, and the
 * backend's catalogue caches filled (ADR 0066). Kept for minutes, a burst of orders finds the connections the last one
 * warmed; closed after 10 s idle, every burst paid that again. 0 keeps them until they fail.
 */
export function dbPoolIdleMs(): number {
  const raw = process.env.DB_POOL_IDLE_MS;
  const n = Number(raw);
  return raw && Number.isSafeInteger(n) && n >= 0 ? n : 300_000;
}

/**
 * How long a pool waits for a connection (DB_CONNECT_TIMEOUT_MS, 30 s): a new one the server has not let in by then is
 * dropped, and a query that waited that long for a free one fails (ADR 0057). Without it a connection attempt the
 * server never answers (a backend stuck in its start, a network that drops packets) kept its place in the pool for
 * good: after `max` of them every query of the service waited for ever, though the database was back.
 */
export function dbConnectTimeoutMs(): number {
  const n = Number(process.env.DB_CONNECT_TIMEOUT_MS);
  return Number.isSafeInteger(n) && n >= 100 ? n : 30_000;
}

/** Creates the schema if missing (TypeORM puts its migrations table inside it, so it must exist first). */
export async function ensureSchema(schema: string, url = process.env.DATABASE_URL): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } finally {
    await client.end();
  }
}

/** Opens a DataSource for a schema and applies its pending migrations under an advisory lock (safe with replicas). */
export async function openSchema(o: SchemaOptions): Promise<DataSource> {
  await ensureSchema(o.schema, o.url);
  const ds = new ServiceDataSource(schemaDataSourceOptions(o));
  await ds.initialize();
  await migrateWithLock(ds, o.schema);
  return ds;
}

export async function migrateWithLock(ds: DataSource, schema: string): Promise<void> {
  const runner = ds.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrations:${schema}`]);
    await ds.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrations:${schema}`]).catch(() => undefined);
    await runner.release();
  }
}
