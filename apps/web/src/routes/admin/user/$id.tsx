import { createFileRoute, redirect } from '@tanstack/react-router';

/** 002 §2: "the admin user link goes to /admin/user/{user_id}" — the admin user page lives at /admin/users/{id}. */
export const Route = createFileRoute('/admin/user/$id')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/admin/users/$id', params: { id: params.id }, replace: true });
  },
});
