import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { accountApi, errorMessage, fieldError } from '../../features/account/account.api';
import { AccountCard } from '../../features/account/account-card';

export const Route = createFileRoute('/register/confirm')({
  validateSearch: (s: Record<string, unknown>) => ({ token: typeof s.token === 'string' ? s.token : '' }),
  component: ConfirmPage,
});

/**
 * The sign-up link asks for the password chosen at that sign-up: the account is activated with it only when it
 * matches, so a sign-up made by someone else with this address can never be confirmed by the address's owner.
 */
function ConfirmPage() {
  const { token } = Route.useSearch();
  const [password, setPassword] = useState('');
  const [msg, setMsg] = useState<{ ok?: string; error?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      setMsg({ ok: (await accountApi.confirm(token, password)).message });
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
