import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { PRODUCT } from '@registrar/messages';
import { accountApi, errorMessage, fieldError } from '../../features/account/account.api';
import { AccountCard } from '../../features/account/account-card';
import { requireMember } from '../../features/account/require-member';
import { useSession } from '../../lib/session';

export const Route = createFileRoute('/me/')({ beforeLoad: requireMember, component: MePage });

function MePage() {
  const { user } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [msg, setMsg] = useState<{ ok?: string; error?: string; email?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      setMsg({ ok: (await accountApi.changeEmail(email, password)).message });
    } catch (err) {
      setMsg({ error: errorMessage(err), email: fieldError(err, 'email'), password: fieldError(err, 'password') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <AccountCard title="アカウント情報" success={msg.ok} error={msg.error}>
      <Text size="sm">{PRODUCT.accountIdName}：{user?.id}</Text>
      <Text size="sm">現在のメールアドレス：{user?.email}</Text>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <TextInput label="新しいメールアドレス" type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={msg.email} />
          <PasswordInput label="現在のパスワード" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={msg.password} />
          <Button type="submit" loading={busy}>確認メールを送る</Button>
        </Stack>
      </form>
    </AccountCard>
  );
}
