import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { SessionUser } from '@registrar/contracts';
import { accountApi, errorMessage, sessionChanged } from '../features/account/account.api';
import { AccountCard } from '../features/account/account-card';
import { safeAppPath } from '@registrar/rules';
import { ApiError, setCsrfToken } from '../lib/api';
import { ADMIN_HOME } from '../features/admin/admin-home';
import { sessionQuery } from '../lib/session';
import { moveGuestPicksToCart, purchaseDestination } from '../features/search/pending-domains';

interface LoginSearch { non_login?: string; redirect?: string }

export const Route = createFileRoute('/login')({
  validateSearch: (s: Record<string, unknown>): LoginSearch => ({
    non_login: s.non_login === 'yes' ? 'yes' : undefined,
    redirect: typeof s.redirect === 'string' && safeAppPath(s.redirect, '') ? safeAppPath(s.redirect, '') : undefined,
  }),
  // a signed-in member never sees the form: on to where the login would have led
  beforeLoad: async ({ context, search }) => {
    const s = await context.queryClient.ensureQueryData(sessionQuery);
    if (!s.user) return;
    const home = s.user.is_admin ? ADMIN_HOME : '/mypage/domain';
    throw redirect({ href: search.non_login === 'yes' ? '/mypage/search' : (search.redirect ?? home), replace: true });
  },
  component: LoginPage,
});

function LoginPage() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'password' | 'code'>('password');
  // the account's login count is over its limit: a second factor, sent with the password, still lets its owner in
  const [throttled, setThrottled] = useState(false);
  const [throttleCode, setThrottleCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const done = async (r: { csrfToken?: string; two_factor_setup_required?: boolean; user?: SessionUser | null }) => {
    await sessionChanged(qc, r);
    // a guest's picks go into the cart, and the purchase goes on (through the user information when it is missing);
    // a guest who started in another tab (non_login=yes) continues with the search there; admins land in the admin area
    const picks = r.user && !r.user.is_admin && !r.two_factor_setup_required ? await moveGuestPicksToCart() : { picked: 0 };
    const home = r.user?.is_admin ? ADMIN_HOME : '/mypage/domain';
    const to = r.two_factor_setup_required ? '/security' : picks.picked > 0 ? purchaseDestination(r.user) : search.non_login === 'yes' ? '/mypage/search' : search.redirect ?? home;
    await navigate({ href: to });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (step === 'password') {
        const r = await accountApi.login(email, password, throttled ? throttleCode.trim() : undefined);
        if (r.two_factor_required) {
          setCsrfToken(r.csrfToken); // the session id (and its token) changed at the password step
          setStep('code');
        }
        else await done(r);
      } else {
        await done(await accountApi.loginTwoFactor(code));
      }
    } catch (err) {
      if (step === 'password' && err instanceof ApiError && err.status === 429) setThrottled(true);
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountCard title="ログイン" error={error}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          {step === 'password' ? (
            <>
              <TextInput label="メールアドレス" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
              <PasswordInput label="パスワード" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
              {throttled ? (
                <TextInput label="認証コード（二段階認証を設定している場合）" description="二段階認証を設定しているアカウントは、認証コードも入力するとログインできます" autoComplete="one-time-code" inputMode="numeric"
                  value={throttleCode} onChange={(e) => setThrottleCode(e.currentTarget.value)} data-testid="login-throttle-code" />
              ) : null}
            </>
          ) : (
            <>
              <Text size="sm">認証アプリに表示されている6桁のコード、またはリカバリーコードを入力してください。</Text>
              <TextInput label="認証コード" autoComplete="one-time-code" inputMode="numeric" required value={code} onChange={(e) => setCode(e.currentTarget.value)} autoFocus />
            </>
          )}
          <Button type="submit" loading={busy}>ログイン</Button>
        </Stack>
      </form>
      {/* the second-factor step is for an account that exists: no sign-up there */}
      {step === 'password' ? <Text size="sm">
        <Anchor component={Link} to="/password/reset">パスワードをお忘れの方</Anchor>　／　<Anchor data-testid="login-signup" renderRoot={(props) => <Link {...props} to="/register" search={search.non_login ? { non_login: 'yes' } : {}} />}>新規登録</Anchor>
      </Text> : null}
    </AccountCard>
  );
}
