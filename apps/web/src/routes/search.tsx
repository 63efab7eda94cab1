import { createFileRoute } from '@tanstack/react-router';
import { SearchPage } from '../features/search/search-page';
import { validateSearchParams } from '../features/search/search-params';

export const Route = createFileRoute('/search')({
  validateSearch: validateSearchParams,
  component: GuestSearch,
});

function GuestSearch() {
  const params = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SearchPage member={false} params={params} onSearch={(p) => void navigate({ search: p })} />;
}
