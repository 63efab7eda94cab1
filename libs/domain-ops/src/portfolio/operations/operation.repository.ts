import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { DomainOperationKind, OperationRow, OperationRowStatus } from '@registrar/contracts';
import { EPP_CLIENT, EppClientPool } from '@registrar/epp';
import { GroupBatcher } from '../../shared/common/group-batcher';
import { DOMAIN_OPS_SCHEMA } from '../../shared/contacts/contacts.repository';

/** The fields of a domain an operation reads. */
export interface OpDomain {
  id: number;
  userId: number;
  name: string;
  idn: string;
  punycode: string;
  tld: string;
  status: string;
  dueDate: Date | null;
  lock: boolean;
  autoUpdate: boolean;
  proxy: boolean;
  trash: boolean;
  whoisFlag: number;
  adminLock: number;
  /** the market listing holding it (docs/market.md), null when not listed */
  marketListingId: number | null;
  memo: string | null;
  nameServers: string[];
}

export interface OpItem {
  runId: string;
  domainId: number;
  name: string;
  idn: string;
  status: OperationRowStatus;
  message: string | null;
  params: Record<string, unknown> | null;
  secret: string | null;
}

export interface OpRun {
  id: string;
  userId: number;
  kind: DomainOperationKind;
  params: Record<string, any>;
  total: number;
  finishedAt: Date | null;
}

const toDomain = (r: Record<string, any>): OpDomain => ({
  id: Number(r.id), userId: Number(r.user_id), name: r.name, idn: r.idn, punycode: r.punycode, tld: r.tld, status: r.status,
  dueDate: r.due_date ? new Date(r.due_date) : null, lock: r.is_domain_lock_enabled, autoUpdate: r.is_auto_update_enabled, proxy: r.is_whois_proxy_enabled,
  trash: r.is_trash, whoisFlag: Number(r.whois_processing_flg ?? 0), adminLock: Number(r.admin_lock_status ?? 0), marketListingId: r.market_listing_id == null ? null : Number(r.market_listing_id), memo: r.memo, nameServers: r.name_servers ?? [],
});
/** The columns of a domain toDomain reads (a bulk run's chunk reads no more of the wide row than it uses). */
const OP_DOMAIN_COLUMNS = ['id', 'user_id', 'name', 'idn', 'punycode', 'tld', 'status', 'due_date', 'is_domain_lock_enabled', 'is_auto_update_enabled',
  'is_whois_proxy_enabled', 'is_trash', 'whois_processing_flg', 'admin_lock_status', 'market_listing_id', 'memo'].map((c) => `d.${c}`).join(', ');
const toItem = (r: Record<string, any>): OpItem => ({
  runId: r.run_id, domainId: Number(r.domain_id), name: r.name, idn: r.idn, status: r.status, message: r.message, params: r.params, secret: r.secret,
});

/**
 * How long the first end of a row waits for others before its statement goes (the domains of a bulk run end one by
 * one at the registry's pace; ADR 0037). Each statement costs PostgreSQL about 0.35 ms whatever its size (its
 * transaction, the domain list's version triggers): 1,000 ends cost 72 ms of the backend's CPU in statements of 10,
 * 48 in statements of 30, 32 in statements of 80, and no less in larger ones (ADR 0058). 40 ms (about 35 ends a
 * statement at the registry's pace here) was kept while an end also rewrote the `domains` row, whose updates found no
 * room on their page in larger statements (ADR 0053); it no longer does, so the ends wait up to 100 ms.
 */
export const END_LINGER_MS = 100;

/** How a row ends: its status and message, what the modal shows once, and (name servers) the domain's new list. */
export interface ItemEnd {
  status: OperationRowStatus;
  message: string;
  secret?: string | null;
  params?: Record<string, unknown>;
  /** replaces the domain's name servers (in this order) in the statement that ends the row */
  nameServers?: string[];
}

/** Operation runs and their per-domain items, and the local facts of a domain the operations change. */
@Injectable()
export class OperationRepository {
  constructor(
    @InjectDataSource(DOMAIN_OPS_SCHEMA) readonly ds: DataSource,
    /** the registry's answers this process awaits: while there are none, an end does not linger for company */
    @Optional() @Inject(EPP_CLIENT) private readonly epp?: EppClientPool,
  ) {}

  /**
   * The member's domains of these ids (others' ids are simply absent), for a request's checks: the columns they read
   * (OP_DOMAIN_COLUMNS, not every column of up to 1,000 wide rows), without the name servers (no check reads them;
   * `nameServers` is empty here; a child reads them fresh, `itemWithDomain`).
   */
  async domainsOf(userId: number, ids: number[]): Promise<OpDomain[]> {
    const rows = await this.ds.query(`SELECT ${OP_DOMAIN_COLUMNS} FROM domain_ops.domains d WHERE d.user_id = $1 AND d.id = ANY($2::bigint[])`, [userId, ids]);
    return rows.map(toDomain);
  }

