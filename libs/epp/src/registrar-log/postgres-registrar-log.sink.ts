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

const COLUMNS = ['user_id', 'domain_pkid', 'domain_name', 'action_type', 'result_code', 'result', 'spec_result_code', 'success_parameter', 'onamae_response', 'duration_ms', 'cl_trid', 'sv_trid', 'created_at'];

/**
 * Writes the registrar log to PostgreSQL in batches (multi-row INSERTs from a memory buffer), so a burst of
 * domain:check commands costs one INSERT per few hundred commands and no command ever waits for the log.
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
    this.batchSize = o.batchSize ?? 500;
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
      const params: unknown[] = [];
      const rows = batch.map((e) => {
        const vals = [e.userId, e.domainPkid, e.domainName, e.actionType, e.resultCode, e.result, e.specResultCode, JSON.stringify(e.params), JSON.stringify(e.response), e.durationMs, e.clTRID, e.svTRID, e.createdAt];
        const ph = vals.map((v) => { params.push(v); return `$${params.length}`; });
        return `(${ph.join(',')})`;
      });
      try {
        await this.db.query(`INSERT INTO ${this.table} (${COLUMNS.join(',')}) VALUES ${rows.join(',')}`, params);
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
