/**
 * The search run: dispatch, then availability checks in batches of 25 sent in parallel, each row filled as its batch
 * answers. A failed check shows しばらくしてから再度お試しください, stops the remaining checks and marks every row as error
 * (000 §4).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { AvailabilityStatus, SearchType, type AvailabilityStatusValue, type CheckBody, type DispatchResult } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { CHECK_BATCH_SIZE, chunk, parseBulk, parseKeyword, type UnavailableReason } from '@registrar/rules';
import { ApiError } from '../../lib/api';
import { sessionQuery } from '../../lib/session';
import { checkBatch, dispatchSearch } from './search.api';

/**
 * Every batch is sent at once (18 for a keyword search, 20 for 500 lines): the browser's network stack queues what its
 * 6 connections to the host cannot carry yet and sends it the moment one frees, without waiting for the page's main
 * thread, which is busy drawing the answers (bench/availability/browser-search.bench.ts: with 6 workers each waiting
 * for its answer to be handled, the last answer came ~1 s after the first call on a 2-core machine).
 */

export type RowState = 'idle' | 'checking' | 'available' | 'unavailable' | 'error' | 'skipped';

export interface SearchRow {
  key: string;
  /** display name, e.g. 日本語.jp */
  name: string;
  /** ASCII name, e.g. xn--wgv71a119e.jp */
  ascii: string;
  label: string;
  labelAscii: string;
  /** ASCII TLD (matches the catalogue's tld_name_punycode) */
  tld: string;
  tldName: string;
  idn: boolean;
  state: RowState;
  /** why an unavailable name cannot be registered (taken, reserved, premium, invalid) */
  reason?: UnavailableReason;
}

export interface SearchQuery {
  type: 1 | 2;
  text: string;
  categoryId: number | null;
}

export interface DomainSearch {
  rows: SearchRow[];
  /** dispatch in progress */
  dispatching: boolean;
  /** a validation or failure message for the form */
  error: string | null;
  /** the search has run (rows may be empty) */
  done: boolean;
  running: boolean;
}

function statusToState(s: AvailabilityStatusValue | null | undefined): RowState {
  if (s === AvailabilityStatus.Available) return 'available';
  if (s === AvailabilityStatus.Unavailable) return 'unavailable';
  if (s === AvailabilityStatus.Error) return 'error';
  return 'skipped';
}

function rowsOf(d: DispatchResult): SearchRow[] {
  return d.tlds.map((tld, i) => ({
    key: `${d.punycode[i]}.${tld}`,
    name: `${d.domain[i]}.${d.tld_name[i]}`,
    ascii: `${d.punycode[i]}.${tld}`,
    label: d.domain[i],
    labelAscii: d.punycode[i],
    tld,
    tldName: d.tld_name[i],
    idn: d.japaneseDomain[i],
    state: d.checkable[i] ? 'idle' : 'skipped',
  }));
}

/** Client-side rules for instant feedback; the server checks again and is the authority. */
export function validateQuery(q: SearchQuery): string | null {
  const r = q.type === SearchType.Bulk ? parseBulk(q.text) : parseKeyword(q.text);
  return r.ok ? null : r.error;
}

