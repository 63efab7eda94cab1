import { createFileRoute } from '@tanstack/react-router';
import { CatalogPending, PriceLoadLogged } from '../../features/catalog/catalog-states';
import { PRICE_LEAD, PRICE_TITLE, PricePage } from '../../features/catalog/price-page';
import { PRICE_SORT_KEYS, type PriceSortKey } from '../../features/catalog/sort-keys';
import { tldQueries } from '../../features/catalog/queries';
import { validateTableSearch, type TableSearch } from '../../features/catalog/sort-search';

export const Route = createFileRoute('/domain/price')({
  validateSearch: (search: Record<string, unknown>): TableSearch<PriceSortKey> => validateTableSearch(PRICE_SORT_KEYS)(search),
  loaderDeps: ({ search }) => ({ categoryId: search.categoryId ?? null }),
  loader: ({ context: { queryClient }, deps }) =>
    Promise.all([queryClient.ensureQueryData(tldQueries.prices(deps.categoryId)), queryClient.ensureQueryData(tldQueries.categories())]),
  pendingComponent: () => <CatalogPending title={PRICE_TITLE} />,
  // 002 §8: a price fetch failure is logged only (no error block)
  errorComponent: ({ error }) => <PriceLoadLogged title={PRICE_TITLE} lead={PRICE_LEAD} error={error} />,
  component: PricePage,
});
