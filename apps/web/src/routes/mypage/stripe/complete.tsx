import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { completeCardRegistration } from '../../../features/payments/payments.api';
import { safeAppPath } from '../../../features/payments/return-path';
import { RedirectPage } from '../../../features/payments/redirect-page';

/** mypage/stripe/complete?session_id&redirect_url: back from the card form; records the card and returns to redirect_url (with cardRegistration=true). */
export const Route = createFileRoute('/mypage/stripe/complete')({
  validateSearch: (s: Record<string, unknown>) => ({ session_id: typeof s.session_id === 'string' ? s.session_id : '', redirect_url: safeAppPath(s.redirect_url) }),
  component: CardRegistrationComplete,
});

function CardRegistrationComplete() {
  const { session_id, redirect_url } = Route.useSearch();
  const resolve = useCallback(() => completeCardRegistration(session_id, redirect_url), [session_id, redirect_url]);
  return <RedirectPage title="カードを登録しています…" resolve={resolve} backTo={redirect_url} />;
}
