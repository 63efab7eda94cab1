import { createFileRoute, notFound, useRouter } from '@tanstack/react-router';
import { ApiError } from '../../lib/api';
import { NotFoundContent } from '../../layout/not-found';
import { helpQueries } from '../../features/help/help.api';
import { ArticlePage } from '../../features/help/help-pages';
import { LegalError, LegalPending } from '../../features/help/legal-page';

/** One help article: /knowledge/<slug>/ or by number, /knowledge/205/. */
export const Route = createFileRoute('/knowledge/$key')({
  loader: async ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(helpQueries.categories());
    try {
      await queryClient.ensureQueryData(helpQueries.article(params.key));
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) throw notFound();
      throw e;
    }
  },
  pendingComponent: LegalPending,
  notFoundComponent: () => <NotFoundContent message="お探しのヘルプ記事は見つかりませんでした。ヘルプセンターで検索してください。" />,
  errorComponent: function ArticleRouteError({ reset }) {
    const router = useRouter();
    return <LegalError onRetry={() => { reset(); void router.invalidate(); }} />;
  },
  component: function ArticleRoute() {
    const { key } = Route.useParams();
    return <ArticlePage articleKey={key} />;
  },
});
