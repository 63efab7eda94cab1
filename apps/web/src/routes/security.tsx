import { Alert, Button, Code, CopyButton, Divider, Group, Image, List, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { M } from '@registrar/messages';
import { accountApi, errorMessage, fieldError, sessionChanged } from '../features/account/account.api';
import { AccountCard } from '../features/account/account-card';
import { requireMember } from '../features/account/require-member';
import { useSession } from '../lib/session';

/** The recovery codes as a text file the member keeps (名前: rakko-recovery-codes.txt). */
function downloadCodes(codes: string[], email: string) {
  const text = ['ラッコドメイン 二段階認証のリカバリーコード', email, '', ...codes, '', '各コードは一度だけ使えます。'].join('\r\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'rakko-recovery-codes.txt';
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

export const Route = createFileRoute('/security')({ beforeLoad: requireMember, component: SecurityPage });

function PasswordForm() {
  const [cur, setCur] = useState('');
  const [pw, setPw] = useState('');
  const [pw2, setPw2] = useState('');
  const [msg, setMsg] = useState<{ ok?: string; error?: string; cur?: string; pw?: string }>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      setMsg({ ok: (await accountApi.changePassword(cur, pw, pw2)).message });
      setCur(''); setPw(''); setPw2('');
    } catch (err) {
      setMsg({ error: errorMessage(err), cur: fieldError(err, 'current_password'), pw: fieldError(err, 'password') ?? fieldError(err, 'password_confirmation') });
    }
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <Title order={3} size="h4">パスワードの変更</Title>
        {msg.ok ? <Alert color="green">{msg.ok}</Alert> : null}
        {msg.error ? <Alert color="red">{msg.error}</Alert> : null}
        <PasswordInput label="現在のパスワード" autoComplete="current-password" required value={cur} onChange={(e) => setCur(e.currentTarget.value)} error={msg.cur} />
        <PasswordInput label="新しいパスワード（8文字以上）" autoComplete="new-password" required value={pw} onChange={(e) => setPw(e.currentTarget.value)} error={msg.pw} />
        <PasswordInput label="新しいパスワード（確認）" autoComplete="new-password" required value={pw2} onChange={(e) => setPw2(e.currentTarget.value)} />
        <Button type="submit">変更する</Button>
      </Stack>
    </form>
  );
}

function TwoFactor() {
  const { user } = useSession();
  const qc = useQueryClient();
  const [setup, setSetup] = useState<{ secret: string; qr: string } | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [msg, setMsg] = useState<{ ok?: string; error?: string }>({});
  const [password, setPassword] = useState('');

  const start = async () => {
    try { setSetup(await accountApi.twoFactorSetup()); setMsg({}); } catch (e) { setMsg({ error: errorMessage(e) }); }
  };
  const enable = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const r = await accountApi.twoFactorEnable(code);
      setCodes(r.recovery_codes);
      setSetup(null);
      setMsg({ ok: r.message });
      await sessionChanged(qc, r);
    } catch (err) { setMsg({ error: errorMessage(err) }); }
  };
  const disable = async (e: FormEvent) => {
    e.preventDefault();
    try { setMsg({ ok: (await accountApi.twoFactorDisable(password)).message }); setCodes(null); await sessionChanged(qc); } catch (err) { setMsg({ error: errorMessage(err) }); }
  };

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">二段階認証（認証アプリ）</Title>
      {user?.is_admin && !user.two_factor_enabled ? <Alert color="yellow">{M.adminNeedsTwoFactor}</Alert> : null}
      {msg.ok ? <Alert color="green" role="status">{msg.ok}</Alert> : null}
      {msg.error ? <Alert color="red" role="alert">{msg.error}</Alert> : null}
      {codes ? (
        <Stack gap={4}>
          <Text size="sm" fw={700}>リカバリーコード（一度だけ表示されます。安全な場所に保管してください）</Text>
          <List size="sm" data-testid="recovery-codes">{codes.map((c) => <List.Item key={c}><Code>{c}</Code></List.Item>)}</List>
          <Group gap="xs">
            <CopyButton value={codes.join('\n')}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" color={copied ? 'teal' : undefined} onClick={copy} data-testid="recovery-copy">{copied ? 'コピーしました' : 'コードをコピー'}</Button>
              )}
            </CopyButton>
            <Button size="xs" variant="default" onClick={() => downloadCodes(codes, user?.email ?? '')} data-testid="recovery-download">テキストファイルで保存</Button>
          </Group>
          {user?.is_admin ? <Button component={Link} to="/admin/domains" variant="light">管理画面へ</Button> : null}
        </Stack>
      ) : null}
      {user?.two_factor_enabled ? (
        <>
          <Text size="sm">二段階認証は有効です。</Text>
          {!user.is_admin ? (
            <form onSubmit={disable}>
              <Stack gap="xs">
                <PasswordInput label="パスワード" value={password} onChange={(e) => setPassword(e.currentTarget.value)} required />
                <Button type="submit" variant="default">二段階認証を解除する</Button>
              </Stack>
            </form>
          ) : null}
        </>
      ) : setup ? (
        <form onSubmit={enable}>
          <Stack gap="xs">
            <Text size="sm">認証アプリでQRコードを読み取るか、次のキーを入力してください。</Text>
            <Image src={setup.qr} alt="二段階認証のQRコード" w={200} h={200} />
            <Code data-testid="totp-secret">{setup.secret}</Code>
            <TextInput label="認証アプリに表示された6桁のコード" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.currentTarget.value)} required />
            <Button type="submit">有効にする</Button>
          </Stack>
        </form>
      ) : (
        <Button onClick={start} variant="light">二段階認証を設定する</Button>
      )}
    </Stack>
  );
}

function SecurityPage() {
  return (
    <AccountCard title="セキュリティ">
      <PasswordForm />
      <Divider />
      <TwoFactor />
    </AccountCard>
  );
}
