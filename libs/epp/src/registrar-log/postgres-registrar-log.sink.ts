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
 * The JSON columns travel as one text each, the batch's JSON texts joined by U+001E, split again by PostgreSQL
 * (string_to_array): JSON.stringify writes every character below U+0020 as an escape (\u001e), so the separator never
 * occurs inside a value. An array literal would need each text's quotes and backslashes escaped on the way out and
 * unescaped on the way in: about half the log's client CPU per row and a tenth of PostgreSQL's.
 */
const JSON_COLUMNS = new Set([7, 8]);
const SEPARATOR = '\x1e';
const INSERT_FROM = COLUMN_TYPES.map((t, i) => (JSON_COLUMNS.has(i) ? `string_to_array($${i + 1}::text, chr(30))::jsonb[]` : `$${i + 1}::${t}[]`)).join(', ');

/** One row as it is sent: the JSON columns already text, so the buffer holds flat strings, not answer trees. */
type Row = [number | null, number | null, string | null, string, number, string, number, string, string, number, string, string | null, string];

/**
 * Writes the registrar log to PostgreSQL in batches (one INSERT … SELECT FROM unnest of one array per column, from a
 * memory buffer), so a burst of domain:check commands costs one INSERT per few hundred commands and no command ever
 * waits for the log. Each entry is turned into its row (parameters and answer as JSON text) when it is recorded: the
 * buffer then holds a few flat strings per command instead of the parsed answer's objects, which would otherwise live
 * through the flush interval into the old generation and cost the garbage collector more than the serialising does.
 */
export class PostgresRegistrarLogSink implements RegistrarLogSink {
  private buffer: Row[] = [];
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

  record(e: RegistrarLogEntry): void {
    if (this.closed) return;
    let row: Row;
    try {
      row = [e.userId, e.domainPkid, e.domainName, e.actionType, e.resultCode, e.result, e.specResultCode, JSON.stringify(e.params),
        JSON.stringify(e.response), e.durationMs, e.clTRID, e.svTRID, e.createdAt.toISOString()];
    } catch (err) {
      // never throws to the command: a value JSON cannot hold is counted and reported, the command goes on
      this.dropped++;
      this.o.logger?.error({ err, action: e.actionType, clTRID: e.clTRID }, 'registrar log: could not serialise an entry');
      return;
    }
    this.buffer.push(row);
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
      // VALUES list of 13 parameters per row; the two JSON columns as one joined text each (above)
      const cols: unknown[][] = COLUMNS.map(() => new Array(batch.length));
      for (let i = 0; i < batch.length; i++) {
        const row = batch[i]!;
        for (let c = 0; c < COLUMNS.length; c++) cols[c]![i] = row[c];
      }
      const params = cols.map((col, i) => (JSON_COLUMNS.has(i) ? col.join(SEPARATOR) : col));
      try {
        await this.db.query(`INSERT INTO ${this.table} (${COLUMNS.join(',')}) SELECT * FROM unnest(${INSERT_FROM})`, params);
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