  async domain(id: number, m: Pick<EntityManager, 'query'> = this.ds): Promise<OpDomain | null> {
    const rows = await m.query(
      `SELECT d.*, coalesce(array_agg(ns.name ORDER BY ns.priority) FILTER (WHERE ns.name IS NOT NULL), '{}') AS name_servers
       FROM domain_ops.domains d LEFT JOIN domain_ops.domain_name_servers ns ON ns.domain_id = d.id WHERE d.id = $1 GROUP BY d.id`,
      [id],
    );
    return rows.length ? toDomain(rows[0]) : null;
  }

  /**
   * The run and its rows in one statement (atomic: every domain of the request has a row from the start), the rows'
   * columns as one array each: a request of 1,000 domains is one statement of 11 parameters, not two of 4,000 in a
   * transaction (its time is time the registry's connections wait for the run's first command).
   */
  async createRun(run: Omit<OpRun, 'finishedAt'>, items: Array<Omit<OpItem, 'runId' | 'secret'>>): Promise<void> {
    await this.ds.query(
      `WITH r AS (INSERT INTO domain_ops.operation_runs (id, user_id, kind, params, total) VALUES ($1, $2, $3, $4, $5))
       INSERT INTO domain_ops.operation_items (run_id, domain_id, position, name, idn, status, message, params)
       SELECT $1, x.domain_id, x.n - 1, x.name, x.idn, x.status, x.message, x.params
         FROM unnest($6::bigint[], $7::text[], $8::text[], $9::text[], $10::text[], $11::jsonb[]) WITH ORDINALITY AS x(domain_id, name, idn, status, message, params, n)`,
      [run.id, run.userId, run.kind, JSON.stringify(run.params), run.total, items.map((it) => it.domainId), items.map((it) => it.name), items.map((it) => it.idn),
        items.map((it) => it.status), items.map((it) => it.message), items.map((it) => (it.params ? JSON.stringify(it.params) : null))],
    );
  }

  async run(id: string): Promise<OpRun | null> {
    const rows = await this.ds.query('SELECT * FROM domain_ops.operation_runs WHERE id = $1', [id]);
    if (!rows.length) return null;
    const r = rows[0];
    return { id: r.id, userId: Number(r.user_id), kind: r.kind, params: r.params, total: r.total, finishedAt: r.finished_at };
  }

  /**
   * The row and its domain (null domain: gone). The children of a bulk run ask at the same moment: their reads go
   * together in one statement (GroupBatcher), each still reading the row as it is now.
   */
  itemWithDomain(runId: string, domainId: number): Promise<{ item: OpItem; domain: OpDomain | null } | null> {
    return this.itemReads.submit({ runId, domainId });
  }

  private readonly itemReads = new GroupBatcher<{ runId: string; domainId: number }, { item: OpItem; domain: OpDomain | null } | null>(async (keys) => {
    const rows = await this.ds.query(
      `SELECT k.n AS key_n, i.run_id, i.domain_id, i.name AS item_name, i.idn AS item_idn, i.status AS item_status, i.message, i.params, i.secret,
              ${OP_DOMAIN_COLUMNS}, (SELECT coalesce(array_agg(ns.name ORDER BY ns.priority), '{}') FROM domain_ops.domain_name_servers ns WHERE ns.domain_id = d.id) AS name_servers
       FROM unnest($1::uuid[], $2::bigint[]) WITH ORDINALITY AS k(run_id, domain_id, n)
       JOIN domain_ops.operation_items i ON i.run_id = k.run_id AND i.domain_id = k.domain_id
       LEFT JOIN domain_ops.domains d ON d.id = i.domain_id`,
      [keys.map((k) => k.runId), keys.map((k) => k.domainId)],
    );
    const out: ({ item: OpItem; domain: OpDomain | null } | null)[] = keys.map(() => null);
    for (const r of rows) {
      const item = toItem({ ...r, name: r.item_name, idn: r.item_idn, status: r.item_status });
      out[Number(r.key_n) - 1] = { item, domain: r.id == null ? null : toDomain(r) };
    }
    return out;
  });

