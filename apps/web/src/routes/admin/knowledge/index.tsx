import { createFileRoute } from '@tanstack/react-router';
import { AdminHelpListPage } from '../../../features/help/admin-help-pages';

/** Help articles (super admins; the server refuses others with 403). */
export const Route = createFileRoute('/admin/knowledge/')({ component: AdminHelpListPage });
