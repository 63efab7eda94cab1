import { Alert, Badge, Button, Group, Modal, Paper, Radio, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { M } from '@registrar/messages';
import { ErrorBlock, TableSkeleton } from '@registrar/ui';
import { isSmsMobile, normalisePhone, PREFECTURES, validateSmsCode, validateSmsPhone, validateUserInfo, type UserInfoInput } from '@registrar/rules';
import { ApiError } from '../../lib/api';
import { usePostalLookup } from '../../lib/postal';
import { sessionQuery } from '../../lib/session';
import { snackbar } from '../../lib/snackbar';
import { usePageTitle } from '../../lib/page-title';
import { mypageUserQuery, userInfoApi, type MypageUser } from './user-info.api';
import { HelpTitle } from '../help/help-link';

type Form = Required<{ [K in keyof UserInfoInput]: string }>;

const fromUser = (u: MypageUser | undefined): Form => ({
  last_name: u?.last_name ?? '', first_name: u?.first_name ?? '', type: String(u?.type ?? 1), company_name: u?.company_name ?? '',
  address_type: String(u?.address_type ?? 0), post_code: u?.post_code ?? '', prefecture: u?.prefecture ?? '', country_code: u?.address_type === 1 ? (u?.country_code ?? '') : '',
  address1: u?.address1 ?? '', address2: u?.address2 ?? '', address3: u?.address3 ?? '', phone: u?.phone ?? '',
});

const serverErrorText = (e: unknown) => (e instanceof ApiError ? ((e.body as { message?: string } | null)?.message ?? M.errorOccurred) : M.errorRetryLaterParen);

/** The SMS panel: the phone of the form, a send button, and a modal for the code (000 spec §2 "SMS authentication"). */
function SmsPanel({ phone, verifiedPhone, onVerified }: { phone: string; verifiedPhone: string | null; onVerified: () => void }) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const verified = verifiedPhone !== null && verifiedPhone === normalisePhone(phone);

  const send = async () => {
    const invalid = validateSmsPhone(phone);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      const r = await userInfoApi.smsSend(phone);
      snackbar(r.message);
      setCode('');
      setCodeError(null);
      setOpen(true);
    } catch (e) {
      setError(serverErrorText(e));
    } finally {
      setBusy(false);
    }
  };
  const verify = async () => {
    const empty = validateSmsCode(code);
    setCodeError(empty);
    if (empty) return;
    setBusy(true);
    try {
      const r = await userInfoApi.smsVerify(phone, code);
      snackbar(r.message);
      setOpen(false);
      onVerified();
    } catch (e) {
      setCodeError(serverErrorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group gap="xs"><Text fw={700}>SMS認証</Text>{verified ? <Badge color="green">認証済み</Badge> : <Badge color="gray">未認証</Badge>}</Group>
        <Text size="sm" c="dimmed">070・080・090から始まる携帯電話番号にSMSで認証番号をお送りします。</Text>
        {error ? <Alert color="red" role="alert">{error}</Alert> : null}
        {!verified ? <Button variant="light" onClick={send} loading={busy} disabled={!phone.trim()}>認証番号を送信</Button> : null}
      </Stack>
      <Modal opened={open} onClose={() => setOpen(false)} title={<HelpTitle title="SMS認証番号の入力" topic="userInfo" />} centered>
        <Stack gap="sm">
          <TextInput label="SMS認証番号" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.currentTarget.value)} error={codeError} autoFocus />
          <Group justify="space-between">
            <Button variant="subtle" onClick={send} loading={busy}>再送信</Button>
            <Button onClick={verify} loading={busy}>認証する</Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function IdentityPanel({ status, onApplied }: { status: number; onApplied: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const apply = async () => {
    try { snackbar((await userInfoApi.identityApply()).message); onApplied(); } catch (e) { setError(serverErrorText(e)); }
  };
  const label = status === 1 ? '承認済み' : status === 2 ? '審査中' : '未申請';
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group gap="xs"><Text fw={700}>本人確認</Text><Badge color={status === 1 ? 'green' : status === 2 ? 'yellow' : 'gray'}>{label}</Badge></Group>
        <Text size="sm" c="dimmed">携帯電話をお持ちでない方は本人確認でもご利用いただけます。</Text>
        {error ? <Alert color="red">{error}</Alert> : null}
        {status === 0 ? <Button variant="default" onClick={apply}>本人確認を申請する</Button> : null}
      </Stack>
    </Paper>
  );
}

/** User information registration (000 spec §2, §5): success goes to mypage/domain. */
export function UserInfoPage() {
  usePageTitle('ユーザー情報登録');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const userQ = useQuery(mypageUserQuery);
  const user = userQ.data?.user;
  const [form, setForm] = useState<Form>(() => fromUser(undefined));
  const [looked, setLooked] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [pageError, setPageError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // the form starts from the stored profile once; later re-reads (after SMS verification) keep what the user typed
  const initialised = useRef(false);
  useEffect(() => {
    if (user && !initialised.current) {
      initialised.current = true;
      setForm(fromUser(user));
    }
  }, [user]);

  const set = (k: keyof Form) => (v: string) => { setForm((f) => ({ ...f, [k]: v })); setServerErrors((e) => ({ ...e, [k]: '' })); };
  const japan = form.address_type === '0';
  const lookup = usePostalLookup((a) => {
    // fills prefecture, municipality and town; a failure changes nothing
    setForm((f) => ({ ...f, prefecture: a.prefecture, address1: a.ja.address1, address2: a.ja.address2 || f.address2 }));
    setLooked(a.ja.address2 || null);
  });
  const errors = useMemo(() => validateUserInfo(form, { lookedUpAddress2: looked }), [form, looked]);
  const authOk = Boolean(user && (user.has_prior_usage || user.identity_verify_status === 1 || (user.authenticated_phone && user.authenticated_phone === normalisePhone(form.phone))));
  const valid = Object.keys(errors).length === 0;
  const err = (k: keyof Form) => serverErrors[k] || (touched ? errors[k] : undefined);
  const refresh = async () => { await qc.invalidateQueries({ queryKey: mypageUserQuery.queryKey }); await qc.invalidateQueries({ queryKey: sessionQuery.queryKey }); };

  const submit = async () => {
    setTouched(true);
    if (!valid || !authOk) return;
    setBusy(true);
    setPageError(null);
    try {
      const r = await userInfoApi.update({ ...form, type: Number(form.type), address_type: Number(form.address_type), country_code: japan ? 'JP' : form.country_code });
      snackbar(r.message);
      await refresh();
      await navigate({ to: '/mypage/domain' });
    } catch (e) {
      if (e instanceof ApiError) {
        const fe = Object.fromEntries(Object.entries(e.fieldErrors).map(([k, v]) => [k, v[0] ?? '']));
        setServerErrors(fe);
        setPageError(Object.keys(fe).length ? null : serverErrorText(e));
      } else setPageError(M.errorRetryLaterParenDot);
    } finally {
      setBusy(false);
    }
  };

  // the form is shown only once the stored profile is known, so nothing typed is overwritten when it arrives
  // (the effect above fills the form and re-renders through setForm)
  if (userQ.isError && !initialised.current) return <ErrorBlock onRetry={() => void userQ.refetch()} />;
  if (!initialised.current) return <TableSkeleton rows={8} />;
  return (
    <Stack gap="md">
      <Title order={1} size="h3">ユーザー情報登録</Title>
      {pageError ? <Alert color="red" role="alert">{pageError}</Alert> : null}
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <SimpleGrid cols={2}>
            <TextInput label="姓" required value={form.last_name} onChange={(e) => set('last_name')(e.currentTarget.value)} error={err('last_name')} />
            <TextInput label="名" required value={form.first_name} onChange={(e) => set('first_name')(e.currentTarget.value)} error={err('first_name')} />
          </SimpleGrid>
          <Radio.Group label="種別" value={form.type} onChange={set('type')} error={err('type')}>
            <Group gap="md" mt={4}><Radio value="1" label="個人" /><Radio value="2" label="法人" /></Group>
          </Radio.Group>
          {form.type === '2' ? <TextInput label="会社名" required value={form.company_name} onChange={(e) => set('company_name')(e.currentTarget.value)} error={err('company_name')} /> : null}
          <Radio.Group label="住所" value={form.address_type} onChange={(v) => { set('address_type')(v); if (v === '1') set('prefecture')(''); }}>
            <Group gap="md" mt={4}><Radio value="0" label="日本国内" /><Radio value="1" label="海外" /></Group>
          </Radio.Group>
          <SimpleGrid cols={2}>
            <TextInput label="郵便番号" required value={form.post_code} placeholder={japan ? '1040061' : ''}
              onChange={(e) => { const v = e.currentTarget.value; set('post_code')(v); if (japan) void lookup(v); }} error={err('post_code')} />
            {japan ? (
              <Select label="都道府県" required data={[...PREFECTURES]} value={form.prefecture || null} onChange={(v) => set('prefecture')(v ?? '')} error={err('prefecture')} searchable />
            ) : (
              <TextInput label="国（2文字の国コード）" required value={form.country_code} onChange={(e) => set('country_code')(e.currentTarget.value.toUpperCase())} error={err('country_code')} />
            )}
          </SimpleGrid>
          {!japan ? <TextInput label="州・地域" value={form.prefecture} onChange={(e) => set('prefecture')(e.currentTarget.value)} error={err('prefecture')} /> : null}
          <TextInput label="市区町村" required value={form.address1} onChange={(e) => set('address1')(e.currentTarget.value)} error={err('address1')} />
          <TextInput label="番地" required value={form.address2} onChange={(e) => set('address2')(e.currentTarget.value)} error={err('address2')} />
          <TextInput label="建物名・部屋番号" value={form.address3} onChange={(e) => set('address3')(e.currentTarget.value)} error={err('address3')} />
          <TextInput label="電話番号（ハイフンなし）" required value={form.phone} onChange={(e) => set('phone')(e.currentTarget.value)} error={err('phone')} />
        </Stack>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {japan && isSmsMobile(form.phone) || !user?.authenticated_phone ? (
          <SmsPanel phone={form.phone} verifiedPhone={user?.authenticated_phone ?? null} onVerified={refresh} />
        ) : null}
        <IdentityPanel status={user?.identity_verify_status ?? 0} onApplied={refresh} />
      </SimpleGrid>
      {!authOk ? <Text size="sm" c="red">{M.authRequired}</Text> : null}
      <Group justify="flex-end">
        <Button onClick={submit} loading={busy} disabled={!valid || !authOk}>登録する</Button>
      </Group>
    </Stack>
  );
}
