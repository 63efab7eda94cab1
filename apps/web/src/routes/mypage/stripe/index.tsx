import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { cardRegistrationUrl } from '../../../features/payments/payments.api';
import { safeAppPath } from '../../../features/payments/return-path';
import { RedirectPage } from '../../../features/payments/redirect-page';

/** mypage/stripe?redirect_url: card registration. Sends the browser to Stripe's card form (Checkout in setup mode). */
export const Route = createFileRoute('/mypage/stripe/')({
  validateSearch: (s: Record<string, unknown>) => ({ redirect_url: safeAppPath(s.redirect_url) }),
  component: CardRegistration,
});

function CardRegistration() {
  const { redirect_url } = Route.useSearch();
  const resolve = useCallback(() => cardRegistrationUrl(redirect_url), [redirect_url]);
  return <RedirectPage title="カード登録ページへ移動しています…" resolve={resolve} backTo={redirect_url} />;
}
