import { createFileRoute, redirect } from '@tanstack/react-router';

/** 001 §2: points by bank transfer are "mypage/point?active_tab=3 (account site)"; here the account pages live at /point. */
export const Route = createFileRoute('/mypage/point')({
  beforeLoad: () => {
    throw redirect({ to: '/point', replace: true });
  },
});
