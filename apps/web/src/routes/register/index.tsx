import { Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
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
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = { email: validateEmail(email) ?? undefined, password: validatePassword(password) ?? undefined, password_confirmation: password !== confirmation ? M.passwordMismatch : undefined, agree_terms: agreed ? undefined : M.signUpConsentRequired };
    setErrors(local);
    if (Object.values(local).some(Boolean)) return;
    setBusy(true);
    setError(null);
    try {
      setSent((await accountApi.register(email, password, confirmation, agreed)).message);
    } catch (err) {
      setErrors({ email: fieldError(err, 'email'), password: fieldError(err, 'password'), agree_terms: fieldError(err, 'agree_terms') });
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
            <Checkbox
              checked={agreed}
              onChange={(e) => setAgreed(e.currentTarget.checked)}
              error={errors.agree_terms}
              data-testid="signup-consent"
              label={
                <>
                  <Anchor href="/knowledge/terms/" target="_blank" rel="noopener">利用規約</Anchor>と<Anchor href="/knowledge/privacy/" target="_blank" rel="noopener">プライバシーポリシー</Anchor>に同意する
                </>
              }
            />
            <Button type="submit" loading={busy}>登録する</Button>
          </Stack>
        </form>
      )}
      <Text size="sm">登録済みの方は <Anchor component={Link} to="/login">ログイン</Anchor></Text>
    </AccountCard>
  );
}
