import { createFileRoute } from '@tanstack/react-router';
import { CatalogError, CatalogPending } from '../../features/catalog/catalog-states';
import { DEADLINE_TITLE, DeadlinePage } from '../../features/catalog/deadline-page';
import { DEADLINE_SORT_KEYS, type DeadlineSortKey } from '../../features/catalog/sort-keys';
import { tldQueries } from '../../features/catalog/queries';
import { validateTableSearch, type TableSearch } from '../../features/catalog/sort-search';

export const Route = createFileRoute('/domain/deadline')({
  validateSearch: (search: Record<string, unknown>): TableSearch<DeadlineSortKey> => validateTableSearch(DEADLINE_SORT_KEYS)(search),
  loaderDeps: ({ search }) => ({ categoryId: search.categoryId ?? null }),
  loader: ({ context: { queryClient }, deps }) =>
    Promise.all([queryClient.ensureQueryData(tldQueries.deadlines(deps.categoryId)), queryClient.ensureQueryData(tldQueries.categories())]),
  pendingComponent: () => <CatalogPending title={DEADLINE_TITLE} />,
  errorComponent: ({ reset }) => <CatalogError title={DEADLINE_TITLE} reset={reset} />,
  component: DeadlinePage,
});
