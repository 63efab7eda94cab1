import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { sessionQuery } from '../../lib/session';

/**
 * beforeLoad guard of the super-only inbox: guests go to /login (and come back), customers to the member area, admins
 * without two-factor to /security. A normal admin gets the page's refusal; the server refuses every call anyway.
 */
export async function requireSuperAdmin({ context, location }: { context: { queryClient: QueryClient }; location: { href: string } }) {
  const s = await context.queryClient.ensureQueryData(sessionQuery);
  if (!s.user) throw redirect({ to: '/login', search: { redirect: location.href } });
  if (!s.user.is_admin) throw redirect({ to: '/mypage/domain' });
  if (!s.user.two_factor_enabled) throw redirect({ to: '/security' });
  return { user: s.user };
}
