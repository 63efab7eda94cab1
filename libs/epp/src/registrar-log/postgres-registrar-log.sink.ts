import type { Logger } from 'pino';
import type { RegistrarLogEntry, RegistrarLogSink } from './registrar-log.types';

/** Anything with pg's `query(text, params)`: a pg.Pool, or a TypeORM DataSource. */
export interface SqlExecutor {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

export interface PostgresRegistrarLogSinkOptions {
  /** schema that holds registrar_log (default domain_ops) */
  schema?: string;
  /** flush at most this often (ms) */
  flushIntervalMs?: number;
  /** rows per INSERT */
  batchSize?: number;
  /** entries kept in memory at most while the database is slow; the oldest are dropped (and counted) beyond */
  maxBuffered?: number;
  logger?: Pick<Logger, 'warn' | 'error'>;
}

const COLUMN_TYPES = ['bigint', 'bigint', 'text', 'text', 'int', 'text', 'int', 'jsonb', 'jsonb', 'int', 'text', 'text', 'timestamptz'];
const COLUMNS = ['user_id', 'domain_pkid', 'domain_name', 'action_type', 'result_code', 'result', 'spec_result_code', 'success_parameter', 'onamae_response', 'duration_ms', 'cl_trid', 'sv_trid', 'created_at'];

/**
 * Writes the registrar log to PostgreSQL in batches (one INSERT … SELECT FROM unnest of one array per column, from a
 * memory buffer), so a burst of domain:check commands costs one INSERT per few hundred commands and no command ever
 * waits for the log.
 */
export class PostgresRegistrarLogSink implements RegistrarLogSink {
  private buffer: RegistrarLogEntry[] = [];
  private timer?: NodeJS.Timeout;
  private writing?: Promise<void>;
  private closed = false;
  dropped = 0;
  written = 0;
  private readonly table: string;
  private readonly batchSize: number;
  private readonly maxBuffered: number;
  private readonly intervalMs: number;

  constructor(private readonly db: SqlExecutor, private readonly o: PostgresRegistrarLogSinkOptions = {}) {
    const schema = o.schema ?? 'domain_ops';
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
    this.table = `"${schema}"."registrar_log"`;
    this.batchSize = o.batchSize ?? 250;
    this.maxBuffered = o.maxBuffered ?? 50_000;
    this.intervalMs = o.flushIntervalMs ?? 250;
  }

  record(entry: RegistrarLogEntry): void {
    if (this.closed) return;
    this.buffer.push(entry);
    if (this.buffer.length > this.maxBuffered) {
      const over = this.buffer.length - this.maxBuffered;
      this.buffer.splice(0, over);
      this.dropped += over;
    }
    if (!this.timer) {
      this.timer = setTimeout(() => { this.timer = undefined; void this.flush(); }, this.intervalMs);
      this.timer.unref();
    }
  }

  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (!this.buffer.length) return;
    this.writing = this.writeAll().finally(() => { this.writing = undefined; });
    await this.writing;
  }

  private async writeAll(): Promise<void> {
    while (this.buffer.length) {
      const batch = this.buffer.splice(0, this.batchSize);
      // one array per column (13 parameters, whatever the batch's size): cheaper to send, parse and plan than a
      // VALUES list of 13 parameters per row
      const cols: unknown[][] = COLUMNS.map(() => new Array(batch.length));
      for (let i = 0; i < batch.length; i++) {
        const e = batch[i]!;
        cols[0]![i] = e.userId; cols[1]![i] = e.domainPkid; cols[2]![i] = e.domainName; cols[3]![i] = e.actionType;
        cols[4]![i] = e.resultCode; cols[5]![i] = e.result; cols[6]![i] = e.specResultCode; cols[7]![i] = JSON.stringify(e.params);
        cols[8]![i] = JSON.stringify(e.response); cols[9]![i] = e.durationMs; cols[10]![i] = e.clTRID; cols[11]![i] = e.svTRID;
        cols[12]![i] = e.createdAt.toISOString();
      }
      try {
        await this.db.query(`INSERT INTO ${this.table} (${COLUMNS.join(',')}) SELECT * FROM unnest(${COLUMN_TYPES.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})`, cols);
        this.written += batch.length;
      } catch (e) {
        this.dropped += batch.length;
        this.o.logger?.error({ err: e, rows: batch.length }, 'registrar log: could not write a batch');
      }
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
    this.closed = true;
  }
}
