import { createFileRoute } from '@tanstack/react-router';
import { KnowledgeIndexPage } from '../../features/help/help-pages';

/** The help centre (002 §2: header ヘルプ / マニュアル, the help search knowledge/?s=, the footer). */
export const Route = createFileRoute('/knowledge/')({
  validateSearch: (s: Record<string, unknown>): { s?: string } => {
    const q = typeof s.s === 'string' ? s.s.trim().slice(0, 100) : typeof s.s === 'number' ? String(s.s) : '';
    return q ? { s: q } : {};
  },
  component: function KnowledgeIndexRoute() {
    const { s } = Route.useSearch();
    return <KnowledgeIndexPage key={s ?? ''} s={s} />;
  },
});
