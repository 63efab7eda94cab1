import { createFileRoute, redirect } from '@tanstack/react-router';
import { QandaPage } from '../features/help/help-pages';
import { helpQueries } from '../features/help/help.api';

/** よくある質問 (002 §2; the help-search variant qanda?query=… goes to the help centre's search). */
export const Route = createFileRoute('/qanda')({
  beforeLoad: ({ search }) => {
    const q = (search as Record<string, unknown>).query;
    if (typeof q === 'string' && q.trim()) throw redirect({ href: `/knowledge/?s=${encodeURIComponent(q.trim().slice(0, 100))}` });
  },
  // warms the questions (rendered with them on the server; in the browser the page shows its own loading state)
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(helpQueries.faq());
  },
  component: QandaPage,
});
