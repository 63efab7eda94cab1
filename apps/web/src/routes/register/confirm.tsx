import { Anchor, Loader, Text } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { accountApi, errorMessage } from '../../features/account/account.api';
import { AccountCard } from '../../features/account/account-card';

export const Route = createFileRoute('/register/confirm')({
  validateSearch: (s: Record<string, unknown>) => ({ token: typeof s.token === 'string' ? s.token : '' }),
  component: ConfirmPage,
});

function ConfirmPage() {
  const { token } = Route.useSearch();
  const [state, setState] = useState<{ ok?: string; error?: string }>({});
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    accountApi.confirm(token).then((r) => setState({ ok: r.message }), (e) => setState({ error: errorMessage(e) }));
  }, [token]);
  return (
    <AccountCard title="メールアドレスの確認" success={state.ok} error={state.error}>
      {!state.ok && !state.error ? <Loader size="sm" /> : <Text size="sm"><Anchor component={Link} to="/login">ログインへ</Anchor></Text>}
    </AccountCard>
  );
}
