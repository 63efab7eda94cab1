import type { Pool, PoolClient, QueryResult } from 'pg';
import { DataSource, QueryFailedError, QueryRunner } from 'typeorm';

/**
 * The DataSource of every service schema (ADR 0061). A raw statement outside a transaction (`ds.query(sql, params)`,
 * how the services' repositories send nearly all of theirs) goes to the pool's connection straight, without the query
 * runner TypeORM makes for each such call (a QueryRunner with its EntityManager and Broadcaster, its events and its
 * listeners): on the checkout that was about 5 % of domain-ops' CPU. What the caller sees is what TypeORM's own path
 * gives (PostgresQueryRunner.query): the rows, or `[rows, rowCount]` for an UPDATE or DELETE; a failure is logged by
 * the DataSource's logger and thrown as a QueryFailedError carrying the driver's error (its code, constraint, …).
 * A connection that fails while it is out, or that the server ends while a statement runs, is released with its error,
 * so the pool drops it.
 * With a query runner (a transaction), with entity subscribers, or on another driver, TypeORM's path is taken.
 */
export class ServiceDataSource extends DataSource {
  override async query<T = any>(query: string, parameters?: any[], queryRunner?: QueryRunner): Promise<T> {
    const pool = this.options.type === 'postgres' && !queryRunner && this.subscribers.length === 0 ? ((this.driver as unknown as { master?: Pool }).master) : undefined;
    if (!pool) return super.query<T>(query, parameters, queryRunner);
    const client: PoolClient = await pool.connect();
    let failed: Error | undefined;
    const onError = (e: Error) => { failed = e; };
    client.on('error', onError);
    try {
      const raw = (await client.query(query, parameters)) as QueryResult | undefined;
      if (!raw) return raw as T;
      return (raw.command === 'DELETE' || raw.command === 'UPDATE' ? [raw.rows, raw.rowCount] : raw.rows) as T;
    } catch (e) {
      // the connection's own failure (no SQLSTATE: the socket) or the server ending the session (FATAL, e.g. 57P01
      // when the backend is terminated): the statement's error comes before the connection's end, so the connection
      // is dropped now, not handed to the next caller (TypeORM's path hands it on, and that call fails too)
      const { code, severity } = e as { code?: string; severity?: string };
      if (!code || severity === 'FATAL' || severity === 'PANIC') failed ??= e as Error;
      this.logger.logQueryError(e as Error, query, parameters);
      throw new QueryFailedError(query, parameters, e as Error);
    } finally {
      client.removeListener('error', onError);
      client.release(failed);
    }
  }
}
