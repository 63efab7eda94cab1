import { createFileRoute, notFound } from '@tanstack/react-router';
import { PageContainer, TableSkeleton } from '@registrar/ui';
import { ApiError } from '../../lib/api';
import { marketQueries } from '../../features/market/market.api';
import { ListingRoutePage } from '../../features/market/listing-page';
import { NotFoundContent } from '../../layout/not-found';

/** One listing's own page (its title and description name the domain, for search engines too). */
export const Route = createFileRoute('/market/$listingId')({
  loader: async ({ context: { queryClient }, params }) => {
    const id = Number(params.listingId);
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
    try {
      await queryClient.ensureQueryData(marketQueries.listing(id));
    } catch (e) {
      if (e instanceof ApiError && (e.status === 404 || e.status === 400)) throw notFound();
      throw e;
    }
  },
  pendingComponent: () => <PageContainer size={960}><TableSkeleton rows={4} /></PageContainer>,
  notFoundComponent: () => <NotFoundContent message="この出品は見つかりません。終了したか、取り消された可能性があります。" />,
  component: function ListingRoute() {
    return <PageContainer size={960}><ListingRoutePage id={Number(Route.useParams().listingId)} /></PageContainer>;
  },
});