  /**
   * Ends a row and writes its action-log line (once per key), and sets the domain's name servers when given: each of
   * them stamped with the time (public WHOIS shows the later of it and the domain's `updated_at`; the wide `domains`
   * row is not rewritten for it, ADR 0058, except for a domain left with no name server). Rows ended
   * by the children of a bulk run within END_LINGER_MS of each other go together in one statement (GroupBatcher with a
   * linger, which ends early once this process awaits no registry answer: no more ends are coming); each child returns
   * once its own row is committed.
   */
  endItem(runId: string, domainId: number, v: ItemEnd,
    log: { userId: number; domainId: number | null; domainName: string; subject: string; content: string; dedupeKey: string }): Promise<void> {
    return this.itemEnds.submit({ runId, domainId, v, log });
  }

  private readonly itemEnds = new GroupBatcher<{ runId: string; domainId: number; v: ItemEnd;
    log: { userId: number; domainId: number | null; domainName: string; subject: string; content: string; dedupeKey: string } }, void>(async (ends) => {
    // a domain's name servers set twice in one batch (two runs at once) go in two statements: one may not touch a row twice
    for (let rest = ends; rest.length;) {
      const seen = new Set<number>();
      const now = rest.filter((e) => !e.v.nameServers || (!seen.has(e.domainId) && !!seen.add(e.domainId)));
      rest = rest.filter((e) => !now.includes(e));
      await this.ds.query(
        `WITH v AS (
           SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::boolean[], $6::text[], $7::jsonb[], $8::bigint[], $9::bigint[], $10::text[], $11::text[], $12::text[], $13::text[], $14::jsonb[])
             AS v(run_id, domain_id, status, message, set_secret, secret, params, user_id, log_domain_id, domain_name, subject, content, dedupe_key, ns)),
         upd AS (
           UPDATE domain_ops.operation_items i SET status = v.status, message = v.message, secret = CASE WHEN v.set_secret THEN v.secret ELSE i.secret END,
             params = coalesce(v.params, i.params), updated_at = now() FROM v WHERE i.run_id = v.run_id AND i.domain_id = v.domain_id RETURNING 1),
         n AS (SELECT domain_id, ns FROM v WHERE ns IS NOT NULL),
         ns_del AS (DELETE FROM domain_ops.domain_name_servers s USING n WHERE s.domain_id = n.domain_id AND s.priority > jsonb_array_length(n.ns)),
         ns_dom AS (UPDATE domain_ops.domains d SET updated_at = now() FROM n WHERE d.id = n.domain_id AND jsonb_array_length(n.ns) = 0),
         ns_set AS (
           INSERT INTO domain_ops.domain_name_servers (domain_id, priority, name, updated_at)
           SELECT n.domain_id, x.p, x.name, now() FROM n, jsonb_array_elements_text(n.ns) WITH ORDINALITY AS x(name, p)
           ON CONFLICT (domain_id, priority) DO UPDATE SET name = EXCLUDED.name, updated_at = EXCLUDED.updated_at)
         INSERT INTO domain_ops.action_logs (user_id, domain_id, domain_name, type, point, remaining_point, subject, content, dedupe_key)
         SELECT user_id, log_domain_id, domain_name, 2, 0, NULL, subject, content, dedupe_key FROM v ON CONFLICT (dedupe_key) DO NOTHING`,
        [now.map((e) => e.runId), now.map((e) => e.domainId), now.map((e) => e.v.status), now.map((e) => e.v.message), now.map((e) => e.v.secret !== undefined),
          now.map((e) => e.v.secret ?? null), now.map((e) => (e.v.params ? JSON.stringify(e.v.params) : null)), now.map((e) => e.log.userId), now.map((e) => e.log.domainId),
          now.map((e) => e.log.domainName), now.map((e) => e.log.subject), now.map((e) => e.log.content), now.map((e) => e.log.dedupeKey),
          now.map((e) => (e.v.nameServers ? JSON.stringify(e.v.nameServers) : null))],
      );
    }
    return ends.map(() => undefined);
  }, 200, END_LINGER_MS, () => (this.epp ? this.epp.inFlight > 0 : true));

  async item(runId: string, domainId: number): Promise<OpItem | null> {
    const rows = await this.ds.query('SELECT * FROM domain_ops.operation_items WHERE run_id = $1 AND domain_id = $2', [runId, domainId]);
    return rows.length ? toItem(rows[0]) : null;
  }

  async setItem(runId: string, domainId: number, v: { status: OperationRowStatus; message?: string | null; secret?: string | null; params?: Record<string, unknown> }, m: Pick<EntityManager, 'query'> = this.ds): Promise<void> {
    await m.query(
      `UPDATE domain_ops.operation_items SET status = $3, message = coalesce($4, message), secret = CASE WHEN $5::boolean THEN $6 ELSE secret END,
         params = coalesce($7::jsonb, params), attempts = attempts + CASE WHEN $3 = 'processing' THEN 1 ELSE 0 END, updated_at = now()
       WHERE run_id = $1 AND domain_id = $2`,
      [runId, domainId, v.status, v.message ?? null, v.secret !== undefined, v.secret ?? null, v.params ? JSON.stringify(v.params) : null],
    );
  }