export function useDomainSearch(query: SearchQuery | null): DomainSearch {
  const [state, setState] = useState<DomainSearch>({ rows: [], dispatching: false, error: null, done: false, running: false });
  const run = useRef(0);
  const queryClient = useQueryClient();

  const update = useCallback((id: number, fn: (s: DomainSearch) => DomainSearch) => {
    if (run.current === id) setState(fn);
  }, []);
  // a search is what it asks, not the object asking it: the URL settling (a parameter filled in after the top page's
  // redirect) makes an equal query object, which must not dispatch the search again and drop the checks in flight
  const key = query ? JSON.stringify([query.type, query.categoryId, query.text]) : null;
  const current = useRef(query);
  current.current = query;

  useEffect(() => {
    const query = current.current;
    const id = ++run.current;
    const ctrl = new AbortController();
    if (!query) {
      setState({ rows: [], dispatching: false, error: null, done: false, running: false });
      return () => ctrl.abort();
    }
    const invalid = validateQuery(query);
    if (invalid) {
      setState({ rows: [], dispatching: false, error: invalid, done: false, running: false });
      return () => ctrl.abort();
    }
    setState({ rows: [], dispatching: true, error: null, done: false, running: true });

    void (async () => {
      let dispatched: DispatchResult;
      try {
        // the session's CSRF token must be in place before the first POST
        await queryClient.ensureQueryData(sessionQuery);
        const keywords = query.type === SearchType.Bulk ? query.text.split(/\r\n|\r|\n/) : [query.text];
        dispatched = await dispatchSearch({ keywords, categoryId: query.categoryId, type: query.type }, ctrl.signal);
      } catch (e) {
        if (ctrl.signal.aborted) return;
        const body = e instanceof ApiError ? (e.body as { error_msg?: string[] } | null) : null;
        update(id, () => ({ rows: [], dispatching: false, error: body?.error_msg?.[0] ?? M.retryLater, done: false, running: false }));
        return;
      }
      if (!dispatched.result) {
        update(id, () => ({ rows: [], dispatching: false, error: dispatched.error_msg[0] ?? M.enterDomainCorrectly, done: false, running: false }));
        return;
      }
      // every row to check shows its spinner from the start (one render, not one more per batch)
      const rows = rowsOf(dispatched).map((r) => (r.state === 'idle' ? { ...r, state: 'checking' as const } : r));
      update(id, () => ({ rows, dispatching: false, error: null, done: true, running: true }));

      // batches of 25: a keyword search sends domainName + tlds, a bulk search the full names
      const toCheck = rows.filter((r) => r.state === 'checking');
      const rowsByKey = new Map(toCheck.map((r) => [r.key, r]));
      const batches: { body: CheckBody; keys: string[] }[] =
        query.type === SearchType.Bulk
          ? chunk(toCheck, CHECK_BATCH_SIZE).map((b) => ({ body: { domainNames: b.map((r) => r.ascii) }, keys: b.map((r) => r.key) }))
          : [...groupBy(toCheck, (r) => r.labelAscii)].flatMap(([label, group]) =>
              chunk(group, CHECK_BATCH_SIZE).map((b) => ({ body: { domainName: label, tlds: b.map((r) => r.tld) }, keys: b.map((r) => r.key) })),
            );

      let failed = false;
      const fail = () => {
        if (failed) return;
        failed = true;
        ctrl.abort();
        update(id, (s) => ({ ...s, error: M.retryLater, running: false, rows: s.rows.map((r) => (r.state === 'skipped' ? r : { ...r, state: 'error' })) }));
      };
      // answers that arrive together (6 requests in flight) are shown in one render per frame, not one each
      const answered = new Map<string, { state: RowState; reason?: UnavailableReason }>();
      let frame: number | null = null;
      const show = () => {
        if (frame !== null) cancelAnimationFrame(frame);
        frame = null;
        if (failed || !answered.size) return;
        const found = new Map(answered);
        answered.clear();
        update(id, (s) => ({ ...s, rows: s.rows.map((r) => (found.has(r.key) ? { ...r, ...found.get(r.key)! } : r)) }));
      };
      ctrl.signal.addEventListener('abort', () => {
        if (frame !== null) cancelAnimationFrame(frame);
      });
      const send = async (batch: { body: CheckBody; keys: string[] }) => {
        try {
          const res = await checkBatch(batch.body, ctrl.signal);
          if (failed) return;
          if (!res.success) return fail();
          const byAscii = new Map(res.results.tlds.map((t) => [t.domain, { state: statusToState(t.status), ...(t.reason ? { reason: t.reason } : {}) }]));
          for (const key of batch.keys) answered.set(key, byAscii.get(rowsByKey.get(key)!.ascii) ?? { state: 'error' });
          if (frame === null) frame = requestAnimationFrame(show);
        } catch {
          if (ctrl.signal.aborted && run.current !== id) return;
          if (!failed) fail();
        }
      };
      await Promise.all(batches.map(send));
      show();
      if (!failed) update(id, (s) => ({ ...s, running: false }));
    })();
    return () => ctrl.abort();
  }, [key, update, queryClient]);

  return state;
}

function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const it of items) m.set(key(it), [...(m.get(key(it)) ?? []), it]);
  return m;
}
