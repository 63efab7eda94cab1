import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { captureWallet } from '../../../features/payments/payments.api';
import { safeAppPath } from '../../../features/payments/return-path';
import { RedirectPage } from '../../../features/payments/redirect-page';

/** mypage/paypal/return?session_id&token&redirect_url: back from the wallet's approval page; captures and returns to redirect_url with paymentResult. */
export const Route = createFileRoute('/mypage/paypal/return')({
  validateSearch: (s: Record<string, unknown>) => ({
    session_id: typeof s.session_id === 'string' ? s.session_id : '',
    token: typeof s.token === 'string' ? s.token : '',
    redirect_url: safeAppPath(s.redirect_url, '/mypage/search?action=createDomain'),
  }),
  component: WalletReturn,
});

function WalletReturn() {
  const { session_id, token, redirect_url } = Route.useSearch();
  const resolve = useCallback(() => captureWallet(session_id, token, redirect_url), [session_id, token, redirect_url]);
  return <RedirectPage title="ウォレット決済を確定しています…" resolve={resolve} backTo={redirect_url} />;
}
