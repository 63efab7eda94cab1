import { createFileRoute } from '@tanstack/react-router';
import { CatalogError, CatalogPending } from '../../features/catalog/catalog-states';
import { PRICE_TITLE, PricePage } from '../../features/catalog/price-page';
import { PRICE_SORT_KEYS, type PriceSortKey } from '../../features/catalog/sort-keys';
import { tldQueries } from '../../features/catalog/queries';
import { validateTableSearch, type TableSearch } from '../../features/catalog/sort-search';

export const Route = createFileRoute('/domain/price')({
  validateSearch: (search: Record<string, unknown>): TableSearch<PriceSortKey> => validateTableSearch(PRICE_SORT_KEYS)(search),
  loaderDeps: ({ search }) => ({ categoryId: search.categoryId ?? null }),
  loader: ({ context: { queryClient }, deps }) =>
    Promise.all([queryClient.ensureQueryData(tldQueries.prices(deps.categoryId)), queryClient.ensureQueryData(tldQueries.categories())]),
  pendingComponent: () => <CatalogPending title={PRICE_TITLE} />,
  errorComponent: ({ reset }) => <CatalogError title={PRICE_TITLE} reset={reset} />,
  component: PricePage,
});
