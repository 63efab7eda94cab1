import { Anchor, Button, Stack, Text } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { accountApi, errorMessage } from '../../features/account/account.api';
import { AccountCard } from '../../features/account/account-card';

export const Route = createFileRoute('/me/undo')({
  validateSearch: (s: Record<string, unknown>) => ({ token: typeof s.token === 'string' ? s.token : '' }),
  component: UndoPage,
});

/** Opened from the notice mailed to the old address after an e-mail or password change; a button, so a mail scanner that opens links changes nothing. */
function UndoPage() {
  const { token } = Route.useSearch();
  const [msg, setMsg] = useState<{ ok?: string; error?: string }>({});
  const [busy, setBusy] = useState(false);
  const undo = async () => {
    setBusy(true);
    try {
      setMsg({ ok: (await accountApi.undoChange(token)).message });
    } catch (err) {
      setMsg({ error: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <AccountCard title="変更の取り消し" success={msg.ok} error={msg.error}>
      {msg.ok ? (
        <Text size="sm"><Anchor component={Link} to="/password/reset">パスワードの再設定へ</Anchor>　<Anchor component={Link} to="/login">ログインへ</Anchor></Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm">お心当たりのないメールアドレスまたはパスワードの変更を取り消します。取り消すと、すべての端末でログアウトします。</Text>
          <Button onClick={undo} loading={busy}>変更を取り消す</Button>
        </Stack>
      )}
    </AccountCard>
  );
}