  /** Runs not finished after olderThanS seconds that still have queued or processing rows (the money reconciler's input). */
  async stuckRuns(olderThanS: number, limit = 100): Promise<Array<{ id: string; unfinished: number[] }>> {
    const rows = await this.ds.query(
      `SELECT r.id, array_agg(i.domain_id ORDER BY i.position) AS unfinished
         FROM domain_ops.operation_runs r JOIN domain_ops.operation_items i ON i.run_id = r.id AND i.status IN ('queued', 'processing')
        WHERE r.finished_at IS NULL AND r.created_at < now() - make_interval(secs => $1)
        GROUP BY r.id, r.created_at ORDER BY r.created_at LIMIT $2`,
      [olderThanS, limit],
    );
    return rows.map((r: { id: string; unfinished: string[] }) => ({ id: r.id, unfinished: r.unfinished.map(Number) }));
  }

  async finishRun(id: string): Promise<void> {
    await this.ds.query('UPDATE domain_ops.operation_runs SET finished_at = coalesce(finished_at, now()) WHERE id = $1', [id]);
  }

  /** How many rows of the run have ended (reads no secret). */
  async ended(runId: string): Promise<number> {
    const r = await this.ds.query(`SELECT count(*) AS n FROM domain_ops.operation_items WHERE run_id = $1 AND status IN ('success', 'accepted', 'error')`, [runId]);
    return Number(r[0].n);
  }

  /**
   * The rows of a run; the read AUTHCODEs are handed out once, by the first poll that finds the run finished (then
   * cleared). Only an AUTHCODE run (`secrets`) has codes to hand out: the others' polls are a plain read.
   */
  async rows(runId: string, secrets = true): Promise<{ rows: OperationRow[]; done: number }> {
    const rows = await this.ds.query(
      secrets
        ? `WITH given AS (
             UPDATE domain_ops.operation_items t SET secret = NULL
             FROM (SELECT domain_id, secret FROM domain_ops.operation_items WHERE run_id = $1 AND secret IS NOT NULL AND status = 'success' FOR UPDATE) old
             WHERE t.run_id = $1 AND t.domain_id = old.domain_id
               AND NOT EXISTS (SELECT 1 FROM domain_ops.operation_items u WHERE u.run_id = $1 AND u.status IN ('queued', 'processing'))
             RETURNING t.domain_id, old.secret
           )
           SELECT i.domain_id, i.name, i.idn, i.status, i.message, i.params->'content' AS content, g.secret AS given
             FROM domain_ops.operation_items i LEFT JOIN given g ON g.domain_id = i.domain_id WHERE i.run_id = $1 ORDER BY i.position`
        : `SELECT i.domain_id, i.name, i.idn, i.status, i.message, i.params->'content' AS content FROM domain_ops.operation_items i WHERE i.run_id = $1 ORDER BY i.position`,
      [runId],
    );
    let done = 0;
    const out = rows.map((r: Record<string, any>): OperationRow => {
      if (r.status === 'success' || r.status === 'error' || r.status === 'accepted') done++;
      return {
        id: Number(r.domain_id), name: r.name, idn: r.idn, status: r.status, message: r.message,
        ...(r.content !== null && r.content !== undefined ? { content: r.content as string } : {}),
        ...(r.given ? { authcode: r.given as string } : {}),
      };
    });
    return { rows: out, done };
  }

  // ---- local facts of a domain
  async setFlags(domainId: number, v: { lock?: boolean; autoUpdate?: boolean; trash?: boolean; memo?: string | null }, m: Pick<EntityManager, 'query'> = this.ds): Promise<void> {
    await m.query(
      // the member's own lock change ends a new domain's default lock still applying or failed (lock_state; docs/purchase.md)
      `UPDATE domain_ops.domains SET is_domain_lock_enabled = coalesce($2, is_domain_lock_enabled), is_auto_update_enabled = coalesce($3, is_auto_update_enabled),
         lock_state = CASE WHEN $2::boolean IS NULL THEN lock_state END, lock_error = CASE WHEN $2::boolean IS NULL THEN lock_error END,
         is_trash = coalesce($4, is_trash), memo = CASE WHEN $5::boolean THEN $6 ELSE memo END, updated_at = now() WHERE id = $1`,
      [domainId, v.lock ?? null, v.autoUpdate ?? null, v.trash ?? null, v.memo !== undefined, v.memo ?? null],
    );
  }
}
