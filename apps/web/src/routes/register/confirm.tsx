import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { accountApi, errorMessage, fieldError, sessionChanged } from '../../features/account/account.api';
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
 * The confirmation mail's link asks for the password chosen at that sign-up (issue 23): the account is activated with
 * it only when it matches, so a sign-up made by someone else with this address can never be confirmed by the address's
 * owner. Confirmed, the person is signed in (issue 26): a guest's picks go into the cart and the purchase goes on
 * (through the user information when the profile is still missing).
 */
function ConfirmPage() {
  const { token } = Route.useSearch();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [msg, setMsg] = useState<{ ok?: string; error?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      // the confirmation starts a new session: the page's own first calls (made with the guest's cookie) finish
      // first, or their answers could set the guest's cookie back over the new one
      await whenIdle(qc);
      const r = await accountApi.confirm(token, password);
      setMsg({ ok: r.message });
      if (!r.signed_in) return;
      await sessionChanged(qc, r);
      const picks = await moveGuestPicksToCart();
      await navigate({ href: picks.picked > 0 ? purchaseDestination(r.user) : r.user?.profile_completed ? '/mypage/domain' : '/mypage/user/register', replace: true });
    } catch (err) {
      const field = fieldError(err, 'password');
      setMsg(field ? { password: field } : { error: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <AccountCard title="メールアドレスの確認" success={msg.ok} error={msg.error}>
      {msg.ok ? <Text size="sm"><Anchor component={Link} to="/login">ログインへ</Anchor></Text> : (
        <form onSubmit={submit}>
          <Stack gap="sm">
            <Text size="sm">登録を完了するには、登録時に入力したパスワードを入力してください。</Text>
            <PasswordInput label="パスワード" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={msg.password} />
            <Button type="submit" loading={busy}>登録を完了する</Button>
          </Stack>
        </form>
      )}
    </AccountCard>
  );
}
