import type { SessionResult } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { api, ApiError, setCsrfToken } from '../../lib/api';
import { sessionQuery } from '../../lib/session';
import type { QueryClient } from '@tanstack/react-query';

export interface LoginAnswer extends SessionResult {
  two_factor_required: boolean;
  two_factor_setup_required?: boolean;
}

/** After any change of who is signed in: the new session's CSRF token into the page, and the session re-read. */
export async function sessionChanged(queryClient: QueryClient, r?: { csrfToken?: string }) {
  if (r?.csrfToken) setCsrfToken(r.csrfToken);
  await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
}

export const accountApi = {
  login: (email: string, password: string) => api<LoginAnswer>('/login', { body: { email, password } }),
  loginTwoFactor: (code: string) => api<LoginAnswer>('/login/two-factor', { body: { code } }),
  logout: () => api<{ logout: true }>('/logout', { body: {} }),
  register: (email: string, password: string, password_confirmation: string, agree_terms = false) => api<{ message: string }>('/register', { body: { email, password, password_confirmation, agree_terms } }),
  confirm: (token: string) => api<{ message: string }>('/register/confirm', { body: { token } }),
  requestReset: (email: string) => api<{ message: string }>('/password/reset', { body: { email } }),
  confirmReset: (token: string, password: string, password_confirmation: string) => api<{ message: string }>('/password/reset/confirm', { body: { token, password, password_confirmation } }),
  changeEmail: (email: string, password: string) => api<{ message: string }>('/me/email', { body: { email, password } }),
  confirmEmail: (token: string) => api<{ message: string }>('/me/email/confirm', { body: { token } }),
  changePassword: (current_password: string, password: string, password_confirmation: string) => api<{ message: string }>('/security/password', { body: { current_password, password, password_confirmation } }),
  twoFactorSetup: () => api<{ secret: string; otpauth_url: string; qr: string }>('/security/two-factor/setup', { body: {} }),
  twoFactorEnable: (code: string) => api<{ message: string; recovery_codes: string[]; csrfToken: string }>('/security/two-factor/enable', { body: { code } }),
  twoFactorDisable: (password: string) => api<{ message: string }>('/security/two-factor/disable', { body: { password } }),
};

/** The message to show for a failed call: the server's, else the spec's generic texts. */
export function errorMessage(e: unknown): string {
  if (e instanceof ApiError) {
    const b = e.body as { message?: string } | null;
    return b?.message ?? M.errorOccurred;
  }
  return M.errorRetryLaterParenDot;
}

export function fieldError(e: unknown, field: string): string | undefined {
  return e instanceof ApiError ? e.fieldErrors[field]?.[0] : undefined;
}
