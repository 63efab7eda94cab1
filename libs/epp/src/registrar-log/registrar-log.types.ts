import type { NormalizedResult } from '../epp.errors';

/** One registry command as the registrar log keeps it (002 spec: admin /admin/onamae_log). */
export interface RegistrarLogEntry {
  userId: number | null;
  domainPkid: number | null;
  /** the domain (or host/contact id) the command is about; a check lists its names separated by spaces */
  domainName: string | null;
  /** the EPP command, e.g. "domain:create", "domain:transfer:request", "poll:req" */
  actionType: string;
  /** the EPP result code (1000, 1001, 2202 …); 0 when no answer came (timeout, connection lost) */
  resultCode: number;
  result: NormalizedResult;
  /** the spec's code: 10000 success, 10001 pending, 20000 failed */
  specResultCode: number;
  /** command parameters, secrets masked */
  params: Record<string, unknown>;
  /** the parsed response (or the error), secrets masked */
  response: Record<string, unknown>;
  durationMs: number;
  clTRID: string;
  svTRID: string | null;
  createdAt: Date;
}

/** Where command records go. `record` must never block or throw: the command's answer does not wait for the log. */
export interface RegistrarLogSink {
  record(entry: RegistrarLogEntry): void;
  /** writes what is buffered */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export const REGISTRAR_LOG_SINK = Symbol('REGISTRAR_LOG_SINK');

const SECRET_KEYS = new Set(['pw', 'newpw', 'authinfo', 'password', 'authcode']);
export const MASK = '********';

/** Deep copy with every password and authInfo value replaced by a mask (a command's parameters: the caller's objects). */
export function maskSecrets<T>(value: T): T {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v instanceof Date) return v.toISOString();
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, val] of Object.entries(v)) out[k] = SECRET_KEYS.has(k.toLowerCase()) && val !== undefined && val !== null ? MASK : walk(val);
      return out;
    }
    return v;
  };
  return walk(value) as T;
}

/**
 * maskSecrets for a value nobody else changes (a parsed answer, owned by the client), copy on write: only the objects
 * and arrays on the way to a masked value or a Date are copied, the rest is shared with the input. A domain:check
 * answer, the common case, has neither and costs one walk, no copy.
 */
export function maskSecretsShared<T>(value: T): T {
  const walk = (v: unknown): unknown => {
    if (v instanceof Date) return v.toISOString();
    if (!v || typeof v !== 'object') return v;
    if (Array.isArray(v)) {
      let out: unknown[] | undefined;
      for (let i = 0; i < v.length; i++) {
        const w = walk(v[i]);
        if (w !== v[i]) (out ??= v.slice())[i] = w;
      }
      return out ?? v;
    }
    let out: Record<string, unknown> | undefined;
    for (const k of Object.keys(v)) {
      const val = (v as Record<string, unknown>)[k];
      const w = SECRET_KEYS.has(k.toLowerCase()) && val !== undefined && val !== null ? MASK : walk(val);
      if (w !== val) (out ??= { ...(v as Record<string, unknown>) })[k] = w;
    }
    return out ?? v;
  };
  return walk(value) as T;
}

/** Keeps entries in memory (tests, and a process without a database). */
export class MemoryRegistrarLogSink implements RegistrarLogSink {
  readonly entries: RegistrarLogEntry[] = [];
  record(entry: RegistrarLogEntry): void { this.entries.push(entry); }
  async flush(): Promise<void> { /* nothing buffered */ }
  async close(): Promise<void> { /* nothing to close */ }
}
