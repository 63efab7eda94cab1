import { SetMetadata } from '@nestjs/common';
import type { Request } from 'express';

/** What a handler tells the audit log about the action it performed (all optional). */
export interface AuditNote {
  /** a stable name such as "user.points.adjust"; the route's "METHOD /pattern" otherwise */
  action?: string;
  /** what it was done to: a user id, a domain name, a TLD */
  target?: string | number | null;
  before?: unknown;
  after?: unknown;
}

export const AUDIT_ACTION_KEY = 'registrar:audit-action';
/** Names the action of a handler in the audit log (e.g. `@AuditAction('user.admin-role')`). */
export const AuditAction = (name: string) => SetMetadata(AUDIT_ACTION_KEY, name);

export const AUDIT_SKIP_KEY = 'registrar:audit-skip';
/** A POST that only reads (a search with a body, as the spec's log screens send): not an action, not audited. */
export const ReadOnlyCall = () => SetMetadata(AUDIT_SKIP_KEY, true);

/** Large answers are summarised in the audit log rather than copied. */
export function auditSized(value: unknown, maxChars = 8_000): unknown {
  const text = JSON.stringify(value ?? null);
  return text.length <= maxChars ? value : { truncated: true, chars: text.length };
}

type AuditedRequest = Request & { auditNote?: AuditNote };

/** Adds before/after (and a target) to the audit record of the current admin call. Call it from the handler. */
export function audit(req: Request, note: AuditNote): void {
  const r = req as AuditedRequest;
  r.auditNote = { ...(r.auditNote ?? {}), ...note };
}

export function auditNoteOf(req: Request): AuditNote {
  return (req as AuditedRequest).auditNote ?? {};
}

const SECRET_KEY = /^(.*password.*|.*secret.*|_?token|auth_?info|auth_?code|code|api_?key|recovery_codes?)$/i;
const SECRET_LINE = /^(\s*[\w.[\]-]*(?:password|pw|authinfo|auth_info|authcode|secret)[\w.[\]-]*\s*=).*$/gim;

/** A copy of a value with secrets masked: secret-looking keys, and `authInfo=…` style lines in text. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8) return '[…]';
  // NUL cannot be stored (jsonb): a refused call with one in its body is still audited (issue 23)
  if (typeof value === 'string') return value.replace(SECRET_LINE, '$1***').replace(/\u0000/g, '\ufffd');
  if (Array.isArray(value)) return value.slice(0, 1000).map((v) => maskSecrets(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k.replace(/\u0000/g, '\ufffd'), SECRET_KEY.test(k) && v !== null && v !== undefined && v !== '' ? '***' : maskSecrets(v, depth + 1)]));
  }
  return value;
}
