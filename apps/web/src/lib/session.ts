/**
 * Who is signed in, read once through the query cache: GET /session -> SessionResult. Guests get user null; any
 * failure (network, 5xx, an endpoint not deployed yet) is treated as a guest, so public pages never break on it.
 * After login or logout, invalidate `sessionQuery.queryKey`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HttpPaths, type SessionResult, type SessionUser } from '@registrar/contracts';
import { api, csrfToken, setCsrfToken } from './api';

const GUEST: SessionResult = { user: null, csrfToken: '' };

export const sessionQuery = queryOptions({
  queryKey: ['session'] as const,
  queryFn: async ({ signal }): Promise<SessionResult> => {
    try {
      const result = await api<SessionResult>(HttpPaths.session, { signal, timeoutMs: 5000 });
      if (result?.csrfToken) setCsrfToken(result.csrfToken);
      return { user: result?.user ?? null, csrfToken: result?.csrfToken ?? '' };
    } catch {
      return GUEST;
    }
  },
  staleTime: 30_000,
  retry: false,
});

export interface Session {
  user: SessionUser | null;
  isSignedIn: boolean;
  /** true until the first answer arrives (render guest-neutral UI meanwhile) */
  isLoading: boolean;
  /** the CSRF token for form posts (`_token`): the session's, else the page's meta token */
  csrfToken: string;
}

export function useSession(): Session {
  const q = useQuery(sessionQuery);
  const user = q.data?.user ?? null;
  return { user, isSignedIn: user !== null, isLoading: q.isPending, csrfToken: q.data?.csrfToken || readMetaToken() };
}

function readMetaToken(): string {
  return typeof document === 'undefined' ? '' : (document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '');
}

/** The token for a form post, read at submit time. */
export function formToken(): string {
  return readMetaToken() || csrfToken();
}
