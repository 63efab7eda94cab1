import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { SearchPage } from '../../features/search/search-page';
import { validateSearchParams, type SearchParams } from '../../features/search/search-params';

/** The member search page: a child of the /mypage layout (its beforeLoad guard sends guests to login). */
export const Route = createFileRoute('/mypage/search')({
  validateSearch: validateSearchParams,
  component: MemberSearch,
});

function MemberSearch() {
  const params = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useCallback((p: SearchParams) => void navigate({ search: p }), [navigate]);
  const onReplace = useCallback((p: SearchParams) => void navigate({ search: p, replace: true }), [navigate]);
  return <SearchPage member params={params} onSearch={onSearch} onReplace={onReplace} />;
}
