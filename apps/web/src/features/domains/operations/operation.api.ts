import { useEffect, useRef, useState } from 'react';
import type { OperationAccepted, OperationRow, OperationStatus } from '@registrar/contracts';
import { api } from '../../../lib/api';

/** The fields of a list row the operation modals read (a subset of the domain list's row). */
export interface OpRow {
  id: number;
  name: string;
  idn: string;
  punycode?: string;
  due_date: string | null;
  is_auto_update_enabled_flg: 0 | 1;
  is_whois_proxy_enabled_flg: 0 | 1;
  is_whois_processing_flg: 0 | 1 | 2;
  is_domain_lock_enabled_flg: 0 | 1;
  admin_lock_status: number;
  is_trash_flg: 0 | 1;
  user_memo: string | null;
  name_servers: string[];
  tld_policy?: { can_lock: boolean; can_proxy: boolean };
}

/** The props the domain list's extension point gives every operation modal (features/domains/operations.tsx). */
export interface OpModalProps {
  domains: OpRow[];
  onClose: (result?: { changedIds?: number[]; reload?: boolean }) => void;
  setBusy: (busy: boolean) => void;
}

/** Long operations allow up to an hour (001 §7). */
const LONG = 3_600_000;

export const postOperation = <T extends OperationAccepted = OperationAccepted>(path: string, body: unknown) => api<T>(path, { body, timeoutMs: LONG });
export const operationStatus = (jobId: string, signal?: AbortSignal) => api<OperationStatus>('/mypage/domain/operation/status', { query: { jobId }, signal });

/**
 * Runs one operation: posts it, then polls its job until every row has ended. `rows` holds the per-domain rows
 * (refused ones from the answer, the others as they finish), `progress` done/total while it runs.
 */
export function useOperationRun() {
  const [rows, setRows] = useState<OperationRow[]>([]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const alive = useRef(true);
  useEffect(() => () => { alive.current = false; }, []);

  async function run<T extends OperationAccepted>(path: string, body: unknown): Promise<{ answer: T; rows: OperationRow[] }> {
    const answer = await postOperation<T>(path, body);
    if (!answer.result || !answer.jobId) {
      setRows(answer.domains ?? []);
      return { answer, rows: answer.domains ?? [] };
    }
    setRows(answer.domains);
    setProgress({ done: answer.domains.filter((d) => d.status === 'error').length, total: answer.domains.length });
    let wait = 300;
    for (;;) {
      if (!alive.current) return { answer, rows: answer.domains };
      const s = await operationStatus(answer.jobId);
      setRows(s.domains);
      setProgress({ done: s.done, total: s.total });
      if (s.finished) return { answer, rows: s.domains };
      await new Promise((r) => setTimeout(r, wait));
      wait = Math.min(2_000, wait + 200);
    }
  }
  return { rows, progress, run, reset: () => { setRows([]); setProgress(null); } };
}
