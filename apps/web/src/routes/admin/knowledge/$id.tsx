import { createFileRoute } from '@tanstack/react-router';
import { AdminHelpEditPage } from '../../../features/help/admin-help-pages';

/** Edit one help article (/admin/knowledge/new adds one). */
export const Route = createFileRoute('/admin/knowledge/$id')({
  component: function AdminHelpEditRoute() {
    const { id } = Route.useParams();
    const n = Number(id);
    return <AdminHelpEditPage key={id} id={Number.isInteger(n) && n > 0 ? n : null} />;
  },
});
