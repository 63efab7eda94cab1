import { createFileRoute, notFound } from '@tanstack/react-router';
import { ApiError } from '../../../lib/api';
import { CatalogError, DetailPending } from '../../../features/catalog/catalog-states';
import { tldQueries } from '../../../features/catalog/queries';
import { TldDetailPage } from '../../../features/catalog/tld-detail-page';
import { NotFoundContent } from '../../../layout/not-found';

export const Route = createFileRoute('/domain/tld/$tldName')({
  loader: async ({ context: { queryClient }, params }) => {
    try {
      await queryClient.ensureQueryData(tldQueries.detail(params.tldName));
    } catch (e) {
      if (e instanceof ApiError && (e.status === 404 || e.status === 400)) throw notFound();
      throw e;
    }
  },
  pendingComponent: DetailPending,
  errorComponent: ({ reset }) => <CatalogError title="TLD詳細" reset={reset} />,
  notFoundComponent: () => <NotFoundContent message="指定されたTLDは取り扱いがないか、存在しません。取り扱いTLDは料金一覧でご確認ください。" />,
  component: TldDetailPage,
});
