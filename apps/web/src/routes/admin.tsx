import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout } from '../features/admin/admin-layout';
import { requireAdmin } from '../features/admin/require-admin';

/** The admin area (lazy-loaded: the router splits every admin route's component into its own chunk). */
export const Route = createFileRoute('/admin')({ beforeLoad: requireAdmin, component: AdminLayout });
