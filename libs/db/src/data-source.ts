import { Client } from 'pg';
import { DataSource, DataSourceOptions, EntitySchema, MixedList } from 'typeorm';
import { poolClientClass } from './prepared';
import { SafeTypeOrmLogger } from './safe-logger';

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
    extra: { max: Math.max(2, o.poolSize ?? Number(process.env.DB_POOL_SIZE ?? 10)), application_name: `registrar-${o.schema}`, ...(poolClientClass() ? { Client: poolClientClass() } : {}) },
  };
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
  const ds = new DataSource(schemaDataSourceOptions(o));
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
