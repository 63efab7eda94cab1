import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { validateEmail, validatePassword } from '@registrar/rules';
import { M, PRODUCT } from '@registrar/messages';
import { accountApi, errorMessage, fieldError } from '../../features/account/account.api';
import { AccountCard } from '../../features/account/account-card';

export const Route = createFileRoute('/register/')({ component: RegisterPage });

function RegisterPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = { email: validateEmail(email) ?? undefined, password: validatePassword(password) ?? undefined, password_confirmation: password !== confirmation ? M.passwordMismatch : undefined };
    setErrors(local);
    if (Object.values(local).some(Boolean)) return;
    setBusy(true);
    setError(null);
    try {
      setSent((await accountApi.register(email, password, confirmation)).message);
    } catch (err) {
      setErrors({ email: fieldError(err, 'email'), password: fieldError(err, 'password') });
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountCard title={`${PRODUCT.accountIdName}新規登録`} error={error} success={sent}>
      {sent ? null : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput label="メールアドレス" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={errors.email} />
            <PasswordInput label="パスワード（8文字以上）" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={errors.password} />
            <PasswordInput label="パスワード（確認）" autoComplete="new-password" required value={confirmation} onChange={(e) => setConfirmation(e.currentTarget.value)} error={errors.password_confirmation} />
            <Button type="submit" loading={busy}>登録する</Button>
          </Stack>
        </form>
      )}
      <Text size="sm">登録済みの方は <Anchor component={Link} to="/login">ログイン</Anchor></Text>
    </AccountCard>
  );
}
