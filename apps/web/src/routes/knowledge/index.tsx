import { createFileRoute } from '@tanstack/react-router';
import { KnowledgeIndexPage } from '../../features/help/help-pages';
import { helpQueries } from '../../features/help/help.api';

/** The help centre (002 §2: header ヘルプ / マニュアル, the help search knowledge/?s=, the footer). */
export const Route = createFileRoute('/knowledge/')({
  validateSearch: (s: Record<string, unknown>): { s?: string } => {
    const q = typeof s.s === 'string' ? s.s.trim().slice(0, 100) : typeof s.s === 'number' ? String(s.s) : '';
    return q ? { s: q } : {};
  },
  loaderDeps: ({ search }) => ({ s: search.s }),
  // warms what the page shows (rendered with it on the server; in the browser the page shows its own loading state)
  loader: ({ context: { queryClient }, deps }) => {
    if (deps.s) void queryClient.prefetchQuery(helpQueries.search(deps.s));
    else {
      void queryClient.prefetchQuery(helpQueries.categories());
      void queryClient.prefetchQuery(helpQueries.articles());
    }
  },
  component: function KnowledgeIndexRoute() {
    const { s } = Route.useSearch();
    return <KnowledgeIndexPage key={s ?? ''} s={s} />;
  },
});
