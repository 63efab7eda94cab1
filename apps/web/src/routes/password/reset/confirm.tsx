import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { accountApi, errorMessage, fieldError } from '../../../features/account/account.api';
import { AccountCard } from '../../../features/account/account-card';

export const Route = createFileRoute('/password/reset/confirm')({
  validateSearch: (s: Record<string, unknown>) => ({ token: typeof s.token === 'string' ? s.token : '' }),
  component: ResetConfirmPage,
});

function ResetConfirmPage() {
  const { token } = Route.useSearch();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [msg, setMsg] = useState<{ ok?: string; error?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      setMsg({ ok: (await accountApi.confirmReset(token, password, confirmation)).message });
    } catch (err) {
      setMsg({ error: errorMessage(err), password: fieldError(err, 'password') ?? fieldError(err, 'password_confirmation') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <AccountCard title="新しいパスワードの設定" success={msg.ok} error={msg.error}>
      {msg.ok ? <Text size="sm"><Anchor component={Link} to="/login">ログインへ</Anchor></Text> : (
        <form onSubmit={submit}>
          <Stack gap="sm">
            <PasswordInput label="新しいパスワード（8文字以上）" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={msg.password} />
            <PasswordInput label="新しいパスワード（確認）" autoComplete="new-password" required value={confirmation} onChange={(e) => setConfirmation(e.currentTarget.value)} />
            <Button type="submit" loading={busy}>設定する</Button>
          </Stack>
        </form>
      )}
    </AccountCard>
  );
}
