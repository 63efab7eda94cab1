import { createFileRoute } from '@tanstack/react-router';
import { UserInfoPage } from '../../../features/account/user-info-page';

/** ?redirect= is where the member was going (a purchase): a link back, and the page to return to once saved. */
export const Route = createFileRoute('/mypage/user/register')({
  validateSearch: (s: Record<string, unknown>): { redirect?: string } =>
    typeof s.redirect === 'string' && s.redirect.startsWith('/') && !s.redirect.startsWith('//') ? { redirect: s.redirect } : {},
  component: UserInfoRoute,
});

function UserInfoRoute() {
  const { redirect } = Route.useSearch();
  return <UserInfoPage redirect={redirect} />;
}
