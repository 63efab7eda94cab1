import { Button, Stack, TextInput } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { accountApi, errorMessage } from '../../../features/account/account.api';
import { AccountCard } from '../../../features/account/account-card';

export const Route = createFileRoute('/password/reset/')({ component: ResetRequestPage });

function ResetRequestPage() {
  const [email, setEmail] = useState('');
  const [msg, setMsg] = useState<{ ok?: string; error?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      setMsg({ ok: (await accountApi.requestReset(email)).message });
    } catch (err) {
      setMsg({ error: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <AccountCard title="パスワードの再設定" success={msg.ok} error={msg.error}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <TextInput label="ご登録のメールアドレス" type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <Button type="submit" loading={busy}>再設定メールを送る</Button>
        </Stack>
      </form>
    </AccountCard>
  );
}
