import { createFileRoute } from '@tanstack/react-router';
import { SearchPage } from '../../features/search/search-page';
import { validateSearchParams } from '../../features/search/search-params';

/** The member search page: a child of the /mypage layout (its beforeLoad guard sends guests to login). */
export const Route = createFileRoute('/mypage/search')({
  validateSearch: validateSearchParams,
  component: MemberSearch,
});

function MemberSearch() {
  const params = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SearchPage member params={params} onSearch={(p) => void navigate({ search: p })} />;
}
