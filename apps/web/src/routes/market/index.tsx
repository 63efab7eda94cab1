import { createFileRoute } from '@tanstack/react-router';
import { PageContainer } from '@registrar/ui';
import { validateMarketSearch } from '../../features/market/market-search';
import { MarketListPage } from '../../features/market/market-list-page';

/** ドメインマーケット: the public list of active listings (docs/market.md). */
export const Route = createFileRoute('/market/')({
  validateSearch: validateMarketSearch,
  component: function MarketRoute() {
    return <PageContainer size={1120}><MarketListPage search={Route.useSearch()} /></PageContainer>;
  },
});
