import { createFileRoute, redirect } from '@tanstack/react-router';

/** 002 §2 gives the DomainInfo page as /admin/api/domains/info (its call is POST admin/api/domains/info); the page lives at /admin/domains/info. */
export const Route = createFileRoute('/admin/api/domains/info')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/domains/info', replace: true });
  },
});
