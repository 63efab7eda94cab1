import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { validateEmail, validatePassword } from '@registrar/rules';
import { fmt, M, PRODUCT } from '@registrar/messages';
import { accountApi, errorMessage, fieldError } from '../../features/account/account.api';
import { AccountCard } from '../../features/account/account-card';
import { readPending } from '../../features/search/pending-domains';

export const Route = createFileRoute('/register/')({
  validateSearch: (s: Record<string, unknown>): { non_login?: 'yes' } => (s.non_login === 'yes' ? { non_login: 'yes' } : {}),
  component: RegisterPage,
});

function RegisterPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { non_login } = Route.useSearch();
  // a purchase started as a guest: its picks are named, with the way back to the search
  const [picks] = useState(() => readPending());

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
      {picks.length > 0 ? (
        <Alert color="blue" variant="light" data-testid="signup-picks">
          <Text size="sm" style={{ wordBreak: 'break-all' }}>{fmt(M.guestPicksNote, { names: picks.join('、') })}</Text>
          {sent ? <Text size="sm" mt={4}>確認メールのリンクを開くと、ログインした状態で購入手続きに戻ります。</Text> : null}
          <Anchor component={Link} to="/search" size="sm">ドメイン検索に戻る</Anchor>
        </Alert>
      ) : null}
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
      <Text size="sm">登録済みの方は <Anchor renderRoot={(props) => <Link {...props} to="/login" search={non_login ? { non_login } : {}} />}>ログイン</Anchor></Text>
    </AccountCard>
  );
}
