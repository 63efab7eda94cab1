import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import type { SessionUser } from '@registrar/contracts';
import { sessionQuery } from '../../lib/session';

/**
 * beforeLoad guard of the /admin layout: guests go to /login (and come back), customers to the member area, admins
 * without two-factor to /security. The server checks every admin call again (RolesGuard): this only picks the page.
 */
export async function requireAdmin({ context, location }: { context: { queryClient: QueryClient }; location: { href: string } }): Promise<{ user: SessionUser }> {
  const s = await context.queryClient.ensureQueryData(sessionQuery);
  if (!s.user) throw redirect({ to: '/login', search: { redirect: location.href } });
  if (!s.user.is_admin) throw redirect({ to: '/mypage/domain' });
  if (!s.user.two_factor_enabled) throw redirect({ to: '/security' });
  return { user: s.user };
}

export const isSuper = (u: SessionUser | null | undefined) => u?.admin_role === 1;
