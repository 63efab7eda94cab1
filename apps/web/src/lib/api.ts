/**
 * The one HTTP client of the web app: same-origin cookies, X-Requested-With and X-CSRF-TOKEN (from the page's
 * meta token) on every call; 419 shows the session-timeout alert and reloads; a logout marker sends to /login.
 */
import { M } from '@registrar/messages';

export class ApiError extends Error {
  constructor(public readonly status: number, public readonly body: unknown, message?: string) {
    super(message ?? `HTTP ${status}`);
  }
  /** Field errors in the Laravel-like shape { errors: { field: [msg] } } or { errors: { field: msg } }. */
  get fieldErrors(): Record<string, string[]> {
    const e = (this.body as { errors?: Record<string, string | string[]> } | null)?.errors;
    if (!e || typeof e !== 'object' || Array.isArray(e)) return {};
    return Object.fromEntries(Object.entries(e).map(([k, v]) => [k, Array.isArray(v) ? v : [String(v)]]));
  }
}

export function csrfToken(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]');
  const token = meta?.content ?? '';
  if (!token) console.warn('CSRF token not found in <meta name="csrf-token">');
  return token;
}

export function setCsrfToken(token: string): void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'csrf-token';
    document.head.appendChild(meta);
  }
  meta.content = token;
}

let sessionAlertShown = false;

/** Where calls go: the page's own origin in the browser; the gateway's loopback address while it renders a page (entry-server). */
let apiOrigin: string | null = null;
export function setApiOrigin(origin: string | null): void {
  apiOrigin = origin;
}

/** 002 §"Shared request rules": a very long default timeout; purchase and renewal pass their own (3,600,000 ms). */
export const DEFAULT_TIMEOUT_MS = 216_000_000;

export async function api<T>(path: string, init: { method?: string; body?: unknown; query?: Record<string, unknown>; signal?: AbortSignal; timeoutMs?: number } = {}): Promise<T> {
  const url = new URL(path, apiOrigin ?? window.location.origin);
  for (const [k, v] of Object.entries(init.query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) v.forEach((x) => url.searchParams.append(k.endsWith('[]') ? k : `${k}[]`, String(x)));
    else url.searchParams.set(k, String(v));
  }
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
  // the page's token goes with every request (002 §"Shared request rules"); a missing one is logged where it matters.
  // While the gateway renders a public page there is no document: its GET calls need no token.
  const token = typeof document === 'undefined' ? '' : (document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '');
  if (token) headers['X-CSRF-TOKEN'] = token;
  else if (method !== 'GET' && method !== 'HEAD') headers['X-CSRF-TOKEN'] = csrfToken();
  // a FormData body (file uploads) is sent as multipart: fetch sets the Content-Type with its boundary
  const form = typeof FormData !== 'undefined' && init.body instanceof FormData;
  if (init.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), init.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  init.signal?.addEventListener('abort', () => ctrl.abort());
  let res: Response;
  try {
    res = await fetch(url, { method, headers, credentials: 'same-origin', body: init.body === undefined ? undefined : form ? (init.body as FormData) : JSON.stringify(init.body), signal: ctrl.signal });
  } finally {
    clearTimeout(timer);
  }
  const text = await res.text();
  let body: unknown = null;
  try { body = text ? JSON.parse(text) : null; } catch { body = text; }
  if (res.status === 419) {
    if (!sessionAlertShown) {
      sessionAlertShown = true;
      window.alert(M.sessionTimeout);
      window.location.reload();
    }
    throw new ApiError(419, body, M.sessionTimeout);
  }
  if (body && typeof body === 'object' && (body as { logout?: boolean }).logout === true) {
    // what the member left in this tab (a purchase, its .co.jp WHOIS draft, chosen periods) is not for the next one
    try {
      sessionStorage.clear();
    } catch {
      // storage blocked: nothing was kept
    }
    window.location.href = '/login';
    throw new ApiError(res.status, body, 'logged out');
  }
  if (!res.ok) throw new ApiError(res.status, body);
  return body as T;
}
