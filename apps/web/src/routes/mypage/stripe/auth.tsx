import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { paymentAuth } from '../../../features/payments/payments.api';
import { safeAppPath } from '../../../features/payments/return-path';
import { RedirectPage } from '../../../features/payments/redirect-page';

/**
 * mypage/stripe/auth?session_id&redirect_url: card payment authentication. Going out, it sends the browser to the card's
 * 3-D Secure page; coming back, it settles the session and returns to redirect_url with payment_session and paymentResult.
 */
export const Route = createFileRoute('/mypage/stripe/auth')({
  validateSearch: (s: Record<string, unknown>) => ({
    session_id: typeof s.session_id === 'string' ? s.session_id : '',
    redirect_url: safeAppPath(s.redirect_url, '/mypage/search?action=createDomain'),
  }),
  component: CardAuthentication,
});

function CardAuthentication() {
  const { session_id, redirect_url } = Route.useSearch();
  const resolve = useCallback(async () => (await paymentAuth(session_id, redirect_url)).url, [session_id, redirect_url]);
  return <RedirectPage title="カード決済の認証を行っています…" resolve={resolve} backTo={redirect_url} />;
}
