import { Anchor, Loader, Text } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { accountApi, errorMessage, sessionChanged } from '../../features/account/account.api';
import { AccountCard } from '../../features/account/account-card';
import { moveGuestPicksToCart, purchaseDestination } from '../../features/search/pending-domains';

/** Resolves once the query client has nothing in flight. */
function whenIdle(qc: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    if (qc.isFetching() === 0) return resolve();
    const stop = qc.getQueryCache().subscribe(() => {
      if (qc.isFetching() === 0) {
        stop();
        resolve();
      }
    });
  });
}

export const Route = createFileRoute('/register/confirm')({
  validateSearch: (s: Record<string, unknown>) => ({ token: typeof s.token === 'string' ? s.token : '' }),
  component: ConfirmPage,
});

/**
 * The confirmation mail's link. Opened in the browser that signed up, the server also signs the new account in:
 * a guest's picks then go into the cart and the purchase goes on (through the user information); elsewhere the
 * person is asked to log in.
 */
function ConfirmPage() {
  const { token } = Route.useSearch();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [state, setState] = useState<{ ok?: string; error?: string }>({});
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    // the confirmation may start a new session: the page's own first calls (made with the guest's cookie) finish
    // first, or their answers could set the guest's cookie back over the new one
    whenIdle(qc).then(() => accountApi.confirm(token)).then(
      async (r) => {
        setState({ ok: r.message });
        if (!r.signed_in) return;
        await sessionChanged(qc, r);
        const picks = await moveGuestPicksToCart();
        await navigate({ href: picks.picked > 0 ? purchaseDestination(r.user) : r.user?.profile_completed ? '/mypage/domain' : '/mypage/user/register', replace: true });
      },
      (e) => setState({ error: errorMessage(e) }),
    );
  }, [token, qc, navigate]);
  return (
    <AccountCard title="メールアドレスの確認" success={state.ok} error={state.error}>
      {!state.ok && !state.error ? <Loader size="sm" /> : <Text size="sm"><Anchor component={Link} to="/login">ログインへ</Anchor></Text>}
    </AccountCard>
  );
}
