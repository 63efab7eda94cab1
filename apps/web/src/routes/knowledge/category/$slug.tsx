import { createFileRoute, notFound, useRouter } from '@tanstack/react-router';
import { NotFoundContent } from '../../../layout/not-found';
import { helpQueries } from '../../../features/help/help.api';
import { CategoryPage } from '../../../features/help/help-pages';
import { LegalError, LegalPending } from '../../../features/help/legal-page';

/** The articles of one help category. */
export const Route = createFileRoute('/knowledge/category/$slug')({
  loader: async ({ context: { queryClient }, params }) => {
    const [cats] = await Promise.all([queryClient.ensureQueryData(helpQueries.categories()), queryClient.ensureQueryData(helpQueries.articles(params.slug))]);
    if (!cats.some((c) => c.slug === params.slug)) throw notFound();
  },
  pendingComponent: LegalPending,
  notFoundComponent: () => <NotFoundContent message="お探しのカテゴリーは見つかりませんでした。" />,
  errorComponent: function CategoryRouteError({ reset }) {
    const router = useRouter();
    return <LegalError onRetry={() => { reset(); void router.invalidate(); }} />;
  },
  component: function CategoryRoute() {
    const { slug } = Route.useParams();
    return <CategoryPage slug={slug} />;
  },
});
