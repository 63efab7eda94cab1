import { Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { accountApi, sessionChanged } from '../features/account/account.api';
import { ApiError } from '../lib/api';
import { AccountCard } from '../features/account/account-card';

/** /logout ends the session; the answer's logout marker sends the browser to /login (lib/api.ts). */
export const Route = createFileRoute('/logout')({ component: LogoutPage });

function LogoutPage() {
  const qc = useQueryClient();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    // the answer's logout marker makes lib/api.ts go to /login; only a failed call needs sending there by hand
    accountApi.logout().then(
      () => undefined,
      (e: unknown) => {
        void sessionChanged(qc);
        const marked = e instanceof ApiError && (e.body as { logout?: boolean } | null)?.logout === true;
        if (!marked) window.location.href = '/login';
      },
    );
  }, [qc]);
  return <AccountCard title="ログアウト"><Loader size="sm" /></AccountCard>;
}
