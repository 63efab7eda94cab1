import { Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { accountApi, sessionChanged } from '../features/account/account.api';
import { AccountCard } from '../features/account/account-card';

/** /logout ends the session; the answer's logout marker sends the browser to /login (lib/api.ts). */
export const Route = createFileRoute('/logout')({ component: LogoutPage });

function LogoutPage() {
  const qc = useQueryClient();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    accountApi.logout().catch(() => undefined).finally(() => {
      void sessionChanged(qc);
      window.location.href = '/login';
    });
  }, [qc]);
  return <AccountCard title="ログアウト"><Loader size="sm" /></AccountCard>;
}
