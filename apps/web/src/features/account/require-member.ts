import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { sessionQuery } from '../../lib/session';

/** beforeLoad guard: guests go to /login (and come back afterwards). Reads the session through the query cache. */
export async function requireMember({ context, location }: { context: { queryClient: QueryClient }; location: { href: string } }) {
  const s = await context.queryClient.ensureQueryData(sessionQuery);
  if (!s.user) throw redirect({ to: '/login', search: { redirect: location.href } });
  return { user: s.user };
}
