import { createFileRoute, redirect } from '@tanstack/react-router';
import { ADMIN_HOME } from '../../features/admin/admin-menu';

export const Route = createFileRoute('/admin/')({
  beforeLoad: () => {
    throw redirect({ to: ADMIN_HOME });
  },
});
