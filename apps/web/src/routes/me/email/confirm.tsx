import { Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { accountApi, errorMessage, sessionChanged } from '../../../features/account/account.api';
import { AccountCard } from '../../../features/account/account-card';

export const Route = createFileRoute('/me/email/confirm')({
  validateSearch: (s: Record<string, unknown>) => ({ token: typeof s.token === 'string' ? s.token : '' }),
  component: EmailConfirmPage,
});

function EmailConfirmPage() {
  const { token } = Route.useSearch();
  const qc = useQueryClient();
  const [state, setState] = useState<{ ok?: string; error?: string }>({});
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    accountApi.confirmEmail(token).then((r) => { setState({ ok: r.message }); void sessionChanged(qc); }, (e) => setState({ error: errorMessage(e) }));
  }, [token, qc]);
  return <AccountCard title="メールアドレスの変更" success={state.ok} error={state.error}>{!state.ok && !state.error ? <Loader size="sm" /> : null}</AccountCard>;
}
