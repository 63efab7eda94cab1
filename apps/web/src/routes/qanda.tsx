import { createFileRoute, redirect } from '@tanstack/react-router';
import { QandaPage } from '../features/help/help-pages';

/** よくある質問 (002 §2; the help-search variant qanda?query=… goes to the help centre's search). */
export const Route = createFileRoute('/qanda')({
  beforeLoad: ({ search }) => {
    const q = (search as Record<string, unknown>).query;
    if (typeof q === 'string' && q.trim()) throw redirect({ href: `/knowledge/?s=${encodeURIComponent(q.trim().slice(0, 100))}` });
  },
  component: QandaPage,
});
