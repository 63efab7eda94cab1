import { createHash } from 'node:crypto';
import { Client, ClientConfig, QueryResult } from 'pg';

/**
 * The pg client of every service pool (docs/adr/0051-checkout-what-bounds-it.md): a parameterised DML statement (SELECT, INSERT,
 * UPDATE, DELETE, WITH …, with at least one parameter) is sent as a named prepared statement, named by the hash of
 * its text. The first use on a connection parses it as before; every later use on that connection skips PostgreSQL's
 * parse, analysis and (once the server settles on a generic plan) planning, and sends less. On the checkout this took
 * about a third of PostgreSQL's CPU per order.
 *
 * - Bounded: a connection prepares at most `DB_PREPARED_MAX` (200) statements; beyond, statements go unnamed as before
 *   (statements whose text is built per call, e.g. TypeORM's `IN ($1, …, $n)`, cannot grow the server's memory).
 * - A prepared statement the server can no longer use is never used again on that connection, and the call is answered
 *   as before: when another replica's migration changed a table a `SELECT *` reads ("cached plan must not change
 *   result type", 0A000), or when the statement is gone from the server (26000, e.g. behind a pooler that reset the
 *   session). Outside a transaction the failed statement did nothing, so it is sent again, unnamed. Inside one the
 *   error would abort the transaction, and not every caller retries (a member's market purchase, a payment session):
 *   so inside a transaction a statement whose result columns a migration can change (`SELECT *`, `t.*`,
 *   `RETURNING *`) goes unnamed, as before prepared statements; any other statement whose server copy is gone (26000)
 *   fails its transaction, as any failed statement does.
 * - `DB_PREPARED_STATEMENTS=0` turns it off (e.g. behind a pooler in transaction mode, where a session's prepared
 *   statements do not follow the client).
 */
export class PreparingClient extends Client {
  /** the statement names prepared (or being prepared) on this connection */
  private readonly prepared = new Set<string>();
  /** names this connection must not use again (the server refused them) */
  private readonly refused = new Set<string>();
  private readonly max: number;

  constructor(config?: string | ClientConfig) {
    super(config);
    this.max = Number(process.env.DB_PREPARED_MAX ?? 200);
  }

  /** never used again on this connection (its copy stays on the server until the connection ends, one per name) */
  private refuse(name: string): void {
    this.refused.add(name);
    this.prepared.delete(name);
  }

  // pg's overloads: only the promise form with text and values (TypeORM's) is prepared; every other form is unchanged
  override query(...args: any[]): any {
    const [text, values, callback] = args;
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || callback !== undefined || !DML.test(text)) {
      return (super.query as (...a: any[]) => any)(...args);
    }
    // in a transaction (or before the connection's first answer): a star statement goes unnamed (0A000 cannot be retried there)
    if (this.getTransactionStatus() !== 'I' && STAR.test(text)) return super.query(text, values);
    const name = statementName(text);
    if (this.refused.has(name) || (!this.prepared.has(name) && this.prepared.size >= this.max)) return super.query(text, values);
    const earlier = this.prepared.has(name);
    this.prepared.add(name);
    return (super.query({ name, text, values }) as Promise<QueryResult>).catch((e: { code?: string }) => {
      const outside = this.getTransactionStatus() === 'I';
      if (e?.code && earlier && STALE_TYPES.has(e.code)) {
        // parameter types fixed when it was prepared here, before another replica's migration changed a column's type
        // (or a genuine error: a value out of range for the column itself). Outside a transaction nothing was done:
        // sent again unnamed, and the prepared copy is dropped on this connection only when that answer shows the
        // old types were the cause. Inside one it cannot be tried again: dropped, so the caller's retry goes unnamed.
        if (!outside) {
          this.refuse(name);
          throw e;
        }
        return (super.query(text, values) as Promise<QueryResult>).then((r) => {
          this.refuse(name);
          return r;
        });
      }
      if (e?.code !== '0A000' && e?.code !== '26000') throw e;
      this.refuse(name);
      // outside a transaction nothing was done: the same call goes again, unnamed
      if (!outside) throw e;
      return super.query(text, values);
    });
  }
}

/**
 * What a prepared statement answers when a migration changed the type of a column it names, its parameter types being
 * those of the old column (checked on PostgreSQL 15): a value the old type cannot hold (22003 out of range, 22P02 not
 * its syntax), or its re-analysis against the new column (42804 an assignment of the old type, 42883 no operator
 * between the types). An unnamed statement takes the new column's type.
 */
const STALE_TYPES = new Set(['22003', '22P02', '42804', '42883']);

const DML = /^\s*(WITH|SELECT|INSERT|UPDATE|DELETE)\b/i;
/** a select list or RETURNING with `*` or `t.*` (not `count(*)`, not a product): its result columns follow the table's */
const STAR = /(?:^|[\s,])(?:"?\w+"?\.)?\*(?=\s*(?:,|\bFROM\b|$))/i;

/**
 * Names already computed, by text: a service sends the same few dozen texts again and again, and hashing each one per
 * call was about 1 % of domain-ops' CPU on the checkout (ADR 0061). Bounded: texts built per call (`IN ($1, …, $n)`)
 * cannot grow it past NAME_CACHE_MAX; it starts over when full.
 */
const names = new Map<string, string>();
const NAME_CACHE_MAX = 2000;

export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `rk_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (names.size >= NAME_CACHE_MAX) names.clear();
    names.set(text, name);
  }
  return name;
}

/** The pool's client class for a service DataSource (`extra.Client`): prepared statements unless turned off. */
export function poolClientClass(): typeof Client | undefined {
  return process.env.DB_PREPARED_STATEMENTS === '0' ? undefined : PreparingClient;
}
