import { createFileRoute, redirect } from '@tanstack/react-router';

/** 001 §2: card registration is "mypage/credit (account site)"; here the account pages live at /credit. */
export const Route = createFileRoute('/mypage/credit')({
  beforeLoad: () => {
    throw redirect({ to: '/credit', replace: true });
  },
});
